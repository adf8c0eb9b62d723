import { ageInDays, cappedFactor, dollars, duePoints, flooredRecencyWeight, plural, type Risk, RISK_LEVEL_BANDS, riskLevelOf, riskOf, type RiskLevel, type ScoreFactor } from '../scoring';
import type { TicketStanding } from './tickets';
import type { TicketRecord } from './types';

/**
 * The contractor risk score: a pure function of a company's ticket findings, its money due
 * and the clock. Two readings, both documented in CONTRACTOR_RISK_DESCRIPTION (served in the
 * OpenAPI document; keep it and the code in step):
 * - the full assessment (contractorRisk), on the profile and batch items: four factors from
 *   the tickets, recency-weighted, every point traceable to one factor;
 * - the summary level (contractorSummaryRisk), on browse and search items: balance-weighted,
 *   from three figures the company row carries (money due, unpaid defaults, open tickets), so
 *   browse can filter and sort on it without reading tickets.
 */

export const CONTRACTOR_RISK_FACTOR_KEYS = ['fines_due', 'defaulted_hearings', 'open_tickets', 'violations_found'] as const;
export type ContractorRiskFactorKey = (typeof CONTRACTOR_RISK_FACTOR_KEYS)[number];

/** Weight halves every two years down to a floor of a quarter. */
export const HALF_LIFE_DAYS = 730;
export const WEIGHT_FLOOR = 0.25;
/** The window of violations_found, in days. */
export const FOUND_WINDOW_DAYS = 1095;

export const CONTRACTOR_RISK_DESCRIPTION = `Contractor risk (0-100, higher is worse), from the company's OATH tickets across every docket spelling, as of today (UTC) for live keys and the fixture reference date for test keys. Level: ${RISK_LEVEL_BANDS}.

Full assessment (profile and batch riskLevel, with riskFactors). Each ticket counts with a recency weight w = ${WEIGHT_FLOOR} + ${1 - WEIGHT_FLOOR} x 0.5^(ageDays/${HALF_LIFE_DAYS}): 1.0 today, 0.625 at two years, never below ${WEIGHT_FLOOR}; an undated ticket weighs ${WEIGHT_FLOOR}, a date after the clock counts as today. The score is the sum of four factors, each rounded to whole points and capped; the caps add up to 100, so every point is listed in exactly one factor (its points, count and detail).
- fines_due: money due across the company's tickets (finesDueCents; count: the tickets with money due). Points = min(30, round(6 x log2(1 + finesDueCents / 100000))): $1,000 due is 6 points, $3,000 12, $7,000 18, $15,000 24, $31,000 or more 30.
- defaulted_hearings: unpaid default judgments (tickets with status defaulted), weighted by the decision date (the hearing date when none). Points = min(25, round(5 x sum of w)).
- open_tickets: tickets still demanding action (status open or defaulted), weighted by the violation date. Points = min(20, round(2 x sum of w)).
- violations_found: tickets the hearing data finds against the company (a liable result, a default, or a payment admitting it; dismissed and pending tickets do not count), issued less than ${FOUND_WINDOW_DAYS} days before today, weighted by the violation date. Points = min(25, round(1 x sum of w)).

Summary level (browse and search riskLevel, balance-weighted): the level of min(60, round(10 x log2(1 + finesDueCents / 100000))) + min(25, 5 x defaultedHearings) + min(15, round(1.5 x openTickets)), from the company's totals only (no dates), so it can differ from the full assessment.

Every term is non-negative and grows with the amount due, the number of tickets and a ticket's freshness, so more or fresher bad findings never lower either score.`;

/** One ticket's finding, or several alike (count): the store may group a company's tickets by these fields. */
export interface ContractorRiskFinding {
  /** The violation date. */
  issuedAt: string | null;
  /** The decision date (the hearing date when none); read for unpaid defaults. */
  decidedAt: string | null;
  /** Status open or defaulted: it still demands action. */
  open: boolean;
  /** Status defaulted: an unpaid default judgment. */
  unpaidDefault: boolean;
  /** The hearing data finds against the company (liable, default, or paid). */
  found: boolean;
  /** Money is due on it (only counted; the amount is finesDueCents). */
  hasBalanceDue: boolean;
  count: number;
}

export interface ContractorRiskInput {
  findings: ContractorRiskFinding[];
  finesDueCents: number;
}

export type ContractorRiskFactor = ScoreFactor<ContractorRiskFactorKey>;

export type ContractorRisk = Risk<ContractorRiskFactor>;

/** w = floor + (1 - floor) x 0.5^(age/half-life); an undated finding weighs the floor. */
export function findingWeight(date: string | null, asOf: Date): number {
  return flooredRecencyWeight(date, asOf, { halfLifeDays: HALF_LIFE_DAYS, floor: WEIGHT_FLOOR });
}

const factor = cappedFactor<ContractorRiskFactorKey>;

/** The full assessment: score, level and the factors every point comes from. */
export function contractorRisk(input: ContractorRiskInput, asOf: Date): ContractorRisk {
  let defaultCount = 0;
  let defaultWeight = 0;
  let openCount = 0;
  let openWeight = 0;
  let foundCount = 0;
  let foundWeight = 0;
  let dueCount = 0;
  for (const finding of input.findings) {
    const n = Math.max(0, finding.count);
    if (finding.unpaidDefault) {
      defaultCount += n;
      defaultWeight += n * findingWeight(finding.decidedAt ?? finding.issuedAt, asOf);
    }
    if (finding.open || finding.unpaidDefault) {
      openCount += n;
      openWeight += n * findingWeight(finding.issuedAt, asOf);
    }
    if (finding.hasBalanceDue) dueCount += n;
    if (finding.found && finding.issuedAt !== null && ageInDays(finding.issuedAt, asOf) < FOUND_WINDOW_DAYS) {
      foundCount += n;
      foundWeight += n * findingWeight(finding.issuedAt, asOf);
    }
  }
  const due = Math.max(0, input.finesDueCents);
  const factors = [
    factor('fines_due', 'Penalties due', dueCount, duePoints(due, 6), 30, `${dollars(due)} due on ${plural(dueCount, 'ticket')}; 6 x log2(1 + dollars due / 1,000)`),
    factor('defaulted_hearings', 'Unpaid default judgments', defaultCount, 5 * defaultWeight, 25,
      `${plural(defaultCount, 'unpaid default')}; 5 points per recency-weighted default (weighted ${defaultWeight.toFixed(2)})`),
    factor('open_tickets', 'Open tickets', openCount, 2 * openWeight, 20,
      `${plural(openCount, 'ticket')} still demanding action; 2 points per recency-weighted ticket (weighted ${openWeight.toFixed(2)})`),
    factor('violations_found', 'Violations found in the last 3 years', foundCount, foundWeight, 25,
      `${plural(foundCount, 'ticket')} found against the company, issued in the last ${FOUND_WINDOW_DAYS} days; 1 point per recency-weighted ticket (weighted ${foundWeight.toFixed(2)})`),
  ];
  return riskOf(factors);
}

/** The company totals the summary level reads. */
export interface ContractorTotals {
  finesDueCents: number;
  defaultedHearings: number;
  openTickets: number;
}

/** The summary (browse and search) score and level: balance-weighted, from totals only. */
export function contractorSummaryRisk(totals: ContractorTotals): { score: number; level: RiskLevel } {
  const score =
    Math.min(60, Math.round(duePoints(totals.finesDueCents, 10))) +
    Math.min(25, 5 * Math.max(0, totals.defaultedHearings)) +
    Math.min(15, Math.round(1.5 * Math.max(0, totals.openTickets)));
  return { score, level: riskLevelOf(score) };
}

/** One ticket as a risk finding, from its record and its standing (tickets.ts). */
export function riskFindingOf(record: Pick<TicketRecord, 'violationDate' | 'decisionDate' | 'hearingDate'>, standing: Pick<TicketStanding, 'status' | 'decided' | 'dueCents'>): ContractorRiskFinding {
  return {
    issuedAt: record.violationDate,
    decidedAt: record.decisionDate ?? record.hearingDate,
    open: standing.status !== 'closed',
    unpaidDefault: standing.status === 'defaulted',
    found: standing.decided,
    hasBalanceDue: standing.dueCents > 0,
    count: 1,
  };
}
