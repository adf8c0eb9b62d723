import { ageInDays, cappedFactor, dollars, duePoints, flooredRecencyWeight, plural, type Risk, RISK_LEVEL_BANDS, riskOf, type ScoreFactor } from '../scoring';

/**
 * The property risk score: a pure function of a lot's violation findings, its penalties
 * currently due and the clock. The text below is served in the OpenAPI description of the
 * property profile verbatim; keep it and the code in step.
 */

export const PROPERTY_RISK_FACTOR_KEYS = ['open_violations', 'fines_due', 'defaulted_hearings', 'recent_violations'] as const;
export type PropertyRiskFactorKey = (typeof PROPERTY_RISK_FACTOR_KEYS)[number];

/** Weight halves every two years down to a floor of a quarter: an old open problem still counts. */
export const HALF_LIFE_DAYS = 730;
export const WEIGHT_FLOOR = 0.25;
/** The ECB HEARING_STATUS of a hearing that became a default judgment (defaultedHearings, defaulted_hearings). */
export const ECB_DEFAULT_HEARING_STATUS = 'DEFAULT';
/** The window of recent_violations, in days. */
export const RECENT_WINDOW_DAYS = 1095;

export const PROPERTY_RISK_DESCRIPTION = `Property risk score (0-100, higher is worse), computed from the lot's violation dockets only (DOB, ECB, DOB safety and HPD violations; an HPD violation counts like any other whatever its class), as of today for live keys and the fixture reference date for test keys.

Each finding counts with a recency weight w = ${WEIGHT_FLOOR} + ${1 - WEIGHT_FLOOR} x 0.5^(ageDays/${HALF_LIFE_DAYS}), dated by the violation's issue date (a defaulted hearing by its hearing date, or the issue date when no hearing date is known). A finding from today weighs 1.0, two years old 0.625, and never less than ${WEIGHT_FLOOR}; an undated finding weighs ${WEIGHT_FLOOR}, a date after the clock counts as today. The score is the sum of four factors, each rounded to whole points and capped; the caps add up to 100, so every point of the score is listed in exactly one factor (riskFactors: its points, count and detail).

- open_violations: violations that still demand action (isOpen true), any age. Points = min(40, round(4 x sum of w)).
- fines_due: penalties currently due across the lot (finesDueCents). Points = min(25, round(5 x log2(1 + finesDueCents / 100000))): $1,000 due is 5 points, $3,000 10, $7,000 15, $15,000 20, $31,000 or more 25.
- defaulted_hearings: ECB hearings that became default judgments (HEARING_STATUS DEFAULT), open or closed. Points = min(20, round(6 x sum of w)).
- recent_violations: every violation, open or closed, issued less than ${RECENT_WINDOW_DAYS} days before the clock's day. Points = min(15, round(1.5 x sum of w)).

Level: ${RISK_LEVEL_BANDS}.

Each factor's count is the flat number of findings it counts (fines_due: the violations with a balance due); its detail states the weighted sum and the points. Every term is non-negative and grows as a finding gets fresher (and log2 grows with the amount due), so more or fresher bad findings never lower the score.`;

/**
 * One finding, or several alike (count): the store groups a lot's violations by these
 * fields, so a lot with thousands of violations is a few hundred findings at most.
 */
export interface RiskFinding {
  issuedAt: string | null;
  isOpen: boolean;
  /** An ECB hearing that became a default judgment. */
  defaulted: boolean;
  /** The date of the defaulted hearing (the issue date when unknown); only read when defaulted. */
  defaultedAt: string | null;
  /** A balance is due on it (only counted, the amount is finesDueCents). */
  hasBalanceDue: boolean;
  count: number;
}

/** A factor's findings summed: their flat count and the sum of their recency weights. */
export interface WeightedCount {
  count: number;
  weight: number;
}

/**
 * Findings already summed per factor, as the sums of `propertyRisk` would add them up: a
 * store that lists a bounded number of finding groups sums the rest itself (with the same
 * weight, findingWeight), so every finding counts however many a lot has.
 */
export interface RiskFindingTotals {
  open: WeightedCount;
  defaulted: WeightedCount;
  recent: WeightedCount;
  /** Findings with a balance due (only counted). */
  due: number;
}

export interface PropertyRiskInput {
  findings: RiskFinding[];
  finesDueCents: number;
  /** Findings not in `findings`, summed; absent when every finding is listed. */
  summed?: RiskFindingTotals;
}

export type PropertyRiskFactor = ScoreFactor<PropertyRiskFactorKey>;

export type PropertyRisk = Risk<PropertyRiskFactor>;

/** w = floor + (1 - floor) x 0.5^(age/half-life); an undated finding weighs the floor. */
export function findingWeight(date: string | null, asOf: Date): number {
  return flooredRecencyWeight(date, asOf, { halfLifeDays: HALF_LIFE_DAYS, floor: WEIGHT_FLOOR });
}

const factor = cappedFactor<PropertyRiskFactorKey>;

const NONE: RiskFindingTotals = { open: { count: 0, weight: 0 }, defaulted: { count: 0, weight: 0 }, recent: { count: 0, weight: 0 }, due: 0 };

const plus = (a: WeightedCount, b: WeightedCount): WeightedCount => ({ count: a.count + b.count, weight: a.weight + b.weight });

/** The findings summed per factor: what each factor counts, and its recency-weighted sum. */
export function sumFindings(findings: readonly RiskFinding[], asOf: Date, start: RiskFindingTotals = NONE): RiskFindingTotals {
  let { open, defaulted, recent, due } = start;
  for (const finding of findings) {
    const n = finding.count;
    if (finding.isOpen) open = plus(open, { count: n, weight: n * findingWeight(finding.issuedAt, asOf) });
    if (finding.defaulted) defaulted = plus(defaulted, { count: n, weight: n * findingWeight(finding.defaultedAt ?? finding.issuedAt, asOf) });
    if (finding.issuedAt !== null && ageInDays(finding.issuedAt, asOf) < RECENT_WINDOW_DAYS) recent = plus(recent, { count: n, weight: n * findingWeight(finding.issuedAt, asOf) });
    if (finding.hasBalanceDue) due += n;
  }
  return { open, defaulted, recent, due };
}

/** The score, its level and the factors every point comes from. */
export function propertyRisk(input: PropertyRiskInput, asOf: Date): PropertyRisk {
  const totals = sumFindings(input.findings, asOf, input.summed);
  const { count: openCount, weight: openWeight } = totals.open;
  const { count: defaultedCount, weight: defaultedWeight } = totals.defaulted;
  const { count: recentCount, weight: recentWeight } = totals.recent;
  const dueCount = totals.due;
  const due = Math.max(0, input.finesDueCents);
  const factors = [
    factor('open_violations', 'Open violations', openCount, 4 * openWeight, 40,
      `${plural(openCount, 'open violation')}; 4 points per recency-weighted violation (weighted ${openWeight.toFixed(2)})`),
    factor('fines_due', 'Penalties due', dueCount, duePoints(due, 5), 25,
      `${dollars(due)} due on ${plural(dueCount, 'violation')}; 5 x log2(1 + dollars due / 1,000)`),
    factor('defaulted_hearings', 'Defaulted hearings', defaultedCount, 6 * defaultedWeight, 20,
      `${plural(defaultedCount, 'hearing')} defaulted; 6 points per recency-weighted default (weighted ${defaultedWeight.toFixed(2)})`),
    factor('recent_violations', 'Violations issued in the last 3 years', recentCount, 1.5 * recentWeight, 15,
      `${plural(recentCount, 'violation')} issued in the last ${RECENT_WINDOW_DAYS} days; 1.5 points per recency-weighted violation (weighted ${recentWeight.toFixed(2)})`),
  ];
  return riskOf(factors);
}
