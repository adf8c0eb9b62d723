import { daysBetween, isoDate } from '../nyc';

/**
 * The parts the 0-100 risk scores of the docket families (properties, contractors) are built
 * from: a recency weight with a floor, points per doubling of money due, and factors rounded
 * and capped so every point of a score is listed in exactly one factor with its detail. Each
 * family keeps its own factors, weights, caps and constants (and documents them in its
 * OpenAPI text); the rules themselves live here once.
 */

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

/** `1 ticket`, `2 tickets`. */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Cents as `$1,234.50`. */
export const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
