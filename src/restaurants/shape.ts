import type { RestaurantSummary } from './types';

interface Hit {
  _source?: unknown;
  sort?: unknown[];
}

/** A RestaurantSummary from an index document (the index stores the summary fields as served). */
export function summaryOf(hit: Hit, distanceSortIndex?: number): RestaurantSummary & { distanceMeters?: number } {
  const s = hit._source as Record<string, unknown>;
  const summary: RestaurantSummary & { distanceMeters?: number } = {
    camis: s.camis as string,
    name: s.name as string,
    address: s.address as string,
    borough: s.borough as string,
    zip: (s.zip as string | null) ?? null,
    cuisine: (s.cuisine as string | null) ?? null,
    grade: (s.grade as RestaurantSummary['grade']) ?? null,
    score: (s.score as number | null) ?? null,
    closed: s.closed as boolean,
    riskLevel: s.riskLevel as RestaurantSummary['riskLevel'],
    riskScore: s.riskScore as number,
    lastInspectedAt: (s.lastInspectedAt as string | null) ?? null,
    latitude: (s.latitude as number | null) ?? null,
    longitude: (s.longitude as number | null) ?? null,
    openViolations: s.openViolations as number,
  };
  if (distanceSortIndex !== undefined) summary.distanceMeters = Math.round(Number(hit.sort?.[distanceSortIndex] ?? 0));
  return summary;
}
