import type { InspectionRecord, RestaurantStats } from './types';
import { citationsOf, isClosure, openCitations } from './history';

/**
 * All-time counts up to the clock, from the inspection records. The four OATH fields are 0
 * here: the profile fills them at read time from the summonses the contractors family links
 * to the establishment (src/contractors/figures.ts, src/restaurants/summonses.ts).
 */
export function restaurantStats(inspections: InspectionRecord[]): RestaurantStats {
  const citations = citationsOf(inspections);
  return {
    openViolations: openCitations(inspections).length,
    totalViolations: citations.length,
    criticalViolations: citations.filter((citation) => citation.critical).length,
    inspectionCount: inspections.length,
    closureCount: inspections.filter(isClosure).length,
    oathSummonses: 0,
    finesImposedCents: 0,
    finesDueCents: 0,
    defaultedHearings: 0,
  };
}
