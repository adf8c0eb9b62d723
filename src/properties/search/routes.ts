import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { answerCache } from '../../search/answer-cache';
import type { DataStore } from '../../stores';
import { type PropertySearchQuery, propertySearchInputs } from './openapi';
import { buildPropertySearchRequest, searchSteps } from './queries';
import { propertySlug } from './shape';

export interface PropertySearchResult {
  bbl: string;
  address: string;
  borough: string;
  slug: string;
}

/**
 * The keystroke's request (./query), asked in its two steps (searchSteps: the street alone
 * only when the page is short without it): at most `limit` lots, best first.
 */
export async function searchProperties(store: DataStore, params: PropertySearchQuery): Promise<PropertySearchResult[]> {
  const request = buildPropertySearchRequest(params);
  if (!request) return [];
  const steps = searchSteps(request);
  const lots = await searchLots(store, steps.first);
  if (steps.rest && lots.length < params.limit) lots.push(...(await searchLots(store, steps.rest(lots.map((lot) => lot.bbl), params.limit - lots.length))));
  return lots;
}

/** Only what a result is made of comes back (no index name, score or sort values): a smaller answer to send and parse. */
const HIT_FIELDS = 'hits.hits.fields';

async function searchLots(store: DataStore, request: Record<string, unknown>): Promise<PropertySearchResult[]> {
  const response = await store.es.search({ index: store.indexAlias('properties'), ...request, filter_path: HIT_FIELDS }, { ignore: [404] });
  return (response.hits?.hits ?? []).map((hit) => {
    const fields = hit.fields as Record<string, string[] | undefined>;
    // A lot PLUTO gives no address answers '' (the contract's string), as its profile does.
    const lot = { bbl: fields.bbl![0], address: fields.address?.[0] ?? '', borough: fields.borough![0] };
    return { ...lot, slug: propertySlug(lot) };
  });
}

export function propertySearchRoutes(deps: AppDeps): Route[] {
  // Keystrokes repeat across users: answers are kept until the mode's properties index changes
  // (TYPEAHEAD_CACHE, the same switch and bounds as the restaurant typeahead's; its own entries).
  const answers = answerCache(deps.config.typeaheadCache);
  return [
    route({
      method: 'get',
      path: '/api/v1/properties/search',
      input: propertySearchInputs.search,
      async handler(ctx, { query }) {
        const { store } = ctx.state;
        // Everything that shapes the answer: the mode's index (in the alias) and every validated parameter.
        const key = JSON.stringify(query, Object.keys(query).sort());
        ctx.type = 'application/json';
        ctx.body = await answers.answer(store.es, store.indexAlias('properties'), key, async () => JSON.stringify({ data: await searchProperties(store, query) }));
      },
    }),
  ];
}
