import { rebuildIndices } from '../../ingest/index/rebuild';
import type { Family } from '../../ingest/load/types';
import type { DataStore } from '../../src/stores';
import { startTestApi, TestApi } from './api';

/**
 * The answer cache of a typeahead (TYPEAHEAD_CACHE) on real stores, the same four behaviours
 * for every family's typeahead: a repeated keystroke is answered without Elasticsearch, an
 * ingest that changes the answer and a rebuild (a new index behind the alias) are seen within
 * the documented bound (about 2 x TYPEAHEAD_CACHE_CHECK_MS), and answers are kept per mode.
 */
export interface TypeaheadCacheCase {
  /** The family whose index is rebuilt, and the index the typeahead reads (its searches are counted). */
  family: Family;
  index: string;
  /** The search path, e.g. `/api/v1/restaurants/search`. */
  path: string;
  /** An item of the answer as one line of text. */
  lineOf(item: Record<string, unknown>): string;
  /** Loads the live store the answers are read from. */
  load(store: DataStore): Promise<void>;
  /** A query and its answer after `load`. */
  q: string;
  answer: string[];
  /** An ingest that changes the answer to `q`, and the answer after it. */
  change(store: DataStore): Promise<void>;
  changed: string[];
  /** Another query (so its answer is kept only after the change), asked around a rebuild, and its answer. */
  rebuiltQ: string;
  rebuilt: string[];
}

const CHECK_MS = 1000;

export function describeTypeaheadCache(name: string, c: TypeaheadCacheCase): void {
  describe(name, () => {
    let api: TestApi;
    let live: DataStore;

    beforeAll(async () => {
      api = await startTestApi({ config: { typeaheadCache: { enabled: true, maxBytes: 1 << 20, checkMs: CHECK_MS } } });
      live = api.ns.stores.byMode.live;
      await c.load(live);
    });
    afterAll(() => api?.stop());

    const answer = async (q: string, key?: string) => {
      const res = await api.get(`${c.path}?q=${encodeURIComponent(q)}`, { key });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return (res.body.data as Array<Record<string, unknown>>).map(c.lineOf);
    };

    /** Searches Elasticsearch has run on the mode's index of the family so far (the generation check is a stats call, not a search). */
    const searchesRun = async (): Promise<number> => {
      const stats = await live.es.indices.stats({ index: live.indexAlias(c.index), metric: ['search'] });
      return Object.values(stats.indices ?? {}).reduce((sum, index) => sum + (index.total?.search?.query_total ?? 0), 0);
    };

    /** Asks until an answer comes from the cache (the first generation check has to answer first); false if it never does. */
    const cached = async (q: string): Promise<boolean> => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const before = await searchesRun();
        await answer(q);
        if ((await searchesRun()) === before) return true;
      }
      return false;
    };

    /** The answer once it has changed from `before`, within the cache's bound (and a margin for a busy machine). */
    const nextAnswer = async (q: string, before: string[]): Promise<string[]> => {
      const deadline = Date.now() + 2 * CHECK_MS + 3000;
      for (;;) {
        const now = await answer(q);
        if (JSON.stringify(now) !== JSON.stringify(before) || Date.now() > deadline) return now;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    it('answers a repeated keystroke without asking Elasticsearch again', async () => {
      expect(await cached(c.q)).toBe(true);
      const before = await searchesRun();
      expect(await answer(c.q)).toEqual(c.answer);
      expect(await answer(c.q)).toEqual(c.answer);
      expect(await searchesRun()).toBe(before);
      // Another parameter is another answer.
      const res = await api.get(`${c.path}?q=${encodeURIComponent(c.q)}&limit=1`);
      expect(res.body.data).toHaveLength(1);
    });

    it('sees an ingest that changes the answer within the bound', async () => {
      expect(await cached(c.q)).toBe(true);
      await c.change(live);
      expect(await nextAnswer(c.q, c.answer)).toEqual(c.changed);
    });

    it('drops the kept answers when a rebuild puts a new index behind the alias', async () => {
      expect(await cached(c.rebuiltQ)).toBe(true);
      await rebuildIndices(live, c.family);
      await new Promise((resolve) => setTimeout(resolve, 2 * CHECK_MS + 50));
      const before = await searchesRun();
      expect(await answer(c.rebuiltQ)).toEqual(c.rebuilt);
      expect(await searchesRun()).toBeGreaterThan(before);
    });

    it('keeps answers per mode: a test key never sees a live answer', async () => {
      expect(await cached(c.q)).toBe(true);
      expect(await answer(c.q)).toEqual(c.changed);
      expect(await answer(c.q, api.keys.test)).toEqual([]);
    });
  });
}
