/**
 * The compliance calendar of a tax lot: one declarative rule per obligation kind
 * (docs/decisions.md, Deadlines), the clock passed in.
 */
import { isoDate } from '../../../nyc/dates';
import type { EvidenceSource, LotFacts } from '../types';
import { evidenceCovers, notCompleteSentence, notLoadedSentence, openViolationSentence, unloadedEvidence } from './evidence';
import { hasOpenViolation, openViolationList } from './lot';
import { boilerInspection } from './rules/boiler';
import { backflowTest, coolingTower, gasPiping, parapetObservation } from './rules/building-systems';
import { elevatorCat1, elevatorCat5, elevatorPeriodic } from './rules/elevators';
import { benchmarking, emissions, energyAudit, energyGradeLabel } from './rules/energy';
import { facadeFiling } from './rules/facade';
import { bedbugReport, hpdRegistration, leadPaintNotice, leadPaintXrf } from './rules/housing';
import { DEADLINE_STATUSES, type DeadlineItem, type DeadlineRule, type DeadlineStatus } from './types';

export * from './types';
export { DUE_SOON_DAYS } from './schedule';
export { EVIDENCE_DATASETS } from './evidence';

/** Every rule, in the order of DEADLINE_KINDS. */
export const DEADLINE_RULES: readonly DeadlineRule[] = [
  facadeFiling,
  elevatorPeriodic,
  elevatorCat1,
  elevatorCat5,
  boilerInspection,
  gasPiping,
  parapetObservation,
  benchmarking,
  energyGradeLabel,
  emissions,
  energyAudit,
  hpdRegistration,
  coolingTower,
  backflowTest,
  leadPaintNotice,
  leadPaintXrf,
  bedbugReport,
];

/**
 * One rule's item. A verifiable rule whose evidence dataset is not loaded (the LotFacts field
 * is absent) is served as a reminder: `unverifiable`, no evidence, the date the law sets, and
 * a basis naming the missing dataset; reading the absent list as empty would call it overdue.
 * An open failure-to-file or failure-to-correct violation needs action whatever the filings
 * show, and on such a reminder too (openViolationSentence).
 *
 * The filings read `overdue` only where their data set is known complete up to the due date
 * (its evidenceSources asOf): a missing filing in a copy that ends before the due date says
 * nothing, so such an item is a reminder too, with the assessment's dates and a basis saying
 * how far the copy goes.
 */
function itemOf(rule: DeadlineRule, lot: LotFacts, today: string): DeadlineItem {
  if (!rule.verifiable) return item(rule, rule.basis, 'unverifiable', rule.dueDate(lot, today), null, false, undefined);
  const violation = openViolationList(lot, rule.kind);
  const source = lot.evidenceSources?.[violation ?? rule.evidence[0]];
  const unloaded = unloadedEvidence(lot, rule.evidence);
  if (unloaded.length > 0) {
    const reminderBasis = [rule.basis, notLoadedSentence(unloaded), ...(violation ? [openViolationSentence(violation)] : [])].join(' ');
    return item(rule, reminderBasis, violation ? 'action_needed' : 'unverifiable', rule.reminderDueDate(lot, today), null, false, source);
  }
  if (violation) {
    // Listed for the violation alone (no device or report of the lot owes it): the filings have nothing to assess.
    const assessed = rule.applies(lot) ? rule.assess(lot, today) : { dueDate: rule.reminderDueDate(lot, today), lastEvidenceAt: null };
    return item(rule, `${rule.basis} ${openViolationSentence(violation, true)}`, 'action_needed', assessed.dueDate, assessed.lastEvidenceAt, true, source);
  }
  const assessment = rule.assess(lot, today);
  if (assessment.status === 'overdue' && !evidenceCovers(source?.asOf, assessment.dueDate)) {
    return item(rule, `${rule.basis} ${notCompleteSentence(source, assessment.dueDate)}`, 'unverifiable', assessment.dueDate, assessment.lastEvidenceAt, false, source);
  }
  return item(rule, rule.basis, assessment.status, assessment.dueDate, assessment.lastEvidenceAt, true, source);
}

/**
 * An item with every field written out, in the order the API serves them (an ingest derives
 * the deadlines of every lot it changes: built with object spreads, an item cost about seven times as much).
 */
function item(
  rule: DeadlineRule,
  basis: string,
  status: DeadlineStatus,
  dueDate: string | null,
  lastEvidenceAt: string | null,
  verifiable: boolean,
  source: EvidenceSource | undefined,
): DeadlineItem {
  return {
    kind: rule.kind,
    label: rule.label,
    basis,
    penalty: rule.penalty,
    whatToDo: rule.whatToDo,
    guideUrl: rule.guideUrl,
    status,
    dueDate,
    lastEvidenceAt,
    verifiable,
    evidenceDataset: source?.dataset ?? null,
    evidenceAsOf: source?.asOf ?? null,
  };
}

/**
 * Whether an obligation is listed for the lot: its rule says so from PLUTO and the filings, or
 * a city docket shows an open failure-to-file or failure-to-correct violation for it (a public
 * record that it applies, also on a lot PLUTO does not describe).
 */
export function ruleApplies(rule: DeadlineRule, lot: LotFacts): boolean {
  return rule.applies(lot) || (rule.verifiable && hasOpenViolation(lot, rule.kind));
}

/** Due date ascending (no date last), then kind. */
export function compareDeadlines(a: DeadlineItem, b: DeadlineItem): number {
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0;
}

/** The obligations that apply to the lot on the clock's UTC day, ordered for the API. */
export function deadlinesFor(lot: LotFacts, asOf: Date): DeadlineItem[] {
  const today = isoDate(asOf);
  return DEADLINE_RULES.filter((rule) => ruleApplies(rule, lot))
    .map((rule) => itemOf(rule, lot, today))
    .sort(compareDeadlines);
}

/** The `status` parameter (comma list) as statuses; null when any entry is not a status. */
export function parseDeadlineStatuses(commaList: string): DeadlineStatus[] | null {
  const entries = commaList.split(',').map((entry) => entry.trim());
  return entries.every((entry): entry is DeadlineStatus => (DEADLINE_STATUSES as readonly string[]).includes(entry)) ? entries : null;
}

export interface DeadlineFilter {
  status?: readonly DeadlineStatus[];
  /** YYYY-MM-DD: only obligations due on or before it (an item with no due date is left out). */
  dueBefore?: string;
}

export function filterDeadlines(items: readonly DeadlineItem[], filter: DeadlineFilter): DeadlineItem[] {
  return items.filter(
    (item) =>
      (filter.status === undefined || filter.status.includes(item.status)) &&
      (filter.dueBefore === undefined || (item.dueDate !== null && item.dueDate <= filter.dueBefore)),
  );
}
