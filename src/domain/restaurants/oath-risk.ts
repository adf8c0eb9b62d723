import { cappedFactor, plural, riskLevelOf } from '../scoring';
import type { RiskBlock, RiskFactor } from './types';
import { inWindow, recencyWeight } from './recency';
import { servedFactor } from './risk';

/**
 * The restaurant risk factor fed by the Health Department's summonses at OATH.
 * Stored profiles carry the inspection-only risk block (riskBlock, derived at
 * ingest); the profile adds this factor at read time from the summonses the contractors
 * family links to the establishment (src/contractors/figures.ts). Pure: findings and clock in.
 */

export const OATH_RISK_FACTOR_KEY = 'oath_summonses';
export const OATH_WINDOW_MONTHS = 36;
export const OATH_RISK_CAP = 10;
/** Points per recency-weighted summons, and the multiplier for an unpaid default judgment. */
export const OATH_POINTS_PER_SUMMONS = 2;
export const OATH_DEFAULT_MULTIPLIER = 3;
export const RISK_SCORE_MAX = 100;

export const OATH_RISK_DESCRIPTION = `Profile only: a fifth factor, oath_summonses, from the Health Department summonses linked to the establishment at OATH (see RestaurantStats for the link rule): summonses issued in the last 36 months, each 2 x w points, an unpaid default judgment (ticket status defaulted) 3 times that (6 x w). Points = min(10, round(sum)). The profile's risk.score is the inspection score above plus these points, at most 100 (at 100 the factors' points may add up to more than the score); risk.level follows the same bands. The restaurant summary (restaurant.riskScore and riskLevel in the profile, and every search, browse and nearby item) is the inspection-only score. More, fresher or unpaid summonses never lower either.`;

/** One linked summons as the factor reads it. */
export interface OathFinding {
  violationDate: string | null;
  unpaidDefault: boolean;
}

/** The factor and its points; undated summonses fall outside the window. */
export function oathRiskFactor(findings: readonly OathFinding[], asOf: Date): { factor: RiskFactor; points: number } {
  const recent = findings.filter((finding) => finding.violationDate !== null && inWindow(finding.violationDate, asOf, OATH_WINDOW_MONTHS));
  const defaults = recent.filter((finding) => finding.unpaidDefault).length;
  const weighted = recent.reduce(
    (sum, finding) => sum + OATH_POINTS_PER_SUMMONS * (finding.unpaidDefault ? OATH_DEFAULT_MULTIPLIER : 1) * recencyWeight(finding.violationDate!, asOf),
    0,
  );
  const factor = cappedFactor(OATH_RISK_FACTOR_KEY, 'Health Department summonses at OATH', recent.length, weighted, OATH_RISK_CAP,
    `${plural(recent.length, 'summons', 'summonses')} in the last 36 months (${plural(defaults, 'unpaid default judgment')}); 2 points per recency-weighted summons, 6 per unpaid default (weighted ${weighted.toFixed(2)})`);
  return { points: factor.points, factor: servedFactor(factor) };
}

/** The inspection-only risk block with the OATH factor added to its factors and its score. */
export function withOathFactor(risk: RiskBlock, findings: readonly OathFinding[], asOf: Date): RiskBlock {
  const { factor, points } = oathRiskFactor(findings, asOf);
  const score = Math.min(RISK_SCORE_MAX, risk.score + points);
  return { score, level: riskLevelOf(score), factors: [...risk.factors.filter((existing) => existing.key !== OATH_RISK_FACTOR_KEY), factor] };
}
