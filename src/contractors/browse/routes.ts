import { answerSearchList, exportableRoutes } from '../../contract/export';
import { searchHits } from '../../contract/lists';
import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { typeahead } from '../../search/typeahead';
import type { DataStore } from '../../stores';
import { CONTRACTOR_CSV, contractorBrowseInputs, type ContractorSearchQuery } from './openapi';
import { browsePositionShape, buildBrowseRequest, CONTRACTOR_TYPEAHEAD, type ContractorSummary, summaryOf } from './queries';

export type { ContractorSummary };

/** The typeahead's one search a keystroke (the kit on the family's table), uncached. */
export function searchContractors(store: DataStore, query: ContractorSearchQuery): Promise<ContractorSummary[]> {
  return companies.search(store, query);
}

const companies = typeahead(CONTRACTOR_TYPEAHEAD);

export function contractorBrowseRoutes(deps: AppDeps): Route[] {
  // Keystrokes repeat across users: answers are kept until the mode's contractors index changes
  // (TYPEAHEAD_CACHE, the same switch and bounds as the other typeaheads'; its own entries).
  const names = typeahead(CONTRACTOR_TYPEAHEAD, deps.config.typeaheadCache);
  return [
    route({
      method: 'get',
      path: '/api/v1/contractors/search',
      input: contractorBrowseInputs.search,
      handler: (ctx, { query }) => names.respond(ctx, query),
    }),
    ...exportableRoutes(route({
      method: 'get',
      path: '/api/v1/contractors',
      input: contractorBrowseInputs.browse,
      async handler(ctx, { query }) {
        await answerSearchList(ctx, deps, ctx.state.store, {
          // The list name binds the cursors: never change it.
          list: 'contractors',
          csv: CONTRACTOR_CSV,
          query,
          position: browsePositionShape(query.sort),
          index: 'contractors',
          request: (after) => buildBrowseRequest(query, after),
          item: summaryOf,
        });
      },
    })),
  ];
}
