import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateRestaurants } from '../../ingest/generate/restaurants';
import { startTestApi, TestApi } from '../support/api';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../../ingest/families';
import { refreshIndices } from '../../ingest/index/indices';
import { ingestDataset } from '../../ingest/load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../../ingest/sources/restaurants';
import { fileSource } from '../../ingest/sources/source';

/**
 * Following the cursor of GET /violations over a generated data set larger than
 * Elasticsearch's 10,000-hit window returns every citation exactly once, checked against
 * Postgres. (bench/feed-export.ts runs the same check at 300k rows.)
 */

let api: TestApi;
let dir: string;

beforeAll(async () => {
  api = await startTestApi();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-export-'));
  const file = path.join(dir, 'generated.csv');
  const out = fs.createWriteStream(file);
  await generateRestaurants(out, { establishments: 1200, seed: 11 });
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const store = api.ns.stores.byMode.live;
  await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), { asOf: new Date('2024-10-09T00:00:00Z') });
  await refreshIndices(store, RESTAURANTS);
}, 240_000);
afterAll(async () => {
  await api?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the unfiltered violation feed reaches its last row, every row exactly once', async () => {
  const { rows } = await api.ns.stores.byMode.live.pg.query(`select camis || '|' || inspected_at || '|' || inspection_type || '|' || code as id from restaurant_citations`);
  const expected = new Set(rows.map((row) => row.id as string));
  expect(expected.size).toBeGreaterThan(10_000);

  const seen: string[] = [];
  let previous = '9999-12-31';
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: { status: number; body: { data: Array<{ camis: string; inspectedAt: string; inspectionType: string | null; code: string }>; meta: { nextCursor: string | null; returned: number } } } =
      await api.get(`/api/v1/violations?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    for (const row of res.body.data) {
      expect(row.inspectedAt <= previous).toBe(true);
      previous = row.inspectedAt;
      seen.push(`${row.camis}|${row.inspectedAt}|${row.inspectionType ?? ''}|${row.code}`);
    }
    cursor = res.body.meta.nextCursor;
    pages += 1;
  } while (cursor);

  expect(new Set(seen).size).toBe(seen.length);
  expect(seen.length).toBe(expected.size);
  for (const id of seen) expect(expected.has(id)).toBe(true);
  expect(pages).toBe(Math.ceil(expected.size / 100));
}, 240_000);
