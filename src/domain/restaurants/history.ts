import type { CitationRecord, EstablishmentHistory, InspectionRecord } from './types';
import { isSanitaryInspection } from './records';
import { isoDate } from './recency';

/**
 * Views of one establishment's history as of a clock. Records dated after the clock do
 * not exist yet as far as a derivation is concerned, so the same records and the same
 * clock always give the same values.
 */

export interface DatedCitation extends CitationRecord {
  inspectedAt: string;
  inspectionType: string;
  sanitary: boolean;
}

/**
 * Visits up to the clock, newest first; same-day visits in a fixed (type) order and
 * citations by code, so the values never depend on the order records were read in.
 */
export function inspectionsAsOf(history: EstablishmentHistory, asOf: Date): InspectionRecord[] {
  const today = isoDate(asOf);
  return history.inspections
    .filter((inspection) => inspection.inspectedAt <= today)
    .map((inspection) => ({ ...inspection, citations: [...inspection.citations].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)) }))
    .sort((a, b) => (a.inspectedAt === b.inspectedAt ? a.inspectionType.localeCompare(b.inspectionType) : a.inspectedAt < b.inspectedAt ? 1 : -1));
}

/**
 * Every citation with its visit's date and type. Built as one literal of a fixed shape, the
 * visit classified once: an object spread per citation was most of a derivation's cost
 * (every re-ingest derives each changed establishment).
 */
export function citationsOf(inspections: InspectionRecord[]): DatedCitation[] {
  const dated: DatedCitation[] = [];
  for (const inspection of inspections) {
    const { inspectedAt, inspectionType } = inspection;
    const sanitary = isSanitaryInspection(inspectionType);
    for (const citation of inspection.citations) {
      dated.push({
        code: citation.code,
        description: citation.description,
        criticalFlag: citation.criticalFlag,
        critical: citation.critical,
        category: citation.category,
        inspectedAt,
        inspectionType,
        sanitary,
      });
    }
  }
  return dated;
}

/** The most recent inspection date: "the latest inspection" is every visit recorded that day. */
export function latestInspectionDate(inspections: InspectionRecord[]): string | null {
  return inspections[0]?.inspectedAt ?? null;
}

/** Citations open right now: those of the latest inspection (all visits on the latest date). */
export function openCitations(inspections: InspectionRecord[]): DatedCitation[] {
  const latest = latestInspectionDate(inspections);
  return latest === null ? [] : citationsOf(inspections.filter((inspection) => inspection.inspectedAt === latest));
}

/** A closure is the department closing (or re-closing) the establishment; re-openings are not closures. */
export function isClosure(inspection: InspectionRecord): boolean {
  return inspection.closure === 'closed' || inspection.closure === 'reclosed';
}

/** Sanitary closures: closures recorded on cycle or pre-permit inspections. */
export function sanitaryClosures(inspections: InspectionRecord[]): InspectionRecord[] {
  return inspections.filter((inspection) => isClosure(inspection) && isSanitaryInspection(inspection.inspectionType));
}
