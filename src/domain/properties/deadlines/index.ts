/**
 * The compliance calendar of a tax lot: one declarative rule per obligation kind
 * (domain-facts.md Part 1), the clock passed in.
 */
import { isoDate } from '../../../nyc/dates';
import type { LotFacts } from '../types';
import { notLoadedSentence, OPEN_VIOLATION_SENTENCE, unloadedEvidence } from './evidence';
import { hasOpenViolation } from './lot';
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
 * show, and on such a reminder too (see OPEN_VIOLATION_SENTENCE).
 */
function itemOf(rule: DeadlineRule, lot: LotFacts, today: string): DeadlineItem {
  if (!rule.verifiable) return item(rule, rule.basis, 'unverifiable', rule.dueDate(lot, today), null, false);
  const openViolation = hasOpenViolation(lot, rule.kind);
  const unloaded = unloadedEvidence(lot, rule.evidence);
  if (unloaded.length > 0) {
    const reminderBasis = [rule.basis, notLoadedSentence(unloaded), ...(openViolation ? [OPEN_VIOLATION_SENTENCE] : [])].join(' ');
    return item(rule, reminderBasis, openViolation ? 'action_needed' : 'unverifiable', rule.reminderDueDate(lot, today), null, false);
  }
  const assessment = rule.assess(lot, today);
  return item(rule, rule.basis, openViolation ? 'action_needed' : assessment.status, assessment.dueDate, assessment.lastEvidenceAt, true);
}

/**
 * An item with every field written out, in the order the API serves them (an ingest derives
 * the deadlines of every lot it changes: built with object spreads, an item cost about seven times as much).
 */
function item(rule: DeadlineRule, basis: string, status: DeadlineStatus, dueDate: string | null, lastEvidenceAt: string | null, verifiable: boolean): DeadlineItem {
  return { kind: rule.kind, label: rule.label, basis, penalty: rule.penalty, whatToDo: rule.whatToDo, guideUrl: rule.guideUrl, status, dueDate, lastEvidenceAt, verifiable };
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
  return DEADLINE_RULES.filter((rule) => rule.applies(lot))
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
