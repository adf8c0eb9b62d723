import http from 'node:http';
import pino from 'pino';
import { loadConfig } from '../../src/config';
import type { Mode } from '../../src/db/schemas';
import { createSubscription, deleteSubscription } from '../../src/changes/webhooks/store';
import { newWebhookSecret } from '../../src/changes/webhooks/signature';
import { startWebhookWorker } from '../../src/changes/webhooks/worker';
import type { BenchContext, BenchScenario } from '../types';
import { CHANGE_VOCABULARY } from '../../src/families';

/**
 * Webhook delivery end to end: changes written in chunks as the ingest writes them
 * (ingest/changes/feed.ts: rows in a transaction, NOTIFY on commit), a webhook worker (the
 * one an API process runs, here in the bench process) fanning them out and POSTing each,
 * signed, to a local receiver that answers 200. Figures: events per second from the first
 * commit to the last arrival, and the delay from each chunk's commit to each event's arrival.
 */
const CHUNKS = 10;
const PER_CHUNK = 500;
/** Then single changes, one at a time with the queue idle: the delay a subscriber sees in steady state. */
const SINGLES = 20;
const MARK = 'bench-webhook-';
const MODE: Mode = 'live';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function receiver() {
  const arrivals = new Map<string, number>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests += 1;
      arrivals.set(String(req.headers['webhook-id']), performance.now());
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    arrivals,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function recordChunk(ctx: BenchContext, chunk: number | string, size = PER_CHUNK): Promise<{ ids: string[]; committedAt: number }> {
  const client = await ctx.stores.byMode[MODE].pg.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(
      `insert into changes (family, entity_id, kind, occurred_at, detail)
       select 'restaurant', $1 || n, 'grade_change', now(), '{"from":"A","to":"B"}' from generate_series(1, $2) n returning id`,
      [`${MARK}${chunk}-`, size],
    );
    await client.query(`select pg_notify('changes_recorded', current_schema())`);
    await client.query('commit');
    return { ids: rows.map((row) => `chg_${row.id}`), committedAt: performance.now() };
  } finally {
    client.release();
  }
}

const webhookDelivery: BenchScenario = {
  kind: 'task',
  name: 'webhook-delivery',
  description: `${CHUNKS} chunks of ${PER_CHUNK} changes committed as the ingest commits them, delivered by one webhook worker to a local receiver`,
  targets: 'every event delivered once; idle delay from commit to arrival under 1 s',
  async run(ctx) {
    const total = CHUNKS * PER_CHUNK;
    const target = await receiver();
    const keyId = (await ctx.stores.platform.query<{ id: string }>(`select id from api_keys where mode = $1 and revoked_at is null order by id limit 1`, [MODE])).rows[0].id;
    const subscription = await createSubscription(
      ctx.stores.platform,
      { id: Number(keyId), mode: MODE },
      { url: target.url, description: 'bench', families: [], kinds: [], entityIds: [], zips: [], boroughs: [], portfolioIds: [], secret: newWebhookSecret() },
      1_000_000,
    );
    const config = loadConfig();
    const worker = startWebhookWorker({ config: { ...config, databaseUrl: ctx.databaseUrl, namespace: ctx.namespace, webhooks: { ...config.webhooks, worker: true, allowPrivateTargets: true } }, stores: ctx.stores, logger: pino({ level: 'silent' }), vocabulary: CHANGE_VOCABULARY });
    const cpuBefore = process.cpuUsage();
    try {
      // The worker's own start (pg-boss schema, queues) is not measured.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const started = performance.now();
      const committed = new Map<string, number>();
      for (let chunk = 0; chunk < CHUNKS; chunk++) {
        const { ids, committedAt } = await recordChunk(ctx, chunk);
        for (const id of ids) committed.set(id, committedAt);
      }
      const burstDone = new Promise<void>((resolve) => {
        const check = setInterval(() => target.arrivals.size >= total && (clearInterval(check), resolve()), 20);
        setTimeout(() => (clearInterval(check), resolve()), 120_000);
      });
      await burstDone;
      const last = Math.max(...target.arrivals.values());
      const singleDelays: number[] = [];
      for (let i = 0; i < SINGLES; i++) {
        const { ids: [id], committedAt } = await recordChunk(ctx, `single-${i}`, 1);
        const deadline = performance.now() + 10_000;
        while (!target.arrivals.has(id) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
        if (target.arrivals.has(id)) singleDelays.push(target.arrivals.get(id)! - committedAt);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      singleDelays.sort((a, b) => a - b);
      const delays = [...committed].filter(([id]) => target.arrivals.has(id)).map(([id, at]) => target.arrivals.get(id)! - at).sort((a, b) => a - b);
      const cpu = process.cpuUsage(cpuBefore);
      return {
        events: total,
        delivered: delays.length,
        requestsReceived: target.requests(),
        eventsPerSec: Math.round(delays.length / ((last - started) / 1000)),
        burstDelayP50Ms: Math.round(percentile(delays, 50)),
        burstDelayP99Ms: Math.round(percentile(delays, 99)),
        burstDelayMaxMs: Math.round(delays[delays.length - 1]),
        idleDelivered: `${singleDelays.length} of ${SINGLES}`,
        idleDelayP50Ms: Math.round(percentile(singleDelays, 50)),
        idleDelayMaxMs: Math.round(singleDelays[singleDelays.length - 1]),
        benchProcessCpuSec: ((cpu.user + cpu.system) / 1e6).toFixed(1),
      };
    } finally {
      await worker.stop();
      await target.close();
      if (subscription) await deleteSubscription(ctx.stores.platform, Number(keyId), subscription.id);
      await ctx.stores.byMode[MODE].pg.query(`delete from changes where starts_with(entity_id, $1)`, [MARK]);
    }
  },
};

export const webhookScenarios: BenchScenario[] = [webhookDelivery];
