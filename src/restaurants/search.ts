import { normalizeText, tokens } from '../search/normalize';
import { splitPlace } from '../search/places';
import type { DataStore } from '../stores';
import type { RestaurantSearchQuery } from './openapi';
import { buildSearchRequest, SearchInput, TIER_PASSES, tierClauses } from './queries/search';
import { summaryOf } from './shape';
import type { RestaurantSummary } from './types';

/**
 * The typeahead's attempts, in order (spec "Search behavior"): the text inside the place
 * named at the end of q, then citywide; and if nothing matched at all, the same once more
 * without the text's last word.
 */
export async function searchRestaurants(store: DataStore, params: RestaurantSearchQuery): Promise<Array<RestaurantSummary & { distanceMeters?: number }>> {
  const split = splitPlace(params.q);
  // A query that is only a place ("williamsburg") is searched as a name, citywide.
  const text = split.text || normalizeText(params.q);
  const zips = split.text ? (split.place?.zips ?? null) : null;
  if (!text) return [];
  const geo = params.lat !== undefined && params.lng !== undefined;

  const pass = async (words: string, scope: string[] | null, input: Pick<SearchInput, 'pass' | 'excludeCamis' | 'limit'>) => {
    const request = buildSearchRequest({ text: words, zips: scope, lat: params.lat, lng: params.lng, ...input });
    const response = await store.es.search({ index: store.indexAlias('restaurants'), ...request }, { ignore: [404] });
    return (response.hits?.hits ?? []).map((hit) => summaryOf(hit, geo ? 1 : undefined));
  };
  // Each pass runs only while the better ones left room in the list (see TierPass).
  const run = async (words: string, scope: string[] | null) => {
    const found: Awaited<ReturnType<typeof pass>> = [];
    for (const tiers of TIER_PASSES) {
      if (found.length >= params.limit) break;
      if (tierClauses(words, tiers).length === 0) continue;
      found.push(...(await pass(words, scope, { pass: tiers, limit: params.limit - found.length, excludeCamis: found.map((r) => r.camis) })));
    }
    return found;
  };
  const attempt = async (words: string) => {
    if (zips) {
      const scoped = await run(words, zips);
      if (scoped.length) return scoped;
    }
    return run(words, null);
  };

  const found = await attempt(text);
  if (found.length) return found;
  const words = tokens(text);
  return words.length >= 2 ? attempt(words.slice(0, -1).join(' ')) : found;
}
