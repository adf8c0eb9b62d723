import type { DataStore } from '../../src/stores';

/**
 * Probes of a typeahead's answer cache (TYPEAHEAD_CACHE) on real stores, for every typeahead
 * (restaurants, addresses, companies): `answer` asks the typeahead and gives its answer as text lines.
 */
export function typeaheadCacheProbes(options: {
  answer: (q: string, key?: string) => Promise<string[]>;
  /** The live store, once the test has opened it. */
  store: () => DataStore;
  family: 'restaurants' | 'properties' | 'contractors';
  checkMs: number;
}) {
  const { answer, store, family, checkMs } = options;

  /** Searches Elasticsearch has run on the mode's index of the family so far (the generation check is a stats call, not a search). */
  async function searchesRun(): Promise<number> {
    const stats = await store().es.indices.stats({ index: store().indexAlias(family), metric: ['search'] });
    return Object.values(stats.indices ?? {}).reduce((sum, index) => sum + (index.total?.search?.query_total ?? 0), 0);
  }

  /** The answer once it has changed from `before`, within the cache's bound (and a margin for a busy machine). */
  async function nextAnswer(q: string, before: string[]): Promise<string[]> {
    const deadline = Date.now() + 2 * checkMs + 3000;
    for (;;) {
      const now = await answer(q);
      if (JSON.stringify(now) !== JSON.stringify(before) || Date.now() > deadline) return now;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Asks until an answer comes from the cache (the first generation check has to answer first); false if it never does. */
  async function cached(q: string, key?: string): Promise<boolean> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const before = await searchesRun();
      await answer(q, key);
      if ((await searchesRun()) === before) return true;
    }
    return false;
  }

  return { searchesRun, nextAnswer, cached };
}
