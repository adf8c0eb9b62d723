import fs from 'node:fs';
import path from 'node:path';
import { CONTRACTORS } from '../../ingest/families';
import { refreshIndices } from '../../ingest/index/indices';
import { rebuildIndices } from '../../ingest/index/rebuild';
import type { DataStore } from '../../src/stores';
import { startTestApi, TestApi } from '../support/api';
import { typeaheadCacheProbes } from '../support/typeahead-cache';
import { defaultLine, loadOath, type OathLine, oathCsv, paidLine } from './support';

/**
 * The company typeahead's answer cache (TYPEAHEAD_CACHE) on real stores: a repeated keystroke
 * is answered without Elasticsearch, and every ingest or rebuild, by whatever process, is seen
 * within the documented bound (about 2 x TYPEAHEAD_CACHE_CHECK_MS).
 */

const CHECK_MS = 1000;
const AS_OF = new Date('2026-11-23T12:00:00Z');

let api: TestApi;
let live: DataStore;

const companies = async (q: string, key?: string) => {
  const res = await api.get(`/api/v1/contractors/search?q=${encodeURIComponent(q)}`, { key });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (res.body.data as Array<{ slug: string; finesDueCents: number }>).map((company) => `${company.slug} ${company.finesDueCents}`);
};

const { searchesRun, nextAnswer, cached } = typeaheadCacheProbes({ answer: companies, store: () => live, family: 'contractors', checkMs: CHECK_MS });

async function ingest(lines: OathLine[]): Promise<void> {
  const file = oathCsv(lines);
  try {
    await loadOath(live, file, AS_OF);
    await refreshIndices(live, CONTRACTORS);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

beforeAll(async () => {
  api = await startTestApi({ config: { typeaheadCache: { enabled: true, maxBytes: 1 << 20, checkMs: CHECK_MS } } });
  live = api.ns.stores.byMode.live;
  await ingest([paidLine('0300000001', 'HUDSON GLAZING CORP', '2025-03-02'), paidLine('0300000002', 'HUDSON PAVING INC', '2025-03-02')]);
});
afterAll(() => api?.stop());

test('a repeated keystroke is answered without asking Elasticsearch again', async () => {
  expect(await cached('hudson')).toBe(true);
  const before = await searchesRun();
  expect(await companies('hudson')).toEqual(['hudson-glazing-corp 0', 'hudson-paving-inc 0']);
  expect(await companies('hudson')).toEqual(['hudson-glazing-corp 0', 'hudson-paving-inc 0']);
  expect(await searchesRun()).toBe(before);
  // Another parameter is another answer.
  const res = await api.get('/api/v1/contractors/search?q=hudson&limit=1');
  expect(res.body.data).toHaveLength(1);
});

test('an ingest that changes a company is seen within the bound', async () => {
  expect(await cached('hudson')).toBe(true);
  const before = await companies('hudson');
  // A default with $900 due moves HUDSON PAVING first (the bigger balance among equal matches).
  await ingest([defaultLine('0300000003', 'HUDSON PAVING INC', '2026-10-01', { imposed: 900, sought: 500, fees: 0 })]);
  expect(await nextAnswer('hudson', before)).toEqual(['hudson-paving-inc 90000', 'hudson-glazing-corp 0']);
});

test('a rebuild (a new index behind the alias) drops the kept answers', async () => {
  expect(await cached('hudson paving')).toBe(true);
  await rebuildIndices(live, CONTRACTORS);
  await new Promise((resolve) => setTimeout(resolve, 2 * CHECK_MS + 50));
  const before = await searchesRun();
  expect(await companies('hudson paving')).toEqual(['hudson-paving-inc 90000']);
  expect(await searchesRun()).toBeGreaterThan(before);
});

test('answers are kept per mode: a test key never sees a live answer', async () => {
  expect(await cached('hudson')).toBe(true);
  expect(await companies('hudson')).toHaveLength(2);
  expect(await companies('hudson', api.keys.test)).toEqual([]);
});
