import http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { hashKey } from '../../src/platform/keys';
import { newWebhookSecret } from '../../src/changes/webhooks/signature';
import { createSubscription } from '../../src/changes/webhooks/store';
import { startWebhookWorker } from '../../src/changes/webhooks/worker';
import { startTestApi, TestApi } from '../support/api';
import { CHANGE_VOCABULARY } from '../../src/families';

/** Where deliveries may go, as a deployment without WEBHOOKS_ALLOW_PRIVATE_TARGETS sees it. */
const SETTINGS = { worker: true, allowPrivateTargets: false, retryDelaySeconds: 3600, retryLimit: 1, timeoutMs: 500, concurrency: 4, subscriptionConcurrency: 2 };

/** Loopback and private addresses spelled through IPv6 transition and deprecated ranges, and the root-dotted local name. */
const DISGUISED = ['http://[::127.0.0.1]/', 'http://[::ffff:0:127.0.0.1]/', 'http://[2002:7f00:1::]/', 'http://[64:ff9b:1::a00:1]/', 'http://[fec0::1]/', 'http://[100::1]/', 'http://[2001:10::1]/', 'http://localhost./'];
const PLAIN = ['http://localhost:3000/', 'http://127.0.0.1/', 'http://10.1.2.3/', 'http://192.168.1.1/', 'http://169.254.169.254/latest', 'http://[::1]/', 'http://[fd00::1]/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/'];

describe('webhook targets', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ config: { webhooks: SETTINGS } });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('refuses at creation every target that is not a globally routable unicast address (400 invalid_body, param url)', async () => {
    for (const url of [...DISGUISED, ...PLAIN]) {
      const res = await api.post('/api/v1/webhooks', { url });
      expect([url, res.status, res.body.error?.code, res.body.error?.param]).toEqual([url, 400, 'invalid_body', 'url']);
    }
    // Public addresses are accepted; these subscriptions select nothing and go at once, so no delivery ever leaves the machine.
    for (const url of ['https://93.184.216.34/hook', 'https://[2606:4700::1111]/hook']) {
      const res = await api.post('/api/v1/webhooks', { url, entityIds: ['never-recorded'] });
      expect([url, res.status]).toEqual([url, 201]);
      expect((await api.request('DELETE', `/api/v1/webhooks/${res.body.data.webhook.id}`)).status).toBe(204);
    }
  });

  it('a stored target that is no longer allowed fails at delivery as target_not_allowed, and only the log says more', async () => {
    let received = 0;
    const receiver = http.createServer((req, res) => {
      received += 1;
      req.resume();
      res.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as { port: number }).port;
    const logs: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (logs.push(chunk.toString()), done()) }));
    const worker = startWebhookWorker({ config: api.ns.config, stores: api.ns.stores, logger, vocabulary: CHANGE_VOCABULARY });
    try {
      // Made when the rules were looser (or the name pointed elsewhere): the store takes it as it is.
      const { rows } = await api.ns.stores.platform.query('select id, mode from api_keys where key_hash = $1', [hashKey(api.keys.live)]);
      const ids: string[] = [];
      for (const url of [`http://localhost.:${port}/hook`, `http://[::127.0.0.1]:${port}/hook`]) {
        const subscription = await createSubscription(
          api.ns.stores.platform,
          { id: Number(rows[0].id), mode: 'live' },
          { url, description: null, families: [], kinds: [], entityIds: ['guarded-1'], zips: [], boroughs: [], portfolioIds: [], secret: newWebhookSecret() },
          25,
        );
        ids.push(subscription!.id);
      }
      await api.ns.stores.byMode.live.pg.query(`insert into changes (family, entity_id, kind, occurred_at, detail) values ('restaurant', 'guarded-1', 'closure', now(), '{}')`);
      await api.ns.stores.byMode.live.pg.query(`select pg_notify('changes_recorded', current_schema())`);
      const deadline = Date.now() + 30_000;
      let recorded: any[] = [];
      while (Date.now() < deadline) {
        recorded = await Promise.all(ids.map(async (id) => (await api.get(`/api/v1/webhooks/${id}/deliveries`)).body.data[0]));
        if (recorded.every((row) => row?.attempts === 1)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(recorded.map((row) => [row.status, row.lastError, row.lastStatusCode])).toEqual([
        ['retrying', 'target_not_allowed', null],
        ['retrying', 'target_not_allowed', null],
      ]);
      expect(received).toBe(0);
      const failures = logs.map((line) => JSON.parse(line)).filter((line) => line.msg === 'webhook delivery attempt failed');
      expect(failures.map((line) => [line.recorded, line.err?.message]).sort()).toEqual([
        ['target_not_allowed', expect.stringMatching(/public/)],
        ['target_not_allowed', expect.stringMatching(/public/)],
      ]);
    } finally {
      await worker.stop();
      await new Promise<void>((resolve) => { receiver.closeAllConnections(); receiver.close(() => resolve()); });
    }
  });
});
