import http from 'node:http';
import pino from 'pino';
import { Writable } from 'node:stream';
import { Webhook } from 'standardwebhooks';
import { RESTAURANT_INSPECTIONS_LOAD } from '../../ingest/families/restaurants';
import { FIXTURE_FILE } from '../../ingest/fixture';
import type { Mode } from '../../src/db/schemas';
import { hashKey, revokeKeys } from '../../src/platform/keys';
import { metricsRegistry } from '../../src/platform/metrics';
import { webhookFigures } from '../../src/changes/webhooks/store';
import type { WebhooksConfig } from '../../src/config';
import { startWebhookWorker, type WebhookWorker } from '../../src/changes/webhooks/worker';
import { startTestApi, TestApi } from '../support/api';
import { ingestDataset } from '../../ingest/load/pipeline';
import { fileSource } from '../../ingest/sources/source';
import type { DataStore } from '../../src/stores';
import { CHANGE_VOCABULARY } from '../../src/families';
import { ownerFigures } from '../../src/owners/figures';

/** The ingest's load of a restaurant file, without Elasticsearch: the change feed and webhooks read Postgres only. */
const loadFile = (store: DataStore, file: string, asOf: Date) =>
  ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS_LOAD.source, file), { asOf, index: false });


interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A local receiver: answers each request with the next planned answer (a status, or 'hang'), then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const plan: Array<number | 'hang'> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const answer = plan.shift() ?? 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString(), path: req.url ?? '' });
      if (answer === 'hang') return void setTimeout(() => res.destroy(), 2000);
      res.statusCode = answer;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    received,
    plan,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const SETTINGS: WebhooksConfig = { worker: true, allowPrivateTargets: true, retryDelaySeconds: 1, retryLimit: 3, timeoutMs: 500, concurrency: 4, subscriptionConcurrency: 2 };

describe('webhooks', () => {
  let api: TestApi;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: WebhookWorker | null = null;
  let other: { live: string; test: string };

  /** What the worker logged, one JSON line each. */
  const workerLogs: string[] = [];
  const startWorker = () => {
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (workerLogs.push(chunk.toString()), done()) }));
    worker = startWebhookWorker({ config: api.ns.config, stores: api.ns.stores, logger, vocabulary: CHANGE_VOCABULARY, portfolios: ownerFigures });
  };
  const stopWorker = async () => {
    await worker?.stop();
    worker = null;
  };
  /** A change as the ingest records it (ingest/changes/feed.ts), with its notification. */
  const recordChange = async (mode: Mode, change: { family?: string; entityId: string; kind: string; zip?: string; borough?: string }) => {
    const pg = api.ns.stores.byMode[mode].pg;
    const { rows } = await pg.query(
      `insert into changes (family, entity_id, kind, occurred_at, zip, borough, detail) values ($1, $2, $3, now(), $4, $5, '{}') returning id`,
      [change.family ?? 'restaurant', change.entityId, change.kind, change.zip ?? null, change.borough ?? null],
    );
    await pg.query(`select pg_notify('changes_recorded', current_schema())`);
    return `chg_${rows[0].id}`;
  };
  const subscribe = async (body: Record<string, unknown>, key = api.keys.live) => {
    const res = await api.post('/api/v1/webhooks', { url: `${receiver.url}/hook`, ...body }, { key });
    expect(res.status).toBe(201);
    return res.body.data as { webhook: { id: string }; secret: string };
  };
  const deliveries = async (id: string, key = api.keys.live) => (await api.get(`/api/v1/webhooks/${id}/deliveries`, { key })).body.data as any[];
  const eventsOf = (subscriptionId: string) => receiver.received.filter((r) => JSON.parse(r.body).subscriptionId === subscriptionId);

  beforeAll(async () => {
    api = await startTestApi({ config: { webhooks: SETTINGS } }); // a receiver on 127.0.0.1 is allowed
    other = await api.createKeys({ name: 'someone else' });
    receiver = await startReceiver();
    startWorker();
  });
  afterAll(async () => {
    await stopWorker();
    await receiver?.close();
    await api?.stop(); // drops the namespace's schemas, its pg-boss <ns>_jobs with them
  });

  it('a key creates, lists and deletes its own subscriptions; the secret is shown once', async () => {
    const created = await api.post('/api/v1/webhooks', { url: 'https://hooks.example.com/nyc', kinds: ['grade_change'], boroughs: ['Brooklyn'], description: 'mine' });
    expect(created.status).toBe(201);
    const { webhook, secret } = created.body.data;
    expect(secret).toMatch(/^whsec_/);
    expect(webhook).toMatchObject({ url: 'https://hooks.example.com/nyc', mode: 'live', kinds: ['grade_change'], boroughs: ['Brooklyn'], families: [], entityIds: [], zips: [], description: 'mine' });
    const listed = await api.get('/api/v1/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((w: any) => w.id)).toContain(webhook.id);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    // Another key, and the same pair's test key, see none of it.
    expect((await api.get('/api/v1/webhooks', { key: other.live })).body.data).toEqual([]);
    expect((await api.get('/api/v1/webhooks', { key: api.keys.test })).body.data).toEqual([]);
    expect((await api.request('DELETE', `/api/v1/webhooks/${webhook.id}`, { key: other.live })).status).toBe(404);
    expect((await api.get(`/api/v1/webhooks/${webhook.id}/deliveries`, { key: other.live })).status).toBe(404);
    expect((await api.request('DELETE', `/api/v1/webhooks/${webhook.id}`)).status).toBe(204);
    expect((await api.request('DELETE', `/api/v1/webhooks/${webhook.id}`)).status).toBe(404);
    expect((await api.get('/api/v1/webhooks')).body.data.map((w: any) => w.id)).not.toContain(webhook.id);
  });

  it('refuses bad subscriptions in the envelope', async () => {
    for (const body of [
      {},
      { url: 'ftp://example.com/' },
      { url: 'https://u:p@example.com/' },
      { url: 'not a url' },
      { url: 'https://example.com/', kinds: ['nope'] },
      { url: 'https://example.com/', zips: ['1001'] },
      { url: 'https://example.com/', entityIds: ['a b'] },
      { url: 'https://example.com/', portfolioIds: ['12'] },
      { url: 'https://example.com/', extra: 1 },
      { url: 'https://example.com/', families: 'restaurant' },
      // A body spells enumerated values as the document does (query parameters are read in any case).
      { url: 'https://example.com/', boroughs: ['brooklyn'] },
      [],
    ]) {
      const res = await api.post('/api/v1/webhooks', body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.error.code).toBe('invalid_body');
    }
    expect((await api.get('/api/v1/webhooks?x=1')).status).toBe(400);
    expect((await api.request('DELETE', '/api/v1/webhooks/nope')).status).toBe(400);
  });

  it('delivers the ingest\'s changes signed, once each, to the subscriptions of the same mode only', async () => {
    const live = await subscribe({ entityIds: ['41000001'] });
    const test = await subscribe({}, api.keys.test);
    const store = api.ns.stores.byMode.live;
    await loadFile(store, FIXTURE_FILE, new Date('2026-03-01T00:00:00Z'));
    const later = require('node:fs').readFileSync(FIXTURE_FILE, 'utf8').trimEnd().split('\n');
    const joes = later.find((line: string) => line.startsWith('41000001,'));
    const file = require('node:path').join(require('node:os').tmpdir(), `webhooks-${process.pid}.csv`);
    require('node:fs').writeFileSync(file, `${[...later, joes.replace('06/14/2023,Violations', '03/02/2026,Violations').replace(',9,A,06/14/2023,', ',18,B,03/02/2026,')].join('\n')}\n`);
    await loadFile(store, file, new Date('2026-03-03T00:00:00Z'));
    require('node:fs').rmSync(file);

    const events = await until('three live events', async () => (eventsOf(live.webhook.id).length >= 3 ? eventsOf(live.webhook.id) : null));
    expect(events.map((e) => JSON.parse(e.body).type).sort()).toEqual(['grade_change', 'new_citation', 'new_inspection']);
    for (const event of events) {
      const body = JSON.parse(event.body);
      expect(event.path).toBe('/hook');
      expect(event.headers['content-type']).toBe('application/json');
      expect(event.headers['webhook-id']).toBe(body.id);
      expect(body).toMatchObject({ mode: 'live', subscriptionId: live.webhook.id, data: { id: body.id, family: 'restaurant', entityId: '41000001', link: '/api/v1/restaurants/41000001' } });
      // Standard Webhooks: the reference library verifies it with the subscription's secret, and refuses it under another secret or another id.
      const headers = { 'webhook-id': String(event.headers['webhook-id']), 'webhook-timestamp': String(event.headers['webhook-timestamp']), 'webhook-signature': String(event.headers['webhook-signature']) };
      expect(new Webhook(live.secret).verify(event.body, headers)).toEqual(body);
      expect(() => new Webhook(test.secret).verify(event.body, headers)).toThrow(/signature/);
      expect(() => new Webhook(live.secret).verify(event.body, { ...headers, 'webhook-id': 'chg_999999' })).toThrow(/signature/);
    }
    const recorded = await until('delivered records', async () => {
      const rows = await deliveries(live.webhook.id);
      return rows.length === 3 && rows.every((row) => row.status === 'delivered') ? rows : null;
    });
    expect(recorded.every((row) => row.attempts === 1 && row.lastStatusCode === 200)).toBe(true);
    // The test key's subscription got none of the live changes; a test-mode change reaches it alone.
    expect(eventsOf(test.webhook.id)).toEqual([]);
    const id = await recordChange('test', { entityId: '41000001', kind: 'closure' });
    const [event] = await until('the test event', async () => (eventsOf(test.webhook.id).length ? eventsOf(test.webhook.id) : null));
    expect(JSON.parse(event.body)).toMatchObject({ id, mode: 'test', type: 'closure' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(eventsOf(live.webhook.id)).toHaveLength(3);
    await api.request('DELETE', `/api/v1/webhooks/${live.webhook.id}`);
    await api.request('DELETE', `/api/v1/webhooks/${test.webhook.id}`, { key: api.keys.test });
  });

  it("a portfolio subscription receives the portfolio's own changes and those of the lots placed in it", async () => {
    const pg = api.ns.stores.byMode.live.pg;
    // Two portfolios as a regrouping leaves them (ingest/families/owners/portfolios.ts).
    await pg.query(
      `insert into owner_portfolios (portfolio_id, lots, units, people, addresses, corporations, grouped_at)
       values ('1001000001', 2, 0, '[]', '[]', '[]', now()), ('2002000003', 1, 0, '[]', '[]', '[]', now())`,
    );
    await pg.query(`insert into owner_portfolio_lots (bbl, portfolio_id, registration_id) values ('1001000001', '1001000001', 'r1'), ('1001000002', '1001000001', 'r2'), ('2002000003', '2002000003', 'r3')`);
    const hook = await subscribe({ portfolioIds: ['1001000001'] });
    expect(hook.webhook).toMatchObject({ portfolioIds: ['1001000001'], entityIds: [] });
    const joined = await recordChange('live', { family: 'owner', entityId: '1001000001', kind: 'lot_joined' });
    await recordChange('live', { family: 'owner', entityId: '2002000003', kind: 'lot_left' });
    const violation = await recordChange('live', { family: 'property', entityId: '1001000002', kind: 'new_violation' });
    await recordChange('live', { family: 'property', entityId: '2002000003', kind: 'new_violation' });
    // A lot with no portfolio, and a restaurant whose camis happens to be nobody's lot.
    await recordChange('live', { family: 'property', entityId: '1001000009', kind: 'new_violation' });
    await recordChange('live', { entityId: '1001000001', kind: 'closure' });
    const events = await until('the portfolio events', async () => (eventsOf(hook.webhook.id).length >= 2 ? eventsOf(hook.webhook.id) : null));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(eventsOf(hook.webhook.id).map((e) => [JSON.parse(e.body).id, JSON.parse(e.body).data.family]).sort()).toEqual([[joined, 'owner'], [violation, 'property']].sort());
    expect(events.map((e) => JSON.parse(e.body).data.link).sort()).toEqual(['/api/v1/portfolios/1001000001', '/api/v1/properties/1001000002']);
    await api.request('DELETE', `/api/v1/webhooks/${hook.webhook.id}`);
  });

  it('retries after 500s and timeouts, then delivers; the attempts are recorded', async () => {
    const hook = await subscribe({ entityIds: ['retry-1'], families: ['contractor'] });
    receiver.plan.push(500, 'hang', 503);
    const id = await recordChange('live', { family: 'contractor', entityId: 'retry-1', kind: 'default' });
    const [row] = await until('the delivery after retries', async () => {
      const rows = await deliveries(hook.webhook.id);
      return rows[0]?.status === 'delivered' ? rows : null;
    }, 45_000);
    expect(row).toMatchObject({ eventId: id, attempts: 4, lastStatusCode: 200, lastError: null });
    const attempts = eventsOf(hook.webhook.id);
    expect(attempts).toHaveLength(4);
    // One event id on every attempt, each attempt signed with its own timestamp.
    expect(new Set(attempts.map((a) => a.headers['webhook-id']))).toEqual(new Set([id]));
    await api.request('DELETE', `/api/v1/webhooks/${hook.webhook.id}`);
  });

  it('gives up after the retry limit and records the failure', async () => {
    const hook = await subscribe({ entityIds: ['fail-1'] });
    receiver.plan.push(500, 500, 500, 500);
    await recordChange('live', { entityId: 'fail-1', kind: 'closure' });
    const [row] = await until('the failed delivery', async () => {
      const rows = await deliveries(hook.webhook.id);
      return rows[0]?.status === 'failed' ? rows : null;
    }, 45_000);
    expect(row).toMatchObject({ attempts: 4, lastStatusCode: 500, lastError: 'http_500' });
    // What /metrics reports: nothing queued now; the failed delivery, and every failed attempt so far (3 before the retried one delivered, 4 here).
    expect(await webhookFigures(api.ns.stores.platform)).toEqual({ queued: 0, retrying: 0, failed: 1, failedAttempts: 7 });
    // ... and what the worker counts and reports into the metrics registry.
    const counted = (await metricsRegistry.getSingleMetric('webhook_deliveries_total')!.get()).values;
    const outcome = (name: string) => counted.find((value) => value.labels.outcome === name)?.value ?? 0;
    expect([outcome('gave_up'), outcome('failed') >= 3, outcome('delivered') >= 1]).toEqual([1, true, true]);
    const depth = (await metricsRegistry.getSingleMetric('webhook_queue_depth')!.get()).values;
    expect(depth.map((value) => [value.labels.state, value.value]).sort()).toEqual([['pending', 0], ['retrying', 0]]);
    await api.request('DELETE', `/api/v1/webhooks/${hook.webhook.id}`);
  });

  it('records why an attempt failed in a fixed vocabulary; the full error goes to the log only', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    // Reads the request and never answers.
    const silent = http.createServer((req) => req.resume());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}/hook`;
    try {
      const cases = [
        { url: `http://127.0.0.1:${closedPort}/hook`, error: 'connection_refused', logged: /ECONNREFUSED 127\.0\.0\.1/ },
        // TLS spoken to a plain HTTP server: the handshake fails.
        { url: `${receiver.url.replace('http:', 'https:')}/hook`, error: 'tls', logged: /EPROTO|SSL/ },
        { url: silentUrl, error: 'timeout', logged: /no answer within 500 ms/ },
      ];
      const hooks: Array<Awaited<ReturnType<typeof subscribe>>> = [];
      for (const { url } of cases) hooks.push(await subscribe({ url, entityIds: ['errors-1'] }));
      await recordChange('live', { entityId: 'errors-1', kind: 'closure' });
      const rows = await until('a failed attempt of each', async () => {
        const rows = await Promise.all(hooks.map(async (hook) => (await deliveries(hook.webhook.id))[0]));
        return rows.every((row) => row?.attempts >= 1) ? rows : null;
      });
      expect(rows.map((row) => [row.lastError, row.lastStatusCode])).toEqual(cases.map((c) => [c.error, null]));
      const logged = workerLogs.map((line) => JSON.parse(line)).filter((line) => line.msg === 'webhook delivery attempt failed');
      for (const [i, hook] of hooks.entries()) {
        const mine = logged.filter((line) => line.subscription === hook.webhook.id);
        expect(mine.length).toBeGreaterThan(0);
        expect(mine[0]).toMatchObject({ recorded: cases[i].error, err: { message: expect.stringMatching(cases[i].logged) } });
      }
      for (const hook of hooks) await api.request('DELETE', `/api/v1/webhooks/${hook.webhook.id}`);
    } finally {
      await new Promise<void>((resolve) => { silent.closeAllConnections(); silent.close(() => resolve()); });
    }
  });

  it('loses no delivery across a restart: a retry pending and a change recorded while stopped both arrive', async () => {
    const hook = await subscribe({ zips: ['10099'] });
    receiver.plan.push(500);
    const first = await recordChange('live', { entityId: 'restart-1', kind: 'grade_change', zip: '10099' });
    await until('the first failed attempt', async () => (await deliveries(hook.webhook.id))[0]?.status === 'retrying');
    await stopWorker();
    const second = await recordChange('live', { entityId: 'restart-2', kind: 'closure', zip: '10099' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eventsOf(hook.webhook.id).map((e) => JSON.parse(e.body).id)).toEqual([first]);
    startWorker();
    const rows = await until('both delivered', async () => {
      const rows = await deliveries(hook.webhook.id);
      return rows.length === 2 && rows.every((row) => row.status === 'delivered') ? rows : null;
    });
    expect(rows.map((row) => row.eventId).sort()).toEqual([first, second].sort());
    // A fanout run again over the same changes delivers nothing twice.
    await api.ns.stores.byMode.live.pg.query(`update webhook_fanout_positions set last_change_id = 0 where mode = 'live'`);
    await recordChange('live', { entityId: 'other', kind: 'closure', zip: '10001' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await deliveries(hook.webhook.id)).length).toBe(2);
    expect(eventsOf(hook.webhook.id).filter((e) => JSON.parse(e.body).id === second)).toHaveLength(1);
  });

  it("a revoked key's subscriptions receive nothing more", async () => {
    const pair = await api.createKeys({ name: 'revoked later' });
    const hook = await subscribe({ entityIds: ['revoked-1'] }, pair.live);
    const { rows } = await api.ns.stores.platform.query('select pair_id from api_keys where key_hash = $1', [hashKey(pair.live)]);
    await revokeKeys(api.ns.stores.platform, rows[0].pair_id);
    await recordChange('live', { entityId: 'revoked-1', kind: 'closure' });
    const marker = await subscribe({ entityIds: ['revoked-1'] });
    await recordChange('live', { entityId: 'revoked-1', kind: 'closure' });
    // The marker's subscription (created after the first change) gets the second one; the revoked key's gets neither.
    await until('the marker event', async () => eventsOf(marker.webhook.id).length === 1);
    expect(eventsOf(hook.webhook.id)).toEqual([]);
    await api.request('DELETE', `/api/v1/webhooks/${marker.webhook.id}`);
  });

  it('a key has at most 25 subscriptions', async () => {
    for (let i = 0; i < 25; i++) expect((await api.post('/api/v1/webhooks', { url: `https://hooks.example.com/${i}` }, { key: other.test })).status).toBe(201);
    const refused = await api.post('/api/v1/webhooks', { url: 'https://hooks.example.com/26' }, { key: other.test });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'too_many_webhooks']);
    expect((await api.get('/api/v1/webhooks', { key: other.test })).body.data).toHaveLength(25);
  });

  it('the public test key cannot subscribe', async () => {
    const { rows } = await api.ns.stores.platform.query('select id from api_keys where key_hash = $1', [hashKey(api.keys.test)]);
    await api.ns.stores.platform.query('update api_keys set limit_per_client = true where id = $1', [rows[0].id]);
    try {
      const res = await api.post('/api/v1/webhooks', { url: 'https://hooks.example.com/' }, { key: api.keys.test });
      expect(res.status).toBe(403);
    } finally {
      await api.ns.stores.platform.query('update api_keys set limit_per_client = false where id = $1', [rows[0].id]);
    }
  });
});
