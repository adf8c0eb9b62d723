import type { RestaurantSummary } from './types';

/**
 * What a restaurants-index search fetches of each hit: the served summary, kept whole as JSON
 * in one binary doc-value column (index-mappings/restaurants.json `summary`). Reading it costs
 * a fraction of loading and filtering `_source`, which was more than half of a typeahead query.
 */
export const SUMMARY_FETCH = { _source: false, stored_fields: '_none_', docvalue_fields: ['summary'] } as const;

interface Hit {
  fields?: Record<string, unknown[]>;
  sort?: unknown[];
}

/** The RestaurantSummary of a hit fetched with SUMMARY_FETCH; distanceMeters from the given sort value, when it is a distance. */
export function summaryOf(hit: Hit, distanceSortIndex?: number): RestaurantSummary & { distanceMeters?: number } {
  const summary = JSON.parse(Buffer.from(String(hit.fields?.summary?.[0]), 'base64').toString('utf8')) as RestaurantSummary & { distanceMeters?: number };
  if (distanceSortIndex !== undefined) {
    // An establishment without coordinates has no distance (Elasticsearch sorts it as Infinity): none is given.
    const distance = Number(hit.sort?.[distanceSortIndex] ?? Number.NaN);
    if (Number.isFinite(distance)) summary.distanceMeters = Math.round(distance);
  }
  return summary;
}

/** summaryOf(hit, distanceSortIndex) as JSON text, written from the stored JSON without parsing it (distanceMeters last, as summaryOf adds it). */
export function summaryJson(hit: Hit, distanceSortIndex?: number): string {
  const text = Buffer.from(String(hit.fields?.summary?.[0]), 'base64').toString('utf8');
  if (distanceSortIndex === undefined) return text;
  const distance = Number(hit.sort?.[distanceSortIndex] ?? Number.NaN);
  return Number.isFinite(distance) ? `${text.slice(0, -1)},"distanceMeters":${Math.round(distance)}}` : text;
}
