import { RESTAURANTS } from '../../ingest/families';
import { rebuildIndices } from '../../ingest/index/rebuild';
import type { DataStore } from '../../src/stores';
import { startTestApi, TestApi } from '../support/api';
import { typeaheadCacheProbes } from '../support/typeahead-cache';
import { EstablishmentSpec, ingestEstablishments } from './support';

/**
 * The typeahead's answer cache (TYPEAHEAD_CACHE) on real stores: a repeated keystroke is
 * answered without Elasticsearch, and every ingest or rebuild, by whatever process, is seen
 * within the documented bound (about 2 x TYPEAHEAD_CACHE_CHECK_MS).
 */

const CHECK_MS = 1000;
const est = (camis: string, name: string): EstablishmentSpec => ({ camis, name, zip: '10001', building: '12', street: 'WEST 34 STREET' });

let api: TestApi;
let live: DataStore;

const names = async (q: string, key?: string) => {
  const res = await api.get(`/api/v1/restaurants/search?q=${encodeURIComponent(q)}`, { key });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (res.body.data as Array<{ name: string }>).map((r) => r.name);
};

const { searchesRun, nextAnswer, cached } = typeaheadCacheProbes({ answer: names, store: () => live, family: 'restaurants', checkMs: CHECK_MS });

beforeAll(async () => {
  api = await startTestApi({ config: { typeaheadCache: { enabled: true, maxBytes: 1 << 20, checkMs: CHECK_MS } } });
  live = api.ns.stores.byMode.live;
  await ingestEstablishments(live, [est('41000001', 'QUILLFEATHER DINER'), est('41000002', 'QUILLFEATHER BAKERY')]);
});
afterAll(() => api?.stop());

test('a repeated query is answered without asking Elasticsearch again', async () => {
  expect(await cached('quillfeather')).toBe(true);
  const before = await searchesRun();
  expect(await names('quillfeather')).toEqual(['QUILLFEATHER BAKERY', 'QUILLFEATHER DINER']);
  expect(await names('quillfeather')).toEqual(['QUILLFEATHER BAKERY', 'QUILLFEATHER DINER']);
  expect(await searchesRun()).toBe(before);
  // Another parameter is another answer.
  const res = await api.get('/api/v1/restaurants/search?q=quillfeather&limit=1');
  expect(res.body.data).toHaveLength(1);
});

test('an ingest that renames an establishment is seen within the bound', async () => {
  expect(await cached('quillfeather')).toBe(true);
  const before = await names('quillfeather');
  await ingestEstablishments(live, [est('41000001', 'QUILLFEATHER DINER'), est('41000002', 'QUILLFEATHER PATISSERIE')]);
  expect(await nextAnswer('quillfeather', before)).toEqual(['QUILLFEATHER DINER', 'QUILLFEATHER PATISSERIE']);
});

test('a rebuild (a new index behind the alias) drops the kept answers', async () => {
  expect(await cached('quillfeather d')).toBe(true);
  await rebuildIndices(live, RESTAURANTS);
  await new Promise((resolve) => setTimeout(resolve, 2 * CHECK_MS + 50));
  const before = await searchesRun();
  expect(await names('quillfeather d')).toEqual(['QUILLFEATHER DINER']);
  expect(await searchesRun()).toBeGreaterThan(before);
});

test('answers are kept per mode: a test key never sees a live answer', async () => {
  expect(await cached('quillfeather')).toBe(true);
  expect(await names('quillfeather')).toHaveLength(2);
  expect(await names('quillfeather', api.keys.test)).toEqual([]);
});
