import http from 'node:http';
import { parse } from 'csv-parse/sync';
import { CONTRACTORS, PROPERTIES, RESTAURANTS } from '../../ingest/families';
import { loadTestModeFixture } from '../../ingest/fixture';
import { refreshIndices } from '../../ingest/index/indices';
import { type ApiResponse, startTestApi, type TestApi } from '../support/api';
import { pageAll } from '../support/pages';

/**
 * Every exportable list answers GET <list>.csv, and format=csv (or Accept: text/csv) on the
 * list itself, with the whole list: the JSON pages concatenated, in order, under the same
 * filters, one row per item in the declared columns. Read from the test-mode fixture of the three families, with exports
 * batched by 2 rows so every export crosses several store batches (and Elasticsearch
 * exports several search_after requests in one point in time).
 */

let api: TestApi;
let bbl: string;
let slug: string;

beforeAll(async () => {
  api = await startTestApi({ config: { exportBatchRows: 2 } });
  const store = api.ns.stores.byMode.test;
  await loadTestModeFixture(store);
  for (const family of [RESTAURANTS, PROPERTIES, CONTRACTORS]) await refreshIndices(store, family);
  // The fixture lot and company with the most rows, so their exports cross batches.
  bbl = (await store.pg.query(`select bbl from property_violations group by bbl order by count(*) desc, bbl limit 1`)).rows[0].bbl;
  slug = (await store.pg.query(`select company from contractor_tickets group by company order by count(*) desc, company limit 1`)).rows[0].company;
}, 120_000);
afterAll(() => api?.stop());

const asTest = (path: string, headers?: Record<string, string>) => api.get(path, { key: api.keys.test, headers });

/** A JSON item's value as its CSV cell: empty for null, otherwise its text (objects as JSON). */
const cell = (value: unknown) => (value == null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

function csvRecords(res: ApiResponse): string[][] {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w-]+\.csv"$/);
  expect(res.text.endsWith('\r\n')).toBe(true);
  return parse(res.text) as string[][];
}

/** The CSV export and the JSON pages (5 a page) of one list and query agree row for row. */
async function expectCsvIsTheJsonPages(path: string, params: string): Promise<{ rows: number; items: any[] }> {
  const items = await pageAll(api, path, params, 5, { key: api.keys.test });
  const [header, ...records] = csvRecords(await asTest(`${path}?${params}${params ? '&' : ''}format=csv`));
  // The declared columns are exactly the items' fields (the lists' items are flat).
  for (const item of items) expect([...header].sort()).toEqual(Object.keys(item).sort());
  expect(records).toEqual(items.map((item) => header.map((column) => cell(item[column]))));
  return { rows: records.length, items };
}

describe.each([
  ['restaurant browse', () => '/api/v1/restaurants', ['', 'sort=name', 'sort=lastInspectedAt&borough=Manhattan,Brooklyn', 'grade=A']],
  // Every feed filter (the feeds' exports come from Postgres: each filter is translated one for one); q and the circle walk the index.
  ['violation feed', () => '/api/v1/violations', [
    '', 'critical=true', 'category=vermin,hygiene&since=2024-01-01', 'code=04m,08A&borough=Manhattan,Queens', 'zip=10014,11372&cuisine=PIZZA,Cuban',
    'critical=false&until=2025-12-31', 'q=cafe', 'lat=40.7305&lng=-74.0023&radius=2000',
  ]],
  ['inspection feed', () => '/api/v1/inspections', ['', 'minScore=14', 'grade=A,B&borough=Queens,Manhattan', 'closedRestaurant=true', 'closedRestaurant=false&since=2025-01-01&until=2026-12-31']],
  ['contractor browse', () => '/api/v1/contractors', ['', 'sort=name', 'sort=-finesDueCents']],
  ["a contractor's tickets", () => `/api/v1/contractors/${slug}/tickets`, ['', 'sort=date', 'status=defaulted,open']],
  ["a lot's violations", () => `/api/v1/properties/${bbl}/violations`, ['', 'sort=-penalty', 'status=open&sort=date']],
  ["a lot's permits", () => `/api/v1/properties/${bbl}/permits`, ['', 'sort=date', 'status=closed']],
])('%s', (_name, path, queries) => {
  it('exports the whole list as the JSON pages concatenated, under each filter and order', async () => {
    const counts: number[] = [];
    for (const params of queries) counts.push((await expectCsvIsTheJsonPages(path(), params)).rows);
    // The unfiltered export crosses several batches of 2.
    expect(counts[0]).toBeGreaterThan(2);
  });

  it('answers Accept: text/csv the same; format=json wins over Accept', async () => {
    const byParam = await asTest(`${path()}?format=csv`);
    const byAccept = await asTest(path(), { Accept: 'text/csv' });
    expect(byAccept.text).toBe(byParam.text);
    const json = await asTest(`${path()}?format=json`, { Accept: 'text/csv' });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    // A browser's Accept (HTML first, anything after) still gets JSON.
    const browser = await asTest(path(), { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(browser.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('starts after a cursor: the export from page 2 on is the rest of the pages', async () => {
    const first = await asTest(`${path()}?limit=2`);
    const all = csvRecords(await asTest(`${path()}?format=csv`));
    const rest = csvRecords(await asTest(`${path()}?format=csv&limit=2&cursor=${encodeURIComponent(first.body.meta.nextCursor)}`));
    expect(rest).toEqual([all[0], ...all.slice(3)]);
  });

  it('answers GET <path>.csv, its own operation, as format=csv does, byte for byte, whatever Accept says', async () => {
    for (const params of queries) {
      const byParam = await asTest(`${path()}?${params}${params ? '&' : ''}format=csv`);
      const byOperation = await asTest(`${path()}.csv${params ? `?${params}` : ''}`, { Accept: 'application/json' });
      csvRecords(byOperation);
      expect(byOperation.text).toBe(byParam.text);
      expect(byOperation.headers.get('content-disposition')).toBe(byParam.headers.get('content-disposition'));
    }
    // A cursor of the JSON pages starts the export after its page there too.
    const first = await asTest(`${path()}?limit=2`);
    const cursor = encodeURIComponent(first.body.meta.nextCursor);
    expect((await asTest(`${path()}.csv?limit=2&cursor=${cursor}`)).text).toBe((await asTest(`${path()}?format=csv&limit=2&cursor=${cursor}`)).text);
  });

  it('refuses a format on GET <path>.csv, which takes none, in the error envelope', async () => {
    const res = await asTest(`${path()}.csv?format=csv`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.error.code).toBe('unknown_parameter');
  });

  it('refuses a format it does not know, in the error envelope', async () => {
    const res = await asTest(`${path()}?format=xlsx`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_parameter', param: 'format' });
  });
});

describe('CSV exports', () => {
  it('refuse an unknown lot or company in the error envelope, before any row is sent', async () => {
    for (const path of ['/api/v1/properties/1000000001/violations', '/api/v1/properties/1000000001/permits', '/api/v1/contractors/no-such-company/tickets']) {
      const res = await asTest(`${path}?format=csv`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('refuse an unknown lot or company, a bad value or a cursor of another query on GET <list>.csv as on the list, in the error envelope', async () => {
    for (const path of ['/api/v1/properties/1000000001/violations.csv', '/api/v1/properties/1000000001/permits.csv', '/api/v1/contractors/no-such-company/tickets.csv']) {
      const res = await asTest(path);
      expect([res.status, res.headers.get('content-type'), res.body.error.code]).toEqual([404, 'application/json; charset=utf-8', 'not_found']);
    }
    const badValue = await asTest('/api/v1/violations.csv?since=2025-02-30');
    expect([badValue.status, badValue.body.error]).toEqual([400, expect.objectContaining({ code: 'invalid_parameter', param: 'since' })]);
    const first = await asTest('/api/v1/restaurants?limit=2&sort=name');
    const otherQuery = await asTest(`/api/v1/restaurants.csv?sort=-name&cursor=${encodeURIComponent(first.body.meta.nextCursor)}`);
    expect([otherQuery.status, otherQuery.body.error.code]).toEqual([400, 'invalid_cursor']);
  });

  it('refuse a cursor of another query, as a page does', async () => {
    const first = await asTest('/api/v1/restaurants?limit=2&sort=name');
    const res = await asTest(`/api/v1/restaurants?format=csv&sort=-name&cursor=${encodeURIComponent(first.body.meta.nextCursor)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_cursor');
  });

  it('write an empty list as its header row alone', async () => {
    const records = csvRecords(await asTest('/api/v1/restaurants?format=csv&zip=00501'));
    expect(records).toEqual([['camis', 'name', 'address', 'borough', 'zip', 'cuisine', 'grade', 'score', 'closed', 'riskLevel', 'riskScore', 'lastInspectedAt', 'latitude', 'longitude', 'openViolations']]);
  });

  it('quote the fields that need it, as the JSON has them (names with commas, quotes, apostrophes)', async () => {
    const res = await asTest('/api/v1/violations?format=csv');
    const quoted = res.text.split('\r\n').filter((line) => line.includes('"'));
    expect(quoted.length).toBeGreaterThan(0);
  });

  it('are cut off past EXPORT_MAX_SECONDS: the client sees an incomplete transfer, never a short file that looks whole', async () => {
    // The running app reads its config object at each export.
    const config = api.ns.config;
    const limit = config.exportMaxSeconds;
    config.exportMaxSeconds = 0;
    try {
      const res = await fetch(`${api.url}/api/v1/violations?format=csv`, { headers: { Authorization: `Bearer ${api.keys.test}` } });
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
    } finally {
      config.exportMaxSeconds = limit;
    }
    // The server serves on.
    expect(csvRecords(await asTest('/api/v1/violations?format=csv')).length).toBeGreaterThan(2);
  });

  it('leave no timer behind: a finished export is never failed later by its statement timeout', async () => {
    // The export's client-side timeout is EXPORT_MAX_SECONDS + 5 s: 6 s here.
    const config = api.ns.config;
    const limit = config.exportMaxSeconds;
    config.exportMaxSeconds = 1;
    let requestId: string | null;
    try {
      const res = await asTest('/api/v1/violations?format=csv');
      requestId = res.headers.get('x-request-id');
      expect(csvRecords(res).length).toBeGreaterThan(2);
    } finally {
      config.exportMaxSeconds = limit;
    }
    await new Promise((resolve) => setTimeout(resolve, 6500));
    // This export's lines only: an export cut off by an earlier test may log its own end late.
    expect(requestId).toBeTruthy();
    expect(api.logs.filter((line) => line.includes('CSV export cut off') && line.includes(requestId!))).toEqual([]);
  }, 20_000);

  it('end quietly when the client leaves mid-export', async () => {
    // node:http, whose socket is simply closed after the first bytes (fetch's abort of a body
    // already being read can leave the reader waiting on Node 20).
    for (const path of ['/api/v1/violations', `/api/v1/properties/${bbl}/violations`]) {
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`${api.url}${path}?format=csv`, { headers: { Authorization: `Bearer ${api.keys.test}` } }, (res) => {
          res.once('data', () => {
            request.destroy();
            resolve();
          });
          res.once('end', resolve);
        });
        request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve() : reject(error)));
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(csvRecords(await asTest('/api/v1/violations?format=csv')).length).toBeGreaterThan(2);
  });

  it('count as one request against the daily limit', async () => {
    const keys = await api.createKeys({ tier: 'standard', dailyLimit: 100 });
    const before = await api.get('/api/v1/violations?limit=1', { key: keys.test });
    await api.get('/api/v1/violations?format=csv', { key: keys.test });
    await api.get('/api/v1/violations.csv', { key: keys.test });
    const after = await api.get('/api/v1/violations?limit=1', { key: keys.test });
    expect(Number(before.headers.get('x-ratelimit-remaining')) - Number(after.headers.get('x-ratelimit-remaining'))).toBe(3);
  });
});

describe('Postgres exports on a server whose default DateStyle is not ISO', () => {
  let dmy: TestApi;
  beforeAll(async () => {
    // A server or URL whose sessions would start in DateStyle SQL, DMY (15/03/2024).
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('options', '-c datestyle=SQL,DMY');
    dmy = await startTestApi({ config: { databaseUrl: url.toString() } });
    const store = dmy.ns.stores.byMode.test;
    await loadTestModeFixture(store);
    await refreshIndices(store, RESTAURANTS);
  }, 120_000);
  afterAll(() => dmy?.stop());

  it('write dates as YYYY-MM-DD, as the JSON has them: the pool pins DateStyle ISO', async () => {
    const store = dmy.ns.stores.byMode.test;
    expect((await store.pg.query('show datestyle')).rows[0].DateStyle).toBe('ISO, YMD');
    for (const path of ['/api/v1/violations', '/api/v1/inspections']) {
      const [header, ...records] = csvRecords(await dmy.get(`${path}?format=csv`, { key: dmy.keys.test }));
      const items = await pageAll(dmy, path, '', 100, { key: dmy.keys.test });
      const at = header.indexOf('inspectedAt');
      expect(records.length).toBeGreaterThan(2);
      expect(records.map((record) => record[at])).toEqual(items.map((item) => item.inspectedAt));
      expect(records.every((record) => /^\d{4}-\d{2}-\d{2}$/.test(record[at]))).toBe(true);
    }
  });
});
