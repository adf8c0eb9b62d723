import { caselessTermsFilter, rangeFilter, termsFilter } from '../search/filters';
import type { Position, PositionShape } from '../search/cursor';
import { searchAfterRequest } from '../contract/lists';
import type { InspectionFeedQuery, ViolationFeedQuery } from './openapi';
import { wordsPrefixFilter } from '../search/text-filter';

/** The city-wide feeds: newest first, keyset pages over [inspectedAt, id] (id is unique). */
const FEED_SORT = [{ inspectedAt: { order: 'desc' } }, { id: { order: 'desc' } }];
/** A feed row's sort values: inspectedAt as epoch ms, then the row id. */
export const FEED_POSITION: PositionShape = ['integer', 'string'];

export const VIOLATION_SOURCE = [
  'code', 'description', 'critical', 'inspectedAt', 'inspectionType', 'category', 'camis', 'restaurantName', 'address', 'borough', 'latitude', 'longitude', 'zip',
];
export const INSPECTION_SOURCE = ['camis', 'name', 'address', 'borough', 'inspectedAt', 'type', 'score', 'grade', 'closedRestaurant'];

function page(filter: object[], source: string[], limit: number, after: Position | null): Record<string, unknown> {
  return searchAfterRequest(limit, { _source: source, query: { bool: { filter } }, sort: FEED_SORT }, after);
}

export function violationFilters(query: Omit<ViolationFeedQuery, 'limit'>): object[] {
  const filter: object[] = [
    ...termsFilter('code', query.code?.map((code) => code.toUpperCase())),
    ...termsFilter('category', query.category),
    ...termsFilter('borough', query.borough),
    ...termsFilter('zip', query.zip),
    ...caselessTermsFilter('cuisine', query.cuisine),
    ...rangeFilter('inspectedAt', query.since, query.until),
  ];
  if (query.critical !== undefined) filter.push({ term: { critical: query.critical } });
  if (query.q !== undefined) filter.push(wordsPrefixFilter(['nameNorm'], query.q));
  if (query.lat !== undefined && query.lng !== undefined) {
    filter.push({ geo_distance: { distance: `${query.radius}m`, distance_type: 'arc', location: { lat: query.lat, lon: query.lng } } });
  }
  return filter;
}

export function buildViolationFeedRequest(query: ViolationFeedQuery, after: Position | null): Record<string, unknown> {
  return page(violationFilters(query), VIOLATION_SOURCE, query.limit, after);
}

export function buildInspectionFeedRequest(query: InspectionFeedQuery, after: Position | null): Record<string, unknown> {
  const filter: object[] = [
    ...termsFilter('borough', query.borough),
    ...termsFilter('grade', query.grade),
    ...rangeFilter('score', query.minScore, undefined),
    ...rangeFilter('inspectedAt', query.since, query.until),
  ];
  if (query.closedRestaurant !== undefined) filter.push({ term: { closedRestaurant: query.closedRestaurant } });
  return page(filter, INSPECTION_SOURCE, query.limit, after);
}
