import { typeahead, type TypeaheadTable } from '../src/search/typeahead';
import type { DataStore } from '../src/stores';

/**
 * Where a typeahead keystroke's Elasticsearch time goes: a sample of the scenario's queries is
 * sent once each with Elasticsearch's profile API, the slowest are kept, and each of those is
 * sent again once per tier with that tier alone, so the cost of each tier's clause (its query
 * phase, the clause rewritten and run over the index) is read per keystroke.
 */

interface ProfiledShard {
  searches?: Array<{ query?: Array<{ time_in_nanos: number }>; collector?: Array<{ time_in_nanos: number }> }>;
  fetch?: { time_in_nanos: number };
}

/** Query, collector and fetch nanoseconds of a profiled search. */
async function profiled(store: DataStore, index: string, request: Record<string, unknown>): Promise<{ query: number; collect: number; fetch: number }> {
  const response = (await store.es.search({ index: store.indexAlias(index), ...request, profile: true })) as unknown as { profile?: { shards?: ProfiledShard[] } };
  let query = 0;
  let collect = 0;
  let fetch = 0;
  for (const shard of response.profile?.shards ?? []) {
    for (const search of shard.searches ?? []) {
      for (const node of search.query ?? []) query += node.time_in_nanos;
      for (const node of search.collector ?? []) collect += node.time_in_nanos;
    }
    fetch += shard.fetch?.time_in_nanos ?? 0;
  }
  return { query, collect, fetch };
}

const ms = (nanos: number, count: number) => (nanos / 1e6 / Math.max(1, count)).toFixed(2);

export async function tierCosts<Query extends { limit: number }, Input, Item>(
  store: DataStore,
  table: TypeaheadTable<Query, Input, Item>,
  queries: Query[],
  options: { slowest?: number } = {},
): Promise<string[]> {
  const whole = typeahead(table);
  const timed: Array<{ query: Query; request: Record<string, unknown>; total: number; parts: { query: number; collect: number; fetch: number } }> = [];
  // Twice each: the first warms the caches of a clause, the second is read.
  for (const query of queries) {
    const request = whole.request(query);
    if (!request) continue;
    await profiled(store, table.index, request);
    const parts = await profiled(store, table.index, request);
    timed.push({ query, request, total: parts.query + parts.collect + parts.fetch, parts });
  }
  timed.sort((a, b) => b.total - a.total);
  const slow = timed.slice(0, options.slowest ?? 20);
  const sum = (items: typeof timed, part: 'query' | 'collect' | 'fetch') => items.reduce((total, item) => total + item.parts[part], 0);
  const perTier: Array<[string, number]> = [];
  for (const tier of table.tiers) {
    const alone = typeahead({ ...table, tiers: [tier] });
    let nanos = 0;
    for (const { query } of slow) {
      const request = alone.request(query);
      if (!request) continue;
      await profiled(store, table.index, request);
      nanos += (await profiled(store, table.index, request)).query;
    }
    perTier.push([tier.name, nanos]);
  }
  return [
    `    Elasticsearch profile, ${timed.length} keystrokes once each: query ${ms(sum(timed, 'query'), timed.length)} ms, collect ${ms(sum(timed, 'collect'), timed.length)} ms, fetch ${ms(sum(timed, 'fetch'), timed.length)} ms a keystroke (mean)`,
    `      the ${slow.length} slowest (${slow.slice(0, 5).map((item) => JSON.stringify((item.query as unknown as { q: string }).q)).join(', ')}, ...): query ${ms(sum(slow, 'query'), slow.length)} ms, collect ${ms(sum(slow, 'collect'), slow.length)} ms, fetch ${ms(sum(slow, 'fetch'), slow.length)} ms; each tier's clause alone, query phase: ${perTier.map(([name, nanos]) => `${name} ${ms(nanos, slow.length)} ms`).join(', ')}`,
  ];
}
