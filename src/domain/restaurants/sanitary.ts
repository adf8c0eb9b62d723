import { FOOD_CATEGORIES, InspectionRecord, RemediationInput, SanitaryReport } from './types';
import { citationsOf, DatedCitation, openCitations, sanitaryClosures } from './history';
import { classifyInspectionType, isGradedInspection, isSanitaryInspection } from './records';
import { inWindow, recencyWeight, round4 } from './recency';

export const CRITICAL_FOOD_WINDOW_MONTHS = 24;
export const SANITARY_LOOKBACK_MONTHS = 36;

/** Critical citations in a food category (vermin, food_temp, hygiene, facility) on a sanitary visit. */
export function isCriticalFood(citation: DatedCitation): boolean {
  return citation.sanitary && citation.critical && FOOD_CATEGORIES.includes(citation.category);
}

/** Critical food citations of the last 24 months. */
export function criticalFoodCitations(citations: DatedCitation[], asOf: Date): DatedCitation[] {
  return citations.filter((citation) => isCriticalFood(citation) && inWindow(citation.inspectedAt, asOf, CRITICAL_FOOD_WINDOW_MONTHS));
}

/** Closures recorded on sanitary visits in the last 36 months. */
export function recentClosures(inspections: InspectionRecord[], asOf: Date): InspectionRecord[] {
  return sanitaryClosures(inspections).filter((inspection) => inWindow(inspection.inspectedAt, asOf, SANITARY_LOOKBACK_MONTHS));
}

/** Scored sanitary visits of the last 36 months. */
export function recentScoredInspections(inspections: InspectionRecord[], asOf: Date): InspectionRecord[] {
  return inspections.filter(
    (inspection) => inspection.score !== null && isSanitaryInspection(inspection.inspectionType) && inWindow(inspection.inspectedAt, asOf, SANITARY_LOOKBACK_MONTHS),
  );
}

/**
 * The food-safety story from sanitary (cycle and pre-permit) visits only; enforcement
 * (smoke-free air, trans fat, calorie, sodium, task force) and administrative visits are
 * left out. `inspections` are sorted newest first (see inspectionsAsOf).
 * - latestCycleScore: score of the latest scored graded visit (cycle or operational pre-permit, any stage);
 * - latestInitialScore: score of the latest scored graded *initial* visit;
 *   (Pre-permit (Non-operational) visits are not graded: isGradedInspection);
 * - worstScore36mo: highest score of a sanitary visit in 36 months (the newest on a tie),
 *   weighted.worstScoreWeight the recency weight of that visit (0 when there is none);
 * - criticalFood24mo: critical food-category citations on sanitary visits in 24 months;
 * - openFoodViolations: food-category citations of the latest inspection's sanitary visits;
 * - closures36mo: closures on sanitary visits in 36 months;
 * - ownerResponseSignal: documented_fixes when remediation documents at least one open violation.
 */
export function sanitaryReport(inspections: InspectionRecord[], asOf: Date, remediation?: RemediationInput | null): SanitaryReport {
  // Score figures come from graded visits only (Pre-permit (Non-operational) visits are not graded).
  const scored = inspections.filter((inspection) => inspection.score !== null && isGradedInspection(inspection.inspectionType));
  const latestInitial = scored.find((inspection) => classifyInspectionType(inspection.inspectionType).stage === 'initial');
  let worst: InspectionRecord | undefined;
  for (const inspection of recentScoredInspections(inspections, asOf)) if (!worst || inspection.score! > worst.score!) worst = inspection;

  const criticalFood = criticalFoodCitations(citationsOf(inspections), asOf);
  const closures = recentClosures(inspections, asOf);
  const openFood = openCitations(inspections).filter((citation) => citation.sanitary && FOOD_CATEGORIES.includes(citation.category));
  const sumWeights = (dates: string[]) => round4(dates.reduce((sum, date) => sum + recencyWeight(date, asOf), 0));

  return {
    latestCycleScore: scored[0]?.score ?? null,
    latestInitialScore: latestInitial?.score ?? null,
    worstScore36mo: worst?.score ?? null,
    criticalFood24mo: criticalFood.length,
    openFoodViolations: openFood.length,
    closures36mo: closures.length,
    ownerResponseSignal: (remediation?.documentedOpenViolations ?? 0) >= 1 ? 'documented_fixes' : null,
    weighted: {
      criticalFood: sumWeights(criticalFood.map((citation) => citation.inspectedAt)),
      closures: sumWeights(closures.map((inspection) => inspection.inspectedAt)),
      worstScoreWeight: worst ? round4(recencyWeight(worst.inspectedAt, asOf)) : 0,
    },
  };
}
