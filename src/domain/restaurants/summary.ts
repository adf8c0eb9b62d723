import type { Grade, InspectionRecord } from './types';
import { isGradedInspection, isSanitaryInspection } from './records';
import { latestInspectionDate, openCitations } from './history';

export interface SummaryFacts {
  grade: Grade | null;
  gradeDate: string | null;
  score: number | null;
  closed: boolean;
  lastInspectedAt: string | null;
  openViolations: number;
}

/**
 * Currently closed when the latest closure ("Establishment Closed by DOHMH" or "re-closed")
 * is not followed by a re-opening or by a later sanitary visit (the department scoring the
 * establishment on a later day means it was operating; samples often lack the re-opening
 * row). A re-closure on the same day as a re-opening wins; a plain closure does not.
 */
export function isCurrentlyClosed(inspections: InspectionRecord[]): boolean {
  const closures = inspections.filter((inspection) => inspection.closure === 'closed' || inspection.closure === 'reclosed');
  if (closures.length === 0) return false;
  const lastClosureDate = closures.reduce((latest, inspection) => (inspection.inspectedAt > latest ? inspection.inspectedAt : latest), '');
  const sameDay = inspections.filter((inspection) => inspection.inspectedAt === lastClosureDate);
  if (sameDay.some((inspection) => inspection.closure === 'reopened') && !sameDay.some((inspection) => inspection.closure === 'reclosed')) return false;
  return !inspections.some(
    (inspection) => inspection.inspectedAt > lastClosureDate && (inspection.closure === 'reopened' || isSanitaryInspection(inspection.inspectionType)),
  );
}

/**
 * The summary facts from visits sorted newest first (see inspectionsAsOf):
 * - grade: the posted grade, i.e. the grade of the most recent visit that issued one, and
 *   gradeDate its GRADE DATE (the visit date when the city left it blank);
 * - score: the score of the most recent scored graded visit (cycle, or pre-permit of an operational
 *   establishment); administrative and enforcement visits carry no score, and Pre-permit
 *   (Non-operational) visits are not graded, so their scores are left out;
 * - openViolations: citations of the latest inspection (every visit on the latest date).
 */
export function summaryFacts(inspections: InspectionRecord[]): SummaryFacts {
  const graded = inspections.find((inspection) => inspection.grade !== null);
  const scored = inspections.find((inspection) => inspection.score !== null && isGradedInspection(inspection.inspectionType));
  return {
    grade: graded?.grade ?? null,
    gradeDate: graded ? graded.gradeDate ?? graded.inspectedAt : null,
    score: scored?.score ?? null,
    closed: isCurrentlyClosed(inspections),
    lastInspectedAt: latestInspectionDate(inspections),
    openViolations: openCitations(inspections).length,
  };
}
