import type { VerminCounts, VerminReport } from './types';
import type { DatedCitation } from './history';
import { inWindow, recencyWeight, round4 } from './recency';
import { verminKindOf } from './violation-codes';

/** The vermin rollup looks back three years (spec limits table). */
export const VERMIN_WINDOW_MONTHS = 36;

function zeroCounts(): VerminCounts {
  return { rats: 0, mice: 0, roaches: 0, flies: 0, other: 0, conducive: 0 };
}

/**
 * Vermin citations in the 3-year window by kind (04K rats, 04L mice, 04M roaches, 04N
 * flies, 04O other animals, 08A/08B conducive conditions), flat and recency-weighted.
 * lastSightedAt is the newest sighting in the window; conducive conditions are not sightings.
 */
export function verminReport(citations: DatedCitation[], asOf: Date): VerminReport {
  const counts = zeroCounts();
  const weighted = zeroCounts();
  let lastSightedAt: string | null = null;
  for (const citation of citations) {
    const kind = verminKindOf(citation.code);
    if (!kind || !inWindow(citation.inspectedAt, asOf, VERMIN_WINDOW_MONTHS)) continue;
    counts[kind] += 1;
    weighted[kind] += recencyWeight(citation.inspectedAt, asOf);
    if (kind !== 'conducive' && (lastSightedAt === null || citation.inspectedAt > lastSightedAt)) lastSightedAt = citation.inspectedAt;
  }
  for (const kind of Object.keys(weighted) as Array<keyof VerminCounts>) weighted[kind] = round4(weighted[kind]);
  return { ...counts, lastSightedAt, weighted };
}

/** Distinct dates of vermin-category citations, newest first (all time): backs the verminSince filter. */
export function verminDates(citations: DatedCitation[]): string[] {
  const dates = new Set(citations.filter((citation) => citation.category === 'vermin').map((citation) => citation.inspectedAt));
  return [...dates].sort().reverse();
}
