/**
 * Which city dataset each evidence field comes from, and the sentences an item's basis
 * gains when that dataset is not loaded for this deployment.
 */
import type { LotFacts } from '../types';
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

/**
 * An open failure-to-file violation is itself a public record that the owner must act, so a
 * reminder with one is served `action_needed` (still `verifiable: false`: the filings that
 * would show compliance are not loaded), and says why.
 */
export const OPEN_VIOLATION_SENTENCE =
  'DOB Safety Violations (855j-jady) shows an open failure-to-file or failure-to-correct violation for it, so it needs action even though the filings cannot be checked here.';
