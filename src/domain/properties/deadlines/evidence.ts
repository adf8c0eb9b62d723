/**
 * Which city dataset each evidence field comes from, and the sentences an item's basis
 * gains when that dataset is not loaded for this deployment.
 */
import type { EvidenceSource, LotFacts } from '../types';
import type { EvidenceField } from './types';

/** The dataset behind each evidence field, as an owner would look it up on NYC Open Data. */
export const EVIDENCE_DATASETS: Record<EvidenceField, string> = {
  facadeFilings: 'DOB NOW: Safety – Facades Compliance Filings (xubg-57si)',
  elevatorDevices: 'DOB NOW Elevator Safety Compliance (e5aq-a4j2)',
  boilerReports: 'DOB NOW: Safety Boiler (52dp-yji6)',
  benchmarkingSubmissions: 'Energy and Water Data Disclosure for LL84 (5zyy-y8am)',
  hpdRegistrations: 'HPD Multiple Dwelling Registrations (tesw-yqqr)',
  bedbugFilings: 'HPD Bedbug Reporting (wz6d-d3jb)',
  coolingTowers: 'NYC Cooling Tower Registrations (y4fw-iqfr)',
};

/** The evidence fields absent from the lot: datasets not loaded here (an empty list is loaded). */
export function unloadedEvidence(lot: LotFacts, evidence: readonly EvidenceField[]): EvidenceField[] {
  return evidence.filter((field) => lot[field] === undefined);
}

/** The sentence that turns a verifiable item into a reminder, naming what would confirm it. */
export function notLoadedSentence(unloaded: readonly EvidenceField[]): string {
  const datasets = unloaded.map((field) => EVIDENCE_DATASETS[field]);
  const named = datasets.length === 1 ? `The dataset that would confirm it, ${datasets[0]}, is` : `The datasets that would confirm it, ${datasets.join(' and ')}, are`;
  return `${named} not loaded here, so this item is a reminder.`;
}

/** The violation datasets, as an owner would look them up. */
const VIOLATION_DATASETS = { safetyViolations: 'DOB Safety Violations (855j-jady)', dobViolations: 'DOB Violations (3h2n-5cm9)' } as const;

/**
 * An open failure-to-file violation is itself a public record that the owner must act, so a
 * reminder with one is served `action_needed` (still `verifiable: false`: the filings that
 * would show compliance are not loaded), and says why.
 */
export function openViolationSentence(list: keyof typeof VIOLATION_DATASETS, filingsLoaded = false): string {
  return `${VIOLATION_DATASETS[list]} shows an open failure-to-file or failure-to-correct violation for it, so it needs action${filingsLoaded ? ' whatever the filings show' : ' even though the filings cannot be checked here'}.`;
}

/**
 * Why an item the filings read as overdue is served as a reminder: the data set it rests on is
 * not known complete up to the due date, so a filing made since may simply not be in it.
 */
export function notCompleteSentence(source: EvidenceSource | undefined, dueDate: string | null): string {
  const named = source ? `The ${source.title} loaded here` : 'The data set this item rests on';
  const tail = 'cannot show whether this was done: this item is a reminder until a copy known complete past the due date is loaded.';
  if (dueDate === null) {
    return `${named} ${source?.asOf ? `is known complete to ${source.asOf}, but` : 'dates none of its records, and'} no public fact dates what is owed, so it ${tail}`;
  }
  if (!source?.asOf) return `${named} dates none of its records, so it is not known complete up to the due date ${dueDate} and ${tail}`;
  return `${named} is known complete only to ${source.asOf}, before the due date ${dueDate}, so it ${tail}`;
}

/** Whether evidence known complete to `asOf` can show that nothing was filed by `dueDate`. */
export function evidenceCovers(asOf: string | null | undefined, dueDate: string | null): boolean {
  return asOf != null && dueDate !== null && asOf >= dueDate;
}
