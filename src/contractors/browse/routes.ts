import { answerSearchList, exportableRoutes } from '../../contract/export';
import { searchHits } from '../../contract/lists';
import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { answerCache } from '../../search/answer-cache';
import { fillFromPasses } from '../../search/tier-passes';
import type { DataStore } from '../../stores';
import { CONTRACTOR_CSV, contractorBrowseInputs, type ContractorSearchQuery } from './openapi';
import { browsePositionShape, buildBrowseRequest, buildSearchRequest, TIER_PASSES, tierClauses } from './queries';

/** The served Contractor summary of a hit (the index keeps it whole, base64 JSON in contract key order). */
export interface ContractorSummary {
  slug: string;
  name: string;
  ticketCount: number;
  finesDueCents: number;
  riskLevel: string;
}

export function summaryOf(hit: { fields?: Record<string, unknown[]> }): ContractorSummary {
  return JSON.parse(Buffer.from(String(hit.fields?.summary?.[0]), 'base64').toString('utf8')) as ContractorSummary;
}

/**
 * The typeahead: the tier passes (TierPass) at once. Four keystrokes in five need the second
 * pass anyway (the company list rarely fills from the close spellings alone), so waiting for
 * the first costs its answer time and saves little: on the bench at 200 req/s, p50 3.2-4.1 ms
 * against 4.1-4.9 in turn, at the same Elasticsearch CPU per request. The restaurant typeahead,
 * whose first pass fills three lists in five, keeps them in turn.
 */
export function searchContractors(store: DataStore, query: ContractorSearchQuery): Promise<ContractorSummary[]> {
  return fillFromPasses(
    query.limit,
    TIER_PASSES.map((pass) =>
      tierClauses(query.q, pass).length ? async () => (await searchHits(store, 'contractors', buildSearchRequest({ q: query.q, limit: query.limit, pass }))).map(summaryOf) : null,
    ),
    (found) => found.slug,
    'concurrent',
  );
}

export function contractorBrowseRoutes(deps: AppDeps): Route[] {
  // Keystrokes repeat across users: answers are kept until the mode's contractors index changes
  // (TYPEAHEAD_CACHE, the same switch and bounds as the other typeaheads'; its own entries).
  const answers = answerCache(deps.config.typeaheadCache);
  return [
    route({
      method: 'get',
      path: '/api/v1/contractors/search',
      input: contractorBrowseInputs.search,
      async handler(ctx, { query }) {
        const { store } = ctx.state;
        // Everything that shapes the answer: the mode's index (in the alias) and every validated parameter.
        const key = JSON.stringify(query, Object.keys(query).sort());
        ctx.type = 'application/json';
        ctx.body = await answers.answer(store.es, store.indexAlias('contractors'), key, async () => JSON.stringify({ data: await searchContractors(store, query) }));
      },
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
