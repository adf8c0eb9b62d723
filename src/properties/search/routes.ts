import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { typeahead } from '../../search/typeahead';
import type { DataStore } from '../../stores';
import { type PropertySearchQuery, propertySearchInputs } from './openapi';
import { PROPERTY_TYPEAHEAD, type PropertySearchResult } from './queries';

export type { PropertySearchResult };

const lots = typeahead(PROPERTY_TYPEAHEAD);

/** The keystroke's one search (the kit on the family's table), uncached: at most `limit` lots, best first. */
export function searchProperties(store: DataStore, params: PropertySearchQuery): Promise<PropertySearchResult[]> {
  return lots.search(store, params);
}

export function propertySearchRoutes(deps: AppDeps): Route[] {
  // Keystrokes repeat across users: answers are kept until the mode's properties index changes
  // (TYPEAHEAD_CACHE, the same switch and bounds as the other typeaheads'; its own entries).
  const addresses = typeahead(PROPERTY_TYPEAHEAD, deps.config.typeaheadCache);
  return [
    route({
      method: 'get',
      path: '/api/v1/properties/search',
      input: propertySearchInputs.search,
      handler: (ctx, { query }) => addresses.respond(ctx, query),
    }),
  ];
}
