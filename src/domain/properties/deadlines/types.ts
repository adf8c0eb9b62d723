import type { LotFacts } from '../types';

/** The obligation kinds, stable snake_case keys (listed in the OpenAPI document). */
export const DEADLINE_KINDS = [
  'facade_filing',
  'elevator_periodic',
  'elevator_cat1',
  'elevator_cat5',
  'boiler_inspection',
  'gas_piping',
  'parapet_observation',
  'benchmarking',
  'energy_grade_label',
  'emissions',
  'energy_audit',
  'hpd_registration',
  'cooling_tower',
  'backflow_test',
  'lead_paint_notice',
  'lead_paint_xrf',
  'bedbug_report',
] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export const DEADLINE_STATUSES = ['ok', 'due_soon', 'overdue', 'action_needed', 'unverifiable'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];

/** The Deadline item of the API of the contract. */
export interface DeadlineItem {
  kind: DeadlineKind;
  label: string;
  status: DeadlineStatus;
  /** Next date something is owed (past when overdue); null when no public fact fixes it. */
  dueDate: string | null;
  /** Most recent satisfying filing the city shows. */
  lastEvidenceAt: string | null;
  basis: string;
  penalty: string;
  verifiable: boolean;
  whatToDo: string;
  guideUrl: string | null;
  /** The registry name of the data set the status rests on (an open violation's, else the filings'); null for a reminder no data set can confirm. */
  evidenceDataset: string | null;
  /** The day up to which that data set is known complete here; null when it is not loaded or dates none of its records. */
  evidenceAsOf: string | null;
}

/** What a verifiable rule reads off the filings: the status is never `unverifiable`. */
export interface Assessment {
  status: Exclude<DeadlineStatus, 'unverifiable'>;
  dueDate: string | null;
  lastEvidenceAt: string | null;
}

interface RuleText {
  kind: DeadlineKind;
  label: string;
  /** Plain-English rule and citation, with the caveats of its sources (a third-party reading, an unconfirmed value). */
  basis: string;
  penalty: string;
  whatToDo: string;
  guideUrl: string | null;
  applies(lot: LotFacts): boolean;
}

/** The LotFacts filing lists a verifiable rule can read as its evidence (each one city dataset). */
export type EvidenceField = Extract<
  keyof LotFacts,
  'facadeFilings' | 'elevatorDevices' | 'boilerReports' | 'benchmarkingSubmissions' | 'hpdRegistrations' | 'bedbugFilings' | 'coolingTowers'
>;

/**
 * A rule a public dataset can check: `assess` reads the lot's filings. `today` is the clock's UTC date.
 * When one of its `evidence` fields is absent (that dataset is not loaded for this deployment) the
 * engine does not call `assess`: the item is served as a reminder dated by `reminderDueDate`.
 */
export interface VerifiableRule extends RuleText {
  verifiable: true;
  /** The filing lists `assess` reads; absent means "not loaded here", [] means "loaded, nothing for this lot". */
  evidence: readonly EvidenceField[];
  assess(lot: LotFacts, today: string): Assessment;
  /** The date the law sets whatever the filings show (the next one on or after today); null when only the filings can date it. */
  reminderDueDate(lot: LotFacts, today: string): string | null;
}

/** A rule no public dataset can confirm: a reminder with the date the law sets. */
export interface ReminderRule extends RuleText {
  verifiable: false;
  dueDate(lot: LotFacts, today: string): string | null;
}

export type DeadlineRule = VerifiableRule | ReminderRule;
