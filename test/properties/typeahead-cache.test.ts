import { PROPERTIES } from '../../ingest/families';
import { rebuildIndices } from '../../ingest/index/rebuild';
import type { DataStore } from '../../src/stores';
import { startTestApi, TestApi } from '../support/api';
import { typeaheadCacheProbes } from '../support/typeahead-cache';
import { ingestSearchLots } from './search-support';

/**
 * The address typeahead's answer cache (TYPEAHEAD_CACHE) on real stores: a repeated keystroke
 * is answered without Elasticsearch, and every ingest or rebuild, by whatever process, is seen
 * within the documented bound (about 2 x TYPEAHEAD_CACHE_CHECK_MS).
 */

const CHECK_MS = 1000;

let api: TestApi;
let live: DataStore;

const lots = async (q: string, key?: string) => {
  const res = await api.get(`/api/v1/properties/search?q=${encodeURIComponent(q)}`, { key });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (res.body.data as Array<{ bbl: string; address: string | null }>).map((lot) => `${lot.bbl} ${lot.address}`);
};

const { searchesRun, nextAnswer, cached } = typeaheadCacheProbes({ answer: lots, store: () => live, family: 'properties', checkMs: CHECK_MS });

beforeAll(async () => {
  api = await startTestApi({ config: { typeaheadCache: { enabled: true, maxBytes: 1 << 20, checkMs: CHECK_MS } } });
  live = api.ns.stores.byMode.live;
  await ingestSearchLots(live, [
    { bbl: '1008350041', address: '350 5 AVENUE', zip: '10118' },
    { bbl: '1008350042', address: '352 5 AVENUE', zip: '10118' },
  ]);
});
afterAll(() => api?.stop());

test('a repeated keystroke is answered without asking Elasticsearch again', async () => {
  expect(await cached('350 5 av')).toBe(true);
  const before = await searchesRun();
  expect(await lots('350 5 av')).toEqual(['1008350041 350 5 AVENUE', '1008350042 352 5 AVENUE']);
  expect(await lots('350 5 av')).toEqual(['1008350041 350 5 AVENUE', '1008350042 352 5 AVENUE']);
  expect(await searchesRun()).toBe(before);
  // Another parameter is another answer.
  const res = await api.get('/api/v1/properties/search?q=350%205%20av&limit=1');
  expect(res.body.data).toHaveLength(1);
});

test('an ingest that changes a lot is seen within the bound', async () => {
  expect(await cached('350 5 av')).toBe(true);
  const before = await lots('350 5 av');
  await ingestSearchLots(live, [
    { bbl: '1008350041', address: '350 5 AVENUE', zip: '10118' },
    { bbl: '1008350042', address: '354 5 AVENUE', zip: '10118' },
  ]);
  expect(await nextAnswer('350 5 av', before)).toEqual(['1008350041 350 5 AVENUE', '1008350042 354 5 AVENUE']);
});

test('a rebuild (a new index behind the alias) drops the kept answers', async () => {
  expect(await cached('350 5 avenue')).toBe(true);
  await rebuildIndices(live, PROPERTIES);
  await new Promise((resolve) => setTimeout(resolve, 2 * CHECK_MS + 50));
  const before = await searchesRun();
  expect(await lots('350 5 avenue')).toEqual(['1008350041 350 5 AVENUE', '1008350042 354 5 AVENUE']);
  expect(await searchesRun()).toBeGreaterThan(before);
});

test('answers are kept per mode: a test key never sees a live answer', async () => {
  expect(await cached('350 5 av')).toBe(true);
  expect(await lots('350 5 av')).toHaveLength(2);
  expect(await lots('350 5 av', api.keys.test)).toEqual([]);
});
