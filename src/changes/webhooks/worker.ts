import http from 'node:http';
import https from 'node:https';
import PgBoss from 'pg-boss';
import { Client, type PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { Config, WebhooksConfig } from '../../config';
import { CHANGE_COLUMNS } from '../queries';
import type { ChangeVocabulary } from '../../domain/changes';
import { changeId, type ChangeItem, changeItemOf, type ChangeRow } from '../store';
import { jobsSchema, type Mode, MODES, schemaNames } from '../../db/schemas';
import { inTransaction } from '../../db/transaction';
import { countWebhookDelivery, reportWebhookQueue } from '../../platform/metrics';
import type { Stores } from '../../stores';
import { retryDelayMs } from './backoff';
import { DELIVERY_TIMEOUT_CODE, deliveryErrorOf, httpError } from './delivery-errors';
import { webhookFigures } from './store';
import { subscriptionMatches } from './match';
import { claimDeliveries, type ClaimedDelivery, finishAttempt } from './queue';
import { signedHeaders } from './signature';
import { guardedLookup, TARGET_NOT_ALLOWED_CODE, targetProblem } from './targets';

/**
 * Webhook deliveries. Every API process with the worker on shares the work, and a stopped
 * process loses nothing:
 *
 * - fanout (pg-boss queue webhook-fanout in schema <ns>_jobs, one job per mode at a time):
 *   matches the changes recorded since the mode's position against its subscriptions, and in
 *   one transaction writes a delivery row per (subscription, change) (unique: an event is
 *   delivered once per subscription, however often fanout runs) and moves the position. Woken
 *   by the ingest's NOTIFY on commit (ingest/changes/feed.ts), at start, and once a minute by
 *   a pg-boss schedule in case a notification was missed.
 * - delivery (queue.ts, on the delivery rows): each process keeps up to WEBHOOKS_CONCURRENCY
 *   attempts in flight, claimed fairly across subscriptions (at most
 *   WEBHOOKS_SUBSCRIPTION_CONCURRENCY of one subscription in flight). Each attempt POSTs the
 *   stored body, signed, and records its outcome on its own, so no attempt waits for another's
 *   receiver; its slot then goes to the claim's fair order, or, while the process has other
 *   free slots, straight to the subscription's next due delivery. A failure is retried with
 *   exponential backoff.
 */
export const FANOUT_QUEUE = 'webhook-fanout';
/** The pg-boss queue that ran deliveries before they were scheduled on their rows; removed at start (the rows carry every delivery). */
const RETIRED_DELIVERY_QUEUE = 'webhook-delivery';
/** Delivery records are kept this long (GET /webhooks/{id}/deliveries), then pruned by the minute's fanout. */
export const DELIVERY_RETENTION_DAYS = 30;
/** Changes matched per fanout transaction. */
const FANOUT_BATCH = 500;
/** How often a process with free slots looks for due deliveries when nothing woke it (retries come due, other processes' fanouts). */
const POLL_MS = 500;
/** How long a process waits after a claim failed (Postgres unreachable) before it claims again, unless woken. */
const CLAIM_RETRY_MS = 5000;
/** A claim outlives its attempt (bounded by the timeout) by this much before another process may claim the delivery again. */
const LEASE_MARGIN_MS = 30_000;
/** How long stop() waits for attempts in flight; those cut off are claimed again when their lease ends. */
const STOP_WAIT_MS = 15_000;

export interface WebhookWorker {
  stop(): Promise<void>;
}

export interface WebhookWorkerDeps {
  config: Config;
  stores: Stores;
  logger: Logger;
  /** The change feed's vocabulary (src/families.ts): an event's data is the change as GET /changes serves it. */
  vocabulary: ChangeVocabulary;
  /** Which changes concern an owner portfolio (the owners family's figures); without it, selecting by portfolio receives nothing. */
  portfolios?: PortfolioSelection;
}

/** What the fanout needs to select changes by owner portfolio. */
export interface PortfolioSelection {
  /** The family word of a portfolio's own changes (their entity is the portfolio). */
  portfolioFamily: string;
  /** The family word of a lot's changes (they concern the lot's portfolio). */
  lotFamily: string;
  portfoliosOfLots(pg: PoolClient, bbls: readonly string[]): Promise<Map<string, string>>;
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

async function runWorker({ config, stores, logger, vocabulary, portfolios }: WebhookWorkerDeps): Promise<WebhookWorker> {
  if (!config.databaseUrl) throw new Error('the webhook worker needs DATABASE_URL');
  const boss = new PgBoss({ connectionString: config.databaseUrl, schema: jobsSchema(config.namespace), max: 4, application_name: 'webhooks' });
  boss.on('error', (error) => logger.warn({ err: error }, 'webhook queue error'));
  await boss.start();
  await boss.createQueue(FANOUT_QUEUE, { name: FANOUT_QUEUE, policy: 'stately' });
  if (await boss.getQueue(RETIRED_DELIVERY_QUEUE)) await boss.deleteQueue(RETIRED_DELIVERY_QUEUE);

  // /metrics reads the queue's depth from the delivery rows at each scrape (the same in every process).
  reportWebhookQueue(async () => {
    const { queued, retrying } = await webhookFigures(stores.platform);
    return { pending: queued - retrying, retrying };
  });
  const deliveries = startDeliveries(stores, config.webhooks, logger);
  const fanoutWorker = await boss.work<{ mode?: Mode }>(FANOUT_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
    for (const mode of job.data.mode ? [job.data.mode] : MODES) {
      if (await fanout(stores, mode, changeItemOf(vocabulary), portfolios)) deliveries.wake();
    }
    // The minute's run (no mode) also prunes old delivery records.
    if (!job.data.mode) {
      await stores.platform.query(
        `delete from webhook_deliveries where created_at < now() - make_interval(days => $1) and status in ('delivered', 'failed', 'cancelled')`,
        [DELIVERY_RETENTION_DAYS],
      );
    }
  });
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
      await boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS });
      await deliveries.stop();
    },
  };
}

/**
 * The process's delivery slots: claims due deliveries into its free slots, runs each attempt
 * on its own, and claims again as soon as one ends (or when woken by a fanout, or every POLL_MS).
 */
function startDeliveries(stores: Stores, settings: WebhooksConfig, logger: Logger) {
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let woken = false;
  let rouse: (() => void) | null = null;
  const wake = () => {
    woken = true;
    rouse?.();
  };
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(() => rouse?.(), ms);
      rouse = () => {
        clearTimeout(timer);
        rouse = null;
        resolve();
      };
    });
  const claimOptions = { perSubscription: settings.subscriptionConcurrency, leaseMs: settings.timeoutMs + LEASE_MARGIN_MS };
  /**
   * One slot: an attempt, then, while the process has other free slots (so no subscription
   * waits for this one), the subscription's next due delivery leased as the attempt is recorded
   * (a backlog goes on without a claim per event). A full process frees the slot for the claim's fair order.
   */
  const runSlot = async (first: ClaimedDelivery) => {
    const handOn = () => (!stopped && inFlight.size < settings.concurrency ? { leaseMs: claimOptions.leaseMs } : null);
    for (let delivery: ClaimedDelivery | null = first; delivery; ) delivery = await attempt(stores, settings, logger, delivery, handOn);
  };
  const loop = (async () => {
    while (!stopped) {
      woken = false;
      const free = settings.concurrency - inFlight.size;
      if (free <= 0) {
        await rest(POLL_MS);
        continue;
      }
      let claimed: ClaimedDelivery[];
      try {
        claimed = await claimDeliveries(stores.platform, { ...claimOptions, limit: free });
      } catch (error) {
        logger.warn({ err: error }, 'could not claim webhook deliveries');
        await rest(CLAIM_RETRY_MS);
        continue;
      }
      for (const delivery of claimed) {
        const running: Promise<void> = runSlot(delivery)
          .catch((error: Error) => logger.warn({ err: error }, 'could not record a webhook delivery attempt; it is tried again when its lease ends'))
          .finally(() => {
            inFlight.delete(running);
            wake();
          });
        inFlight.add(running);
      }
      // Every free slot filled: more are likely due, so claim again at once.
      if (claimed.length < free) await rest(POLL_MS);
    }
  })();
  return {
    wake,
    async stop() {
      stopped = true;
      rouse?.();
      await loop;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timer);
    },
  };
}

/**
 * One attempt: POST, then record its outcome under the claim's lease (and take the next
 * delivery handed on, if any). What the subscriber reads is a word of the vocabulary
 * (delivery-errors.ts); the full error goes to the log.
 */
async function attempt(
  stores: Stores,
  settings: WebhooksConfig,
  logger: Logger,
  delivery: ClaimedDelivery,
  handOn: () => { leaseMs: number } | null,
): Promise<ClaimedDelivery | null> {
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'nyc-records-api-webhooks/1',
    ...signedHeaders(delivery.secret, delivery.eventId, delivery.body, Math.floor(Date.now() / 1000)),
  };
  const answer = await post(delivery.url, delivery.body, headers, settings);
  const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
  const error = ok ? null : answer.statusCode !== null ? httpError(answer.statusCode) : deliveryErrorOf(answer.error ?? {});
  if (!ok) logger.info({ delivery: delivery.id, subscription: delivery.subscriptionId, statusCode: answer.statusCode, err: answer.error ?? undefined, recorded: error }, 'webhook delivery attempt failed');
  const attempts = delivery.attempts + 1;
  const status = ok ? 'delivered' : attempts > settings.retryLimit ? 'failed' : 'retrying';
  const retryInMs = status === 'retrying' ? retryDelayMs(attempts, settings.retryDelaySeconds) : 0;
  const { recorded, next } = await finishAttempt(stores.platform, delivery, { status, statusCode: answer.statusCode, error, retryInMs }, handOn());
  if (recorded) countWebhookDelivery(ok ? 'delivered' : status === 'failed' ? 'gave_up' : 'failed');
  return next;
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
  portfolio_ids: string[];
  created_at: Date;
}

/** Matches the mode's new changes against its subscriptions, batch by batch; true when deliveries were queued. */
async function fanout(stores: Stores, mode: Mode, itemOf: (row: ChangeRow) => ChangeItem, portfolios: PortfolioSelection | undefined): Promise<boolean> {
  let queued = false;
  for (;;) {
    const matched = await inTransaction(stores.byMode[mode].pg, async (client) => {
      const { rows: position } = await client.query('select last_change_id from webhook_fanout_positions where mode = $1 for update', [mode]);
      const { rows: changes } = await client.query<ChangeRow & { zip: string | null; borough: string | null }>(
        `select ${CHANGE_COLUMNS}, c.zip, c.borough from changes c where c.id > $1 order by c.id limit ${FANOUT_BATCH}`,
        [position[0].last_change_id],
      );
      if (changes.length) {
        const { rows: subscriptions } = await client.query<SubscriptionRow>(
          // A revoked key's subscriptions receive nothing more.
          `select s.id, s.families, s.kinds, s.entity_ids, s.zips, s.boroughs, s.portfolio_ids, s.created_at
           from webhook_subscriptions s join api_keys k on k.id = s.key_id and k.revoked_at is null
           where s.mode = $1 and s.deleted_at is null`,
          [mode],
        );
        const portfolioOf = await portfoliosOfChanges(client, changes, subscriptions, portfolios);
        const deliveries = changes.flatMap((change) =>
          subscriptions
            .filter(
              (s) =>
                s.created_at <= change.recorded_at &&
                subscriptionMatches(
                  { ...s, entityIds: s.entity_ids, portfolioIds: s.portfolio_ids },
                  { ...change, entityId: change.entity_id, portfolio: portfolioOf.get(change.id) ?? null },
                ),
            )
            .map((s) => ({ subscription: s.id, change, body: JSON.stringify({ id: changeId(change.id), type: change.kind, mode, subscriptionId: s.id, data: itemOf(change) }) })),
        );
        if (deliveries.length) queued = (await insertDeliveries(client, deliveries)) > 0 || queued;
        await client.query('update webhook_fanout_positions set last_change_id = $2 where mode = $1', [mode, changes[changes.length - 1].id]);
      }
      return changes.length;
    });
    if (matched < FANOUT_BATCH) return queued;
  }
}

/**
 * The portfolio each change of a batch concerns, read only when a subscription selects by
 * portfolio (one lookup of the batch's lots): a portfolio's own change, or a change of a lot
 * placed in it now.
 */
async function portfoliosOfChanges(client: PoolClient, changes: ChangeRow[], subscriptions: SubscriptionRow[], selection: PortfolioSelection | undefined): Promise<Map<string, string>> {
  const of = new Map<string, string>();
  if (!selection || !subscriptions.some((s) => s.portfolio_ids.length > 0)) return of;
  const lots = await selection.portfoliosOfLots(client, [...new Set(changes.filter((c) => c.family === selection.lotFamily).map((c) => c.entity_id))]);
  for (const change of changes) {
    const portfolio = change.family === selection.portfolioFamily ? change.entity_id : change.family === selection.lotFamily ? lots.get(change.entity_id) : undefined;
    if (portfolio !== undefined) of.set(change.id, portfolio);
  }
  return of;
}

/** Delivery rows, in the fanout's transaction: due at once (next_attempt_at defaults to now). */
async function insertDeliveries(client: PoolClient, deliveries: Array<{ subscription: string; change: ChangeRow; body: string }>): Promise<number> {
  const { rowCount } = await client.query(
    `insert into webhook_deliveries (subscription_id, change_id, event_id, kind, entity_id, body)
     select * from unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[])
     on conflict (subscription_id, change_id) do nothing`,
    [
      deliveries.map((d) => d.subscription),
      deliveries.map((d) => d.change.id),
      deliveries.map((d) => changeId(d.change.id)),
      deliveries.map((d) => d.change.kind),
      deliveries.map((d) => d.change.entity_id),
      deliveries.map((d) => d.body),
    ],
  );
  return rowCount ?? 0;
}

interface Answer {
  /** The receiver's status; null when none came. */
  statusCode: number | null;
  /** Why no answer came (with its code), for the log and the vocabulary. */
  error: NodeJS.ErrnoException | null;
}

/** POSTs a body and waits up to the timeout for the answer's status. The connection's DNS lookup refuses addresses that are not global unicast unless allowed. */
function post(url: string, body: string, headers: Record<string, string>, settings: WebhooksConfig): Promise<Answer> {
  const failure = (message: string, code: string): Answer => ({ statusCode: null, error: Object.assign(new Error(message), { code }) });
  return new Promise((resolve) => {
    const refused = targetProblem(url, settings.allowPrivateTargets);
    if (refused) return resolve(failure(refused, TARGET_NOT_ALLOWED_CODE));
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      lookup: guardedLookup(settings.allowPrivateTargets),
      timeout: settings.timeoutMs,
    });
    const giveUp = () => request.destroy(failure(`no answer within ${settings.timeoutMs} ms`, DELIVERY_TIMEOUT_CODE).error!);
    const timer = setTimeout(giveUp, settings.timeoutMs);
    request.on('response', (response) => {
      // The answer's body says nothing we keep: read and drop it so the socket can close (the timer still ends one that never does).
      response.resume();
      response.on('end', () => clearTimeout(timer));
      resolve({ statusCode: response.statusCode ?? 0, error: null });
    });
    request.on('timeout', giveUp);
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ statusCode: null, error });
    });
    request.end(body);
  });
}
