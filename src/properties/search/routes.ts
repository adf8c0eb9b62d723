import { type Route, route } from '../../contract/routes';
import type { DataStore } from '../../stores';
import { type PropertySearchQuery, propertySearchInputs } from './openapi';
import { buildPropertySearchRequest } from './query';
import { propertySlug } from './slug';

export interface PropertySearchResult {
  bbl: string;
  address: string | null;
  borough: string;
  slug: string;
}

/** One Elasticsearch request per keystroke (./query), at most `limit` lots, best first. */
export async function searchProperties(store: DataStore, params: PropertySearchQuery): Promise<PropertySearchResult[]> {
  const request = buildPropertySearchRequest(params);
  if (!request) return [];
  const response = await store.es.search({ index: store.indexAlias('properties'), ...request }, { ignore: [404] });
  return (response.hits?.hits ?? []).map((hit) => {
    const lot = hit._source as { bbl: string; address: string | null; borough: string };
    return { bbl: lot.bbl, address: lot.address, borough: lot.borough, slug: propertySlug(lot) };
  });
}

export function propertySearchRoutes(): Route[] {
  return [
    route({
      method: 'get',
      path: '/api/v1/properties/search',
      input: propertySearchInputs.search,
      async handler(ctx, { query }) {
        ctx.body = { data: await searchProperties(ctx.state.store, query) };
      },
    }),
  ];
}
