import { daysBetween, isoDate } from '../nyc';

/**
 * The parts every family's 0-100 risk score (restaurants, properties, contractors) is built
 * from: factors rounded and capped so every point of a score is listed in exactly one factor
 * with its detail, the score as their sum, and the levels a score reads as; for the docket
 * families also a recency weight with a floor and points per doubling of money due. Each
 * family keeps its own factors, weights, caps and constants (and documents them in its
 * OpenAPI text); the rules themselves live here once.
 */

/** The levels of a risk score, lowest first: the enum every family's riskLevel serves. */
export const RISK_LEVELS = ['LOW', 'MODERATE', 'HIGH', 'SEVERE'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Each level's lowest score, highest first: a score reads as the first level it reaches. */
const LEVEL_FLOORS: ReadonlyArray<readonly [number, RiskLevel]> = [
  [60, 'SEVERE'],
  [35, 'HIGH'],
  [15, 'MODERATE'],
  [0, 'LOW'],
];

export function riskLevelOf(score: number): RiskLevel {
  return LEVEL_FLOORS.find(([floor]) => score >= floor)![1];
}

/** The bands as the families' OpenAPI text states them: `LOW 0-14, MODERATE 15-34, HIGH 35-59, SEVERE 60-100`. */
export const RISK_LEVEL_BANDS = [...LEVEL_FLOORS]
  .reverse()
  .map(([floor, level], index, bands) => `${level} ${floor}-${index + 1 < bands.length ? bands[index + 1][0] - 1 : 100}`)
  .join(', ');

/** A recency weight that halves every `halfLifeDays` down to `floor`. */
export interface RecencyRule {
  halfLifeDays: number;
  floor: number;
}

/** The age of a date as of the clock's UTC day; a date after the clock is 0 days old. */
export function ageInDays(date: string, asOf: Date): number {
  return Math.max(0, daysBetween(date, isoDate(asOf)));
}

/** w = floor + (1 - floor) x 0.5^(age/half-life); an undated finding weighs the floor. */
export function flooredRecencyWeight(date: string | null, asOf: Date, rule: RecencyRule): number {
  if (date === null) return rule.floor;
  return rule.floor + (1 - rule.floor) * 0.5 ** (ageInDays(date, asOf) / rule.halfLifeDays);
}

/** perDoubling x log2(1 + dollars due / 1,000), unrounded; nothing due (or less) is 0. */
export function duePoints(cents: number, perDoubling: number): number {
  return perDoubling * Math.log2(1 + Math.max(0, cents) / 100_000);
}

/** One factor of a score: its points, what it counts and a detail that explains the points. */
export interface ScoreFactor<K extends string> {
  key: K;
  label: string;
  count: number;
  points: number;
  detail: string;
}

/** A factor worth round(units) points, at most `cap`; the detail reads "<points> of <cap> points: <explain>". */
export function cappedFactor<K extends string>(key: K, label: string, count: number, units: number, cap: number, explain: string): ScoreFactor<K> {
  const points = Math.min(cap, Math.round(units));
  return { key, label, count, points, detail: `${points} of ${cap} points: ${explain}` };
}

/** A score: the sum of its factors' points, its level, and the factors. */
export interface Risk<F extends { points: number }> {
  score: number;
  level: RiskLevel;
  factors: F[];
}

export function riskOf<F extends { points: number }>(factors: F[]): Risk<F> {
  const score = factors.reduce((sum, part) => sum + part.points, 0);
  return { score, level: riskLevelOf(score), factors };
}

/** `1 ticket`, `2 tickets`; `2 summonses` given its plural. */
export const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count === 1 ? word : words}`;

/** Cents as `$1,234.50`. */
export const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
