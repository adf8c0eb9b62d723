import { caselessTermsFilter, rangeFilter, termsFilter } from '../../search/filters';
import type { NearbyQuery } from '../openapi';
import { SUMMARY_FETCH } from '../shape';

/** Nearest first inside the circle; the distance comes back as the first sort value. */
export function buildNearbyRequest(query: NearbyQuery): Record<string, unknown> {
  const point = { lat: query.lat, lon: query.lng };
  return {
    size: query.limit,
    track_total_hits: false,
    ...SUMMARY_FETCH,
    query: {
      bool: {
        filter: [
          { geo_distance: { distance: `${query.radius}m`, distance_type: 'arc', location: point } },
          ...termsFilter('grade', query.grade),
          ...caselessTermsFilter('cuisine', query.cuisine),
          ...termsFilter('riskLevel', query.riskLevel),
          ...rangeFilter('score', undefined, query.maxScore),
        ],
      },
    },
    sort: [{ _geo_distance: { location: point, order: 'asc', unit: 'm', distance_type: 'arc' } }, { camis: { order: 'asc' } }],
  };
}
