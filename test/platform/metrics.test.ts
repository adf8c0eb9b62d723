import http from 'node:http';
import pino from 'pino';
import { RESTAURANTS } from '../../ingest/families';
import { registered } from '../../ingest/families/registry';
import { FIXTURE_FILE } from '../../ingest/fixture';
import { rederive } from '../../ingest/load/rederive';
import { syncDataset } from '../../ingest/sync/sync';
import { listenMetrics } from '../../src/http/metrics';
import { countWebhookDelivery, esOperation, reportWebhookQueue, sqlOperation } from '../../src/platform/metrics';
import { startTestApi, type TestApi } from '../support/api';
import { csvRows, startSodaServer } from '../support/soda-server';

/**
 * GET /metrics on its own listener, in the Prometheus text format: after a few requests the
 * counters and histograms of their route templates and statuses have moved, store calls are
 * timed by store and operation, and the ingest, outbox, sync age, rederive and webhook gauges
 * are there.
 */

let api: TestApi;
let metrics: http.Server;
let metricsUrl: string;

beforeAll(async () => {
  api = await startTestApi();
  metrics = (await listenMetrics({ metricsHost: '127.0.0.1', metricsPort: 0 }, pino({ level: 'silent' })))!;
  metricsUrl = `http://127.0.0.1:${(metrics.address() as { port: number }).port}/metrics`;
});
afterAll(async () => {
  metrics?.closeAllConnections();
  await new Promise((resolve) => metrics?.close(resolve));
  await api?.stop();
});

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample line (name and exact label set as written), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  return found(text, name, labels) ?? 0;
}

/** The value of one sample line, undefined when absent. */
function found(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const set = line.slice(name.length + 1, line.lastIndexOf('}')).split(',');
    if (set.length === wanted.length && wanted.every((pair) => set.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('counts and times requests by route template (never the raw path) and status', async () => {
    const before = await scrape();
    const profile = { method: 'GET', route: '/api/v1/restaurants/{camis}', status: '404' };
    const feed = { method: 'GET', route: '/api/v1/violations', status: '200' };
    const refused = { method: 'GET', route: '/api/v1/violations', status: '400' };
    await api.get('/api/v1/restaurants/99999991');
    await api.get('/api/v1/restaurants/99999992');
    await api.get('/api/v1/violations?limit=1');
    await api.get('/api/v1/violations?limit=1&format=csv');
    await api.get('/api/v1/violations?nope=1');
    await api.get('/api/v1/no/such/path');
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved('http_requests_total', profile)).toBe(2);
    expect(moved('http_requests_total', feed)).toBe(2);
    expect(moved('http_requests_total', refused)).toBe(1);
    expect(moved('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', profile)).toBe(2);
    expect(moved('http_request_duration_seconds_bucket', { ...feed, le: '+Inf' })).toBe(2);
    // The raw path of a request never becomes a label.
    expect(after).not.toContain('99999991');
  });

  it('counts a request refused before routing (no key, a body that is not JSON) under the route it asked for', async () => {
    const before = await scrape();
    await api.get('/api/v1/restaurants/99999993', { key: null });
    await api.request('POST', '/api/v1/restaurants/batch', { headers: { 'Content-Type': 'application/json' }, rawBody: '{"camis": [' });
    await api.request('POST', '/api/v1/restaurants/batch', { key: `ik_live_${'Q'.repeat(40)}`, body: { camis: [] } });
    const after = await scrape();
    const moved = (labels: Record<string, string>) => sample(after, 'http_requests_total', labels) - sample(before, 'http_requests_total', labels);
    expect(moved({ method: 'GET', route: '/api/v1/restaurants/{camis}', status: '401' })).toBe(1);
    expect(moved({ method: 'POST', route: '/api/v1/restaurants/batch', status: '400' })).toBe(1);
    expect(moved({ method: 'POST', route: '/api/v1/restaurants/batch', status: '401' })).toBe(1);
    expect(moved({ method: 'GET', route: 'unmatched', status: '401' }) + moved({ method: 'POST', route: 'unmatched', status: '400' })).toBe(0);
  });

  it('times store calls by store and operation', async () => {
    await api.get('/api/v1/violations?limit=1');
    const text = await scrape();
    expect(sample(text, 'store_request_duration_seconds_count', { store: 'elasticsearch', operation: 'search', outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'store_request_duration_seconds_count', { store: 'postgres', operation: 'select', outcome: 'ok' })).toBeGreaterThan(0);
  });

  it('reads ingest runs and the outboxes at scrape time', async () => {
    const store = api.ns.stores.byMode.live;
    await store.pg.query(`insert into ingest_runs (family, source, as_of, finished_at, rows_read, rows_loaded, rows_merged, rows_rejected) values ('restaurants', 'test', now(), now(), 10, 8, 1, 1)`);
    await store.pg.query(`insert into ingest_runs (family, source, as_of) values ('properties', 'test', now())`);
    await store.pg.query(`insert into restaurant_outbox (camis, created_at) values ('1', now() - interval '90 seconds'), ('2', now())`);
    const text = await scrape();
    expect(sample(text, 'ingest_runs', { mode: 'live', family: 'restaurants', state: 'finished' })).toBe(1);
    expect(sample(text, 'ingest_runs', { mode: 'live', family: 'properties', state: 'unfinished' })).toBe(1);
    expect(sample(text, 'ingest_rows', { mode: 'live', family: 'restaurants', kind: 'rejected' })).toBe(1);
    expect(sample(text, 'ingest_rows', { mode: 'live', family: 'restaurants', kind: 'read' })).toBe(10);
    expect(sample(text, 'ingest_last_finished_timestamp_seconds', { mode: 'live', family: 'restaurants' })).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(sample(text, 'outbox_pending_rows', { mode: 'live', outbox: 'restaurant_outbox' })).toBe(2);
    expect(sample(text, 'outbox_oldest_age_seconds', { mode: 'live', outbox: 'restaurant_outbox' })).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'outbox_pending_rows', { mode: 'test', outbox: 'contractor_outbox' })).toBe(0);
    await store.pg.query('delete from restaurant_outbox');
  });

  it("ages each data set from its last successful sync, per mode, and names each family's last rederive", async () => {
    const portal = await startSodaServer();
    const store = api.ns.stores.byMode.live;
    const restaurants = registered('restaurants')!;
    const sync = () => syncDataset(store, restaurants, { base: portal.url, pageSize: 1000, backoffMs: 1, attempts: 1 });
    const age = async (mode = 'live') => found(await scrape(), 'dataset_sync_age_seconds', { mode, dataset: 'restaurants' });
    try {
      portal.publish('43nn-pn8j', csvRows(FIXTURE_FILE));
      expect(await age()).toBeUndefined();
      expect((await sync()).status).toBe('synced');
      expect(await age()).toBeGreaterThanOrEqual(0);
      // The sync as if it ended an hour ago.
      await store.pg.query("update sync_runs set started_at = started_at - interval '1 hour', finished_at = finished_at - interval '1 hour' where dataset = 'restaurants'");
      expect(await age()).toBeGreaterThanOrEqual(3600);

      // A failed sync leaves the age where the last good one put it.
      portal.renameColumn('43nn-pn8j', 'camis', 'camis_number');
      portal.change('43nn-pn8j', () => true, (row) => row);
      expect((await sync()).status).toBe('failed');
      expect(await age()).toBeGreaterThanOrEqual(3600);

      portal.renameColumn('43nn-pn8j', 'camis_number', 'camis');
      expect((await sync()).status).toBe('synced');
      expect(await age()).toBeLessThan(3600);
      // Test mode syncs nothing of its own here.
      expect(await age('test')).toBeUndefined();

      await rederive(store, RESTAURANTS, new Date());
      expect(sample(await scrape(), 'rederive_last_finished_timestamp_seconds', { mode: 'live', family: 'restaurants' })).toBeGreaterThan(0);
    } finally {
      await portal.close();
    }
  });

  it('shows the webhook queue depth and deliveries the webhook worker reports', async () => {
    reportWebhookQueue(async () => ({ created: 3, retry: 1 }));
    countWebhookDelivery('failed');
    const text = await scrape();
    expect(sample(text, 'webhook_queue_depth', { state: 'created' })).toBe(3);
    expect(sample(text, 'webhook_queue_depth', { state: 'retry' })).toBe(1);
    expect(sample(text, 'webhook_deliveries_total', { outcome: 'failed' })).toBeGreaterThanOrEqual(1);
  });

  it('is not served by the API port, with or without a key', async () => {
    expect((await api.get('/metrics')).status).toBe(404);
    expect((await api.get('/metrics', { key: null })).status).toBe(404);
    const other = await fetch(metricsUrl.replace('/metrics', '/other'));
    expect(other.status).toBe(404);
  });
});

describe('metric labels', () => {
  it('name a SQL statement by its verb and an Elasticsearch request by its API', () => {
    expect(sqlOperation('  SELECT 1')).toBe('select');
    expect(sqlOperation({ text: 'with x as (select 1) select * from x' })).toBe('with');
    expect(sqlOperation('explain select 1')).toBe('other');
    expect(sqlOperation(undefined)).toBe('other');
    expect(esOperation('/nyc_live_restaurants/_search')).toBe('search');
    expect(esOperation('/_pit')).toBe('pit');
    expect(esOperation('/nyc_live_restaurants/_pit')).toBe('pit');
    expect(esOperation('/_bulk')).toBe('bulk');
    expect(esOperation('/nyc_live_restaurants')).toBe('other');
  });
});
