import http from 'node:http';
import https from 'node:https';
import { Client, type PoolClient } from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config, WebhooksConfig } from '../config';
import { CHANGE_COLUMNS } from '../changes/queries';
import { changeId, changeItemOf, type ChangeRow } from '../changes/store';
import { jobsSchema, type Mode, MODES, schemaNames } from '../db/schemas';
import { countWebhookDelivery, reportWebhookQueue } from '../platform/metrics';
import type { Stores } from '../stores';
import { webhookFigures } from './figures';
import { subscriptionMatches } from './match';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from './signature';
import { guardedLookup, targetProblem } from './targets';

/**
 * Webhook deliveries on pg-boss (a maintained Postgres job queue, schema <ns>_jobs), so
 * every API process with the worker on shares the work and a stopped process loses nothing:
 *
 * - fanout (queue webhook-fanout, one job per mode at a time): matches the changes recorded
 *   since the mode's position against its subscriptions, and in one transaction writes a
 *   delivery row per (subscription, change) (unique: an event is delivered once per
 *   subscription, however often fanout runs), enqueues a delivery job per new row, and
 *   moves the position. Woken by the ingest's NOTIFY on commit (ingest/changes/feed.ts),
 *   at start, and once a minute by a pg-boss schedule in case a notification was missed.
 * - delivery (queue webhook-delivery): POSTs the stored body, signed, and records the
 *   attempt; a failure is retried by pg-boss with exponential backoff (config.webhooks).
 */
export const FANOUT_QUEUE = 'webhook-fanout';
export const DELIVERY_QUEUE = 'webhook-delivery';
/** Delivery records are kept this long (GET /webhooks/{id}/deliveries), then pruned by the minute's fanout. */
export const DELIVERY_RETENTION_DAYS = 30;
/** Changes matched per fanout transaction. */
const FANOUT_BATCH = 500;
/**
 * Delivery workers per process; each fetches up to concurrency / DELIVERY_WORKERS jobs at a time and
 * sends them at once (a batch waits for its slowest receiver, up to the timeout).
 */
const DELIVERY_WORKERS = 2;

export interface WebhookWorker {
  stop(): Promise<void>;
}

export interface WebhookWorkerDeps {
  config: Config;
  stores: Stores;
  logger: Logger;
}

interface DeliveryJob {
  deliveryId: string;
}

/** Starts the worker in the background; stop() waits for deliveries in flight (up to 15 s). */
export function startWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const started = runWorker(deps);
  started.catch((error: Error) => deps.logger.error({ err: error }, 'the webhook worker did not start'));
  return {
    async stop() {
      const running = await started.catch(() => null);
      await running?.stop();
    },
  };
}

async function runWorker({ config, stores, logger }: WebhookWorkerDeps): Promise<WebhookWorker> {
  const settings = config.webhooks;
  if (!config.databaseUrl) throw new Error('the webhook worker needs DATABASE_URL');
  const boss = new PgBoss({ connectionString: config.databaseUrl, schema: jobsSchema(config.namespace), max: 6, application_name: 'webhooks' });
  boss.on('error', (error) => logger.warn({ err: error }, 'webhook queue error'));
  await boss.start();
  await boss.createQueue(FANOUT_QUEUE, { name: FANOUT_QUEUE, policy: 'stately' });
  const deliveryQueue = {
    name: DELIVERY_QUEUE,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: Math.ceil(settings.timeoutMs / 1000) + 60,
    retentionMinutes: 3 * 24 * 60,
  };
  await boss.createQueue(DELIVERY_QUEUE, deliveryQueue);
  await boss.updateQueue(DELIVERY_QUEUE, deliveryQueue);

  // /metrics reads the queue's depth from the delivery rows at each scrape (the same in every process).
  reportWebhookQueue(async () => {
    const { queued, retrying } = await webhookFigures(stores.platform);
    return { pending: queued - retrying, retrying };
  });
  const deliveryWorkers: string[] = [];
  const wakeDeliveries = () => deliveryWorkers.forEach((id) => boss.notifyWorker(id));
  const fanoutWorker = await boss.work<{ mode?: Mode }>(FANOUT_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
    for (const mode of job.data.mode ? [job.data.mode] : MODES) {
      if (await fanout(stores, boss, mode)) wakeDeliveries();
    }
    // The minute's run (no mode) also prunes old delivery records.
    if (!job.data.mode) {
      await stores.platform.query(
        `delete from webhook_deliveries where created_at < now() - make_interval(days => $1) and status in ('delivered', 'failed', 'cancelled')`,
        [DELIVERY_RETENTION_DAYS],
      );
    }
  });
  for (let i = 0; i < DELIVERY_WORKERS; i++) {
    const batchSize = Math.max(1, Math.ceil(settings.concurrency / DELIVERY_WORKERS));
    const id: string = await boss.work<DeliveryJob>(DELIVERY_QUEUE, { batchSize, pollingIntervalSeconds: 0.5, includeMetadata: true }, async (jobs) => {
      // A failure here (a store down) fails the whole batch: pg-boss retries each job.
      await deliverBatch(stores, boss, settings, jobs);
      // A full batch: more are likely waiting, so fetch again at once instead of after the polling interval.
      if (jobs.length === batchSize) boss.notifyWorker(id);
    });
    deliveryWorkers.push(id);
  }
  await boss.schedule(FANOUT_QUEUE, '* * * * *', {});

  const wakeFanout = async (mode: Mode) => {
    await boss.send(FANOUT_QUEUE, { mode }, { singletonKey: mode });
    boss.notifyWorker(fanoutWorker);
  };
  const listener = listenForChanges(config.databaseUrl, config.namespace, logger, (mode) => {
    wakeFanout(mode).catch((error: Error) => logger.warn({ err: error }, 'could not queue the webhook fanout'));
  });
  // What was recorded while no worker ran.
  for (const mode of MODES) await wakeFanout(mode);

  return {
    async stop() {
      await listener.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
}

/** LISTENs for the ingest's changes_recorded notifications of this namespace's data schemas; reconnects after a failure. */
function listenForChanges(databaseUrl: string, namespace: string, logger: Logger, onChanges: (mode: Mode) => void): { stop(): Promise<void> } {
  const names = schemaNames(namespace);
  const modeOf = new Map<string, Mode>(MODES.map((mode) => [names[mode], mode]));
  let client: Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new Client({ connectionString: databaseUrl, application_name: 'webhooks-listen' });
    next.on('notification', (message) => {
      const mode = modeOf.get(message.payload ?? '');
      if (mode) onChanges(mode);
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'webhook change listener lost its connection');
      next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 5000);
    });
    await next.connect();
    await next.query('listen changes_recorded');
    client = next;
    if (stopped) await next.end();
  };
  const first = connect().catch((error: Error) => {
    logger.warn({ err: error }, 'webhook change listener could not connect; the minute schedule still runs');
    if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 5000);
  });
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await first;
      await client?.end().catch(() => undefined);
    },
  };
}

interface SubscriptionRow {
  id: string;
  families: string[];
  kinds: string[];
  entity_ids: string[];
  zips: string[];
  boroughs: string[];
  created_at: Date;
}

/** Matches the mode's new changes against its subscriptions, batch by batch; true when deliveries were queued. */
async function fanout(stores: Stores, boss: PgBoss, mode: Mode): Promise<boolean> {
  let queued = false;
  for (;;) {
    const client = await stores.byMode[mode].pg.connect();
    let matched: number;
    try {
      await client.query('begin');
      const { rows: position } = await client.query('select last_change_id from webhook_fanout_positions where mode = $1 for update', [mode]);
      const { rows: changes } = await client.query<ChangeRow & { zip: string | null; borough: string | null }>(
        `select ${CHANGE_COLUMNS}, c.zip, c.borough from changes c where c.id > $1 order by c.id limit ${FANOUT_BATCH}`,
        [position[0].last_change_id],
      );
      matched = changes.length;
      if (changes.length) {
        const { rows: subscriptions } = await client.query<SubscriptionRow>(
          // A revoked key's subscriptions receive nothing more.
          `select s.id, s.families, s.kinds, s.entity_ids, s.zips, s.boroughs, s.created_at
           from webhook_subscriptions s join api_keys k on k.id = s.key_id and k.revoked_at is null
           where s.mode = $1 and s.deleted_at is null`,
          [mode],
        );
        const deliveries = changes.flatMap((change) =>
          subscriptions
            .filter((s) => s.created_at <= change.recorded_at && subscriptionMatches({ ...s, entityIds: s.entity_ids }, { ...change, entityId: change.entity_id }))
            .map((s) => ({ subscription: s.id, change, body: JSON.stringify({ id: changeId(change.id), type: change.kind, mode, subscriptionId: s.id, data: changeItemOf(change) }) })),
        );
        if (deliveries.length) queued = (await enqueueDeliveries(client, boss, deliveries)) > 0 || queued;
        await client.query('update webhook_fanout_positions set last_change_id = $2 where mode = $1', [mode, changes[changes.length - 1].id]);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    if (matched < FANOUT_BATCH) return queued;
  }
}

/** Delivery rows and their jobs, in the fanout's transaction: a job exists exactly when its row does. */
async function enqueueDeliveries(client: PoolClient, boss: PgBoss, deliveries: Array<{ subscription: string; change: ChangeRow; body: string }>): Promise<number> {
  const { rows } = await client.query<{ id: string }>(
    `insert into webhook_deliveries (subscription_id, change_id, event_id, kind, entity_id, body)
     select * from unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[])
     on conflict (subscription_id, change_id) do nothing returning id`,
    [
      deliveries.map((d) => d.subscription),
      deliveries.map((d) => d.change.id),
      deliveries.map((d) => changeId(d.change.id)),
      deliveries.map((d) => d.change.kind),
      deliveries.map((d) => d.change.entity_id),
      deliveries.map((d) => d.body),
    ],
  );
  if (rows.length) {
    const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
    await boss.insert(rows.map((row) => ({ name: DELIVERY_QUEUE, data: { deliveryId: row.id } })), { db });
  }
  return rows.length;
}

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/**
 * One attempt of each delivery of a batch of jobs: send unless delivered, cancelled or
 * unsubscribed, record the attempts, then complete or fail the jobs (a failed job is retried
 * by pg-boss until its retry limit). One read and one write of the delivery rows per batch.
 */
async function deliverBatch(stores: Stores, boss: PgBoss, settings: WebhooksConfig, jobs: Array<PgBoss.JobWithMetadata<DeliveryJob>>): Promise<void> {
  const { rows } = await stores.platform.query(
    `select d.id, d.body, d.event_id, d.status, s.url, s.secret, coalesce(s.deleted_at, k.revoked_at) as deleted_at
     from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id join api_keys k on k.id = s.key_id
     where d.id = any($1::bigint[])`,
    [jobs.map((job) => job.data.deliveryId)],
  );
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const attempts = await Promise.all(
    jobs.map(async (job) => {
      const delivery = byId.get(String(job.data.deliveryId));
      if (!delivery || delivery.deleted_at || delivery.status === 'delivered' || delivery.status === 'cancelled') return { job, outcome: null };
      const timestamp = Math.floor(Date.now() / 1000);
      const outcome = await post(delivery.url, delivery.body, {
        'Content-Type': 'application/json',
        'User-Agent': 'nyc-records-api-webhooks/1',
        [EVENT_ID_HEADER]: delivery.event_id,
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(delivery.secret, timestamp, delivery.body),
      }, settings);
      return { job, outcome };
    }),
  );
  const tried = attempts.filter((a): a is { job: PgBoss.JobWithMetadata<DeliveryJob>; outcome: Outcome } => a.outcome !== null);
  const statusOf = ({ job, outcome }: { job: PgBoss.JobWithMetadata<DeliveryJob>; outcome: Outcome }) => (outcome.ok ? 'delivered' : job.retryCount >= job.retryLimit ? 'failed' : 'retrying');
  if (tried.length) {
    await stores.platform.query(
      `update webhook_deliveries d set status = a.status, attempts = d.attempts + 1, last_status_code = a.code, last_error = a.error, last_attempt_at = now(),
         delivered_at = case when a.status = 'delivered' then now() end
       from unnest($1::bigint[], $2::text[], $3::int[], $4::text[]) as a (id, status, code, error)
       where d.id = a.id and d.status <> 'cancelled'`,
      [tried.map((a) => a.job.data.deliveryId), tried.map(statusOf), tried.map((a) => a.outcome.statusCode), tried.map((a) => a.outcome.error)],
    );
  }
  // Deleted subscriptions (or revoked keys): what was still queued is cancelled.
  const unsubscribed = jobs.filter((job) => byId.get(String(job.data.deliveryId))?.deleted_at).map((job) => job.data.deliveryId);
  if (unsubscribed.length) await stores.platform.query(`update webhook_deliveries set status = 'cancelled' where id = any($1::bigint[]) and status <> 'delivered'`, [unsubscribed]);
  for (const attempt of tried) countWebhookDelivery(attempt.outcome.ok ? 'delivered' : statusOf(attempt) === 'failed' ? 'gave_up' : 'failed');
  const failed = tried.filter((a) => !a.outcome.ok).map((a) => a.job.id);
  const done = jobs.map((job) => job.id).filter((id) => !failed.includes(id));
  if (done.length) await boss.complete(DELIVERY_QUEUE, done);
  // Why is in webhook_deliveries.last_error.
  if (failed.length) await boss.fail(DELIVERY_QUEUE, failed);
}

/** POSTs a body; any 2xx within the timeout is a delivery. The connection's DNS lookup refuses private addresses unless allowed. */
function post(url: string, body: string, headers: Record<string, string>, settings: WebhooksConfig): Promise<Outcome> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ ok: false, statusCode: null, error: 'the url is not valid' });
    }
    const refused = targetProblem(url, settings.allowPrivateTargets);
    if (refused) return resolve({ ok: false, statusCode: null, error: refused });
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      lookup: guardedLookup(settings.allowPrivateTargets),
      timeout: settings.timeoutMs,
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${settings.timeoutMs} ms`)), settings.timeoutMs);
    request.on('response', (response) => {
      // The answer's body says nothing we keep: read and drop it so the socket can close.
      response.resume();
      response.on('end', () => clearTimeout(timer));
      const statusCode = response.statusCode ?? 0;
      const ok = statusCode >= 200 && statusCode < 300;
      resolve({ ok, statusCode, error: ok ? null : `the receiver answered ${statusCode}` });
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${settings.timeoutMs} ms`)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ ok: false, statusCode: null, error: error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message });
    });
    request.end(body);
  });
}
