import { normalizeText, tokens } from '../search/normalize';
import { placeScope, splitPlace } from '../search/places';
import type { DataStore } from '../stores';
import type { RestaurantSearchQuery } from './openapi';
import { buildSearchRequest, PlaceScope, SearchInput, TIER_PASSES, tierClauses } from './queries/search';
import { summaryOf } from './shape';
import type { RestaurantSummary } from './types';

const TYPEAHEAD_HIT_FIELDS = ['hits.hits.fields.summary', 'hits.hits.sort'];

/**
 * The typeahead's attempts, in order (spec "Search behavior"): the text inside the place
 * named at the end of q, then citywide; and if nothing matched at all, the same once more
 * without the trailing word that matched nothing, with the place read again from what is left
 * ("<name> <neighborhood> <junk>" is searched as "<name>" in the neighborhood).
 */
export async function searchRestaurants(store: DataStore, params: RestaurantSearchQuery): Promise<Array<RestaurantSummary & { distanceMeters?: number }>> {
  const geo = params.lat !== undefined && params.lng !== undefined;

  const pass = async (words: string, scope: PlaceScope | null, input: Pick<SearchInput, 'pass' | 'limit'>) => {
    const request = buildSearchRequest({ text: words, scope, lat: params.lat, lng: params.lng, ...input });
    // Only what summaryOf reads comes back: a smaller answer to send and parse.
    const response = await store.es.search({ index: store.indexAlias('restaurants'), ...request, filter_path: TYPEAHEAD_HIT_FIELDS }, { ignore: [404] });
    return (response.hits?.hits ?? []).map((hit) => summaryOf(hit, geo ? 1 : undefined));
  };
  // Each pass runs only while the better ones left room in the list (see TierPass). A later
  // pass asks for the whole limit and drops what the earlier ones found: its first `room`
  // others are what it would answer with those excluded in the query, and an exclusion by
  // ids cost Elasticsearch about a quarter of the second pass's query time.
  const run = async (words: string, scope: PlaceScope | null) => {
    const found: Awaited<ReturnType<typeof pass>> = [];
    for (const tiers of TIER_PASSES) {
      const room = params.limit - found.length;
      if (room <= 0) break;
      if (tierClauses(words, tiers).length === 0) continue;
      const seen = new Set(found.map((r) => r.camis));
      found.push(...(await pass(words, scope, { pass: tiers, limit: params.limit })).filter((r) => !seen.has(r.camis)).slice(0, room));
    }
    return found;
  };
  const attempt = async (q: string) => {
    const split = splitPlace(q);
    // A query that is only a place ("williamsburg") is searched as a name, citywide.
    const text = split.text || normalizeText(q);
    const scope = split.text && split.place ? placeScope(split.place) : null;
    if (scope) {
      const scoped = await run(text, scope);
      if (scoped.length) return { found: scoped, retry: retryQuery(split.text, split.place?.matched) };
    }
    return { found: text ? await run(text, null) : [], retry: retryQuery(text, split.text ? split.place?.matched : undefined) };
  };

  const first = await attempt(params.q);
  if (first.found.length || !first.retry) return first.found;
  return (await attempt(first.retry)).found;
}

/**
 * The query once more without the text's last word (every tier needs every word, so a word
 * that matches nothing leaves the whole query with nothing), the place kept after it; null
 * when the text has fewer than two words.
 */
function retryQuery(text: string, place: string | undefined): string | null {
  const words = tokens(text);
  if (words.length < 2) return null;
  return [...words.slice(0, -1), ...(place ? [place] : [])].join(' ');
}
