import type { InspectionRecord, RestaurantStats } from './types';
import { citationsOf, isClosure, openCitations } from './history';

/**
 * All-time counts up to the clock. OATH fields stay 0 until OATH hearings are linked to
 * establishments (no shared key exists; see domain-facts 2.5).
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
