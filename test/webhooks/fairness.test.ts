import http from 'node:http';
import pino from 'pino';
import { startWebhookWorker, type WebhookWorker } from '../../src/changes/webhooks/worker';
import { startTestApi, TestApi } from '../support/api';
import { CHANGE_VOCABULARY } from '../../src/families';

/**
 * A key whose receivers never answer in time, with a backlog of events, must not hold up
 * another key's deliveries: the slow receivers' attempts time out one by one, and each
 * freed slot goes to whoever has the fewest in flight.
 */
const SLOW_SUBSCRIPTIONS = 6;
const BACKLOG = 10;
const FAST_EVENTS = 5;
// Retries would come back only after the test: every slow delivery is tried once.
const SETTINGS = { worker: true, allowPrivateTargets: true, retryDelaySeconds: 3600, retryLimit: 1, timeoutMs: 1000, concurrency: 4, subscriptionConcurrency: 1 };

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe('webhook fairness', () => {
  let api: TestApi;
  let worker: WebhookWorker | null = null;

  beforeAll(async () => {
    api = await startTestApi({ config: { webhooks: SETTINGS } });
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
  });

  it("a key's slow receivers and their backlog do not delay another key's deliveries", async () => {
    let slowRequests = 0;
    const open = new Map<string, number>();
    let mostOpenOfOne = 0;
    // Reads the request and never answers: each attempt ends at the worker's timeout, when it closes the connection.
    const slow = await listen((req, res) => {
      slowRequests += 1;
      const chunks: Buffer[] = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        const { subscriptionId } = JSON.parse(Buffer.concat(chunks).toString());
        open.set(subscriptionId, (open.get(subscriptionId) ?? 0) + 1);
        mostOpenOfOne = Math.max(mostOpenOfOne, open.get(subscriptionId)!);
        res.on('close', () => open.set(subscriptionId, open.get(subscriptionId)! - 1));
      });
    });
    const slowSeenAtFastArrivals: number[] = [];
    const fast = await listen((req, res) => {
      req.resume();
      req.on('end', () => {
        slowSeenAtFastArrivals.push(slowRequests);
        res.end();
      });
    });
    try {
      const other = await api.createKeys({ name: 'fast receiver' });
      for (let i = 0; i < SLOW_SUBSCRIPTIONS; i++) {
        expect((await api.post('/api/v1/webhooks', { url: slow.url, entityIds: ['slow-1'] })).status).toBe(201);
      }
      expect((await api.post('/api/v1/webhooks', { url: fast.url, entityIds: ['fast-1'] }, { key: other.live })).status).toBe(201);
      // The backlog first, then the other key's events, all committed before the worker starts.
      const pg = api.ns.stores.byMode.live.pg;
      const record = (entityId: string, count: number) =>
        pg.query(`insert into changes (family, entity_id, kind, occurred_at, detail) select 'restaurant', $1, 'closure', now(), '{}' from generate_series(1, $2)`, [entityId, count]);
      await record('slow-1', BACKLOG);
      await record('fast-1', FAST_EVENTS);
      worker = startWebhookWorker({ config: api.ns.config, stores: api.ns.stores, logger: pino({ level: 'silent' }), vocabulary: CHANGE_VOCABULARY });

      const deadline = Date.now() + 60_000;
      while (slowSeenAtFastArrivals.length < FAST_EVENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(slowSeenAtFastArrivals).toHaveLength(FAST_EVENTS);
      // Every fast event arrived while most of the backlog (60 deliveries) had not even been tried.
      const backlog = SLOW_SUBSCRIPTIONS * BACKLOG;
      expect(Math.max(...slowSeenAtFastArrivals)).toBeLessThan(backlog / 4);
      // ... and no slow subscription ever had two attempts open at once.
      expect(mostOpenOfOne).toBe(1);
    } finally {
      await worker?.stop();
      worker = null;
      await slow.close();
      await fast.close();
    }
  });
});
