import type { Client as EsClient } from '@elastic/elasticsearch';
import type { Pool, PoolClient } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, type Metric, Registry } from 'prom-client';
import { type Mode, MODES } from '../db/schemas';

/** What metrics read of the process's stores (src/stores.ts Stores has it). */
export interface MeteredStores {
  platform: Pool;
  es: EsClient;
  byMode: Record<Mode, { pg: Pool }>;
}

/**
 * The process's Prometheus metrics (README: Metrics), one registry per process: HTTP requests
 * by route template and status, store calls by store and operation, and what is read from the
 * stores at scrape time (ingest runs, outbox lag, each data set's time since its last sync, the
 * last rederive, the webhook queue). GET /metrics serves it
 * (src/http/metrics.ts) on its own listener, never behind a customer key.
 */
export const metricsRegistry = new Registry();
// The event-loop lag histogram samples on a timer: prom-client's default 10 ms woke an idle API
// 100 times a second (about 4 ms of CPU a second, measured); every 100 ms still sees any stall.
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 100 });

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Series {
  labels: Record<string, string>;
  /** Observations per bucket (not cumulative); the last slot is above the largest bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * A histogram of three fixed labels, kept in a plain map and turned into the Prometheus text
 * only at scrape time. It is on every request and every store call: prom-client's own
 * Histogram.observe and Counter.inc validate and hash their label object on each call (about
 * 6 µs for the pair per request, measured), this is one map lookup. The same series give the
 * request counter (`countMetric`), so a request is recorded once.
 */
export class TallyHistogram {
  /** Series by their first, second and third label value: three lookups, and no key string built per observation. */
  private readonly series = new Map<string, Map<string, Map<string, Series>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly [string, string, string],
    private readonly bounds: readonly number[],
  ) {}

  observe(a: string, b: string, c: string, seconds: number): void {
    let byB = this.series.get(a);
    if (!byB) this.series.set(a, (byB = new Map()));
    let byC = byB.get(b);
    if (!byC) byB.set(b, (byC = new Map()));
    let series = byC.get(c);
    if (!series) {
      series = { labels: { [this.labelNames[0]]: a, [this.labelNames[1]]: b, [this.labelNames[2]]: c }, buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
      byC.set(c, series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]) bucket++;
    series.buckets[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  /** Every series, in the order first observed (per first and second label). */
  private all(): Series[] {
    return [...this.series.values()].flatMap((byB) => [...byB.values()].flatMap((byC) => [...byC.values()]));
  }

  /** For the registry: the histogram as prom-client's get() shapes it (cumulative buckets, le last, then _sum and _count). */
  metric(): Metric {
    const values = () =>
      this.all().flatMap((series) => {
        let cumulative = 0;
        const buckets = [...this.bounds, Infinity].map((bound, i) => {
          cumulative += series.buckets[i];
          return { metricName: `${this.name}_bucket`, labels: { ...series.labels, le: bound === Infinity ? '+Inf' : bound }, value: cumulative };
        });
        return [...buckets, { metricName: `${this.name}_sum`, labels: series.labels, value: series.sum }, { metricName: `${this.name}_count`, labels: series.labels, value: series.count }];
      });
    return this.registered('histogram', this.name, this.help, values);
  }

  /** A counter of the same series' observations (http_requests_total from the request histogram). */
  countMetric(name: string, help: string): Metric {
    return this.registered('counter', name, help, () => this.all().map((series) => ({ labels: series.labels, value: series.count })));
  }

  private registered(type: 'histogram' | 'counter', name: string, help: string, values: () => Array<{ metricName?: string; labels: Record<string, string | number>; value: number }>): Metric {
    const metric = { name, help, type, aggregator: 'sum', get: async () => ({ name, help, type, aggregator: 'sum', values: values() }), reset: () => this.series.clear() };
    return metric as unknown as Metric;
  }
}

const httpRequestTally = new TallyHistogram(
  'http_request_duration_seconds',
  'Time from the request to the handler having answered (a streamed CSV export: to its last byte), by method, route template and status.',
  ['method', 'route', 'status'],
  SECONDS_BUCKETS,
);
metricsRegistry.registerMetric(httpRequestTally.countMetric('http_requests_total', 'Requests answered, by method, route template (unmatched: no route) and status.'));
metricsRegistry.registerMetric(httpRequestTally.metric());

/** Status codes as label text, made once per code rather than per request. */
const statusLabels = new Map<number, string>();

/** One answered request: counted in http_requests_total and timed in http_request_duration_seconds. */
export function recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
  let label = statusLabels.get(status);
  if (label === undefined) statusLabels.set(status, (label = String(status)));
  httpRequestTally.observe(method, route, label, seconds);
}

export const storeRequestSeconds = new TallyHistogram(
  'store_request_duration_seconds',
  'One Postgres query or Elasticsearch request, by store (postgres, elasticsearch), operation (the SQL verb; the Elasticsearch API: search, pit, bulk...) and outcome (ok, error).',
  ['store', 'operation', 'outcome'],
  SECONDS_BUCKETS,
);
metricsRegistry.registerMetric(storeRequestSeconds.metric());

const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

// ---- Store calls -------------------------------------------------------------------------

const SQL_VERBS = new Set(['select', 'insert', 'update', 'delete', 'with', 'begin', 'commit', 'rollback', 'set', 'copy', 'create', 'alter', 'drop', 'lock', 'savepoint', 'release', 'truncate', 'vacuum', 'analyze', 'notify', 'listen']);

/** The statement's verb (a bounded label), from the first word of its text. */
export function sqlOperation(query: unknown): string {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return 'other';
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
  return verb && SQL_VERBS.has(verb) ? verb : 'other';
}

/** The Elasticsearch API of a request path: its first `_name` segment (/idx/_search: search, /_pit: pit), else other. */
export function esOperation(path: string): string {
  return /\/_([a-z_]+)/.exec(path)?.[1] ?? 'other';
}

/** Times every query of a pool's clients, the pool's own query() included (it runs on a client). */
function instrumentPool(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query;
    client.query = function timedQuery(this: PoolClient, ...args: unknown[]) {
      const started = process.hrtime.bigint();
      const operation = sqlOperation(args[0]);
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          storeRequestSeconds.observe('postgres', operation, error ? 'error' : 'ok', secondsSince(started));
          (last as (error: unknown, result: unknown) => void)(error, result);
        };
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      }
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) {
        result.then(
          () => storeRequestSeconds.observe('postgres', operation, 'ok', secondsSince(started)),
          () => storeRequestSeconds.observe('postgres', operation, 'error', secondsSince(started)),
        );
      }
      return result;
    } as PoolClient['query'];
  });
}

/** Times every Elasticsearch request (each attempt) from the client's diagnostic events. */
function instrumentEs(es: EsClient): void {
  const started = new WeakMap<object, bigint>();
  es.diagnostic.on('request', (_error, event) => {
    if (event?.meta) started.set(event.meta, process.hrtime.bigint());
  });
  es.diagnostic.on('response', (error, event) => {
    const at = event?.meta ? started.get(event.meta) : undefined;
    if (at === undefined) return;
    started.delete(event!.meta);
    const path = event!.meta.request?.params?.path ?? '';
    storeRequestSeconds.observe('elasticsearch', esOperation(path), error ? 'error' : 'ok', secondsSince(at));
  });
}

const instrumented = new WeakSet<MeteredStores>();

/**
 * Store latency for every pool and the Elasticsearch client of these stores, and the values
 * read from them at each scrape. Once per Stores, however many apps share them.
 */
export function instrumentStores(stores: MeteredStores): void {
  scraped.add(stores);
  if (instrumented.has(stores)) return;
  instrumented.add(stores);
  instrumentPool(stores.platform);
  for (const mode of MODES) instrumentPool(stores.byMode[mode].pg);
  instrumentEs(stores.es);
}

/** The app using these stores has closed: scrapes stop reading them. */
export function forgetStores(stores: MeteredStores): void {
  scraped.delete(stores);
}

// ---- Read at scrape time ------------------------------------------------------------------

/** The stores whose ingest runs and outboxes a scrape reads (the process's own, in practice one). */
const scraped = new Set<MeteredStores>();

/** Each scrape reads the stores with this much patience; a slow store leaves its values out. */
const SCRAPE_QUERY_MS = 2000;

async function readStores<T>(read: (stores: MeteredStores) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (const stores of scraped) {
    try {
      all.push(...(await read(stores)));
    } catch {
      // A store that does not answer has no values in this scrape (its request latencies say why).
    }
  }
  return all;
}

const queryWithin = async (pool: Pool, text: string): Promise<Array<Record<string, unknown>>> => (await pool.query({ text, query_timeout: SCRAPE_QUERY_MS } as { text: string })).rows;

type ModeRow = Record<string, unknown> & { mode: string };

/** Rows read from each mode's schema (live, test), each with its mode. */
const rowsByMode = (read: (pool: Pool) => Promise<Array<Record<string, unknown>>>): Promise<ModeRow[]> =>
  readStores((stores) => Promise.all(MODES.map(async (mode) => (await read(stores.byMode[mode].pg)).map((row) => ({ ...row, mode })))).then((lists) => lists.flat()));

/**
 * One read shared by the gauges it fills: a scrape collects every metric at once, so the
 * first gauge's collect reads and the others of the same scrape reuse its rows.
 */
function sharedRead(read: () => Promise<ModeRow[]>): () => Promise<ModeRow[]> {
  let pending: Promise<ModeRow[]> | undefined;
  return () => {
    if (!pending) {
      pending = read();
      // Kept for this scrape only: its gauges all start collecting before the read settles.
      void pending.finally(() => (pending = undefined)).catch(() => undefined);
    }
    return pending;
  };
}

function gauge(name: string, help: string, labelNames: string[], fill: (set: (labels: Record<string, string>, value: number) => void) => Promise<void>): Gauge<string> {
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      await fill((labels, value) => this.set(labels, value));
    },
  });
}

const ingestRuns = sharedRead(() =>
  rowsByMode((pool) =>
    queryWithin(
      pool,
      `select family, count(*) filter (where finished_at is not null)::int as finished, count(*) filter (where finished_at is null)::int as unfinished,
        coalesce(sum(rows_read), 0)::float8 as read, coalesce(sum(rows_loaded), 0)::float8 as loaded, coalesce(sum(rows_merged), 0)::float8 as merged,
        coalesce(sum(rows_rejected), 0)::float8 as rejected, extract(epoch from max(finished_at))::float8 as last_finished
       from ingest_runs group by family`,
    ),
  ),
);

gauge('ingest_runs', 'Ingest runs recorded in ingest_runs, by mode (live, test), family and state (finished; unfinished: running, or stopped before the end).', ['mode', 'family', 'state'], async (set) => {
  for (const row of await ingestRuns()) {
    set({ mode: row.mode, family: String(row.family), state: 'finished' }, Number(row.finished));
    set({ mode: row.mode, family: String(row.family), state: 'unfinished' }, Number(row.unfinished));
  }
});

gauge('ingest_rows', 'Source rows of every recorded ingest run, summed by mode, family and kind (read, loaded, merged as duplicates, rejected).', ['mode', 'family', 'kind'], async (set) => {
  for (const row of await ingestRuns()) {
    for (const kind of ['read', 'loaded', 'merged', 'rejected']) set({ mode: row.mode, family: String(row.family), kind }, Number(row[kind]));
  }
});

gauge('ingest_last_finished_timestamp_seconds', 'When the last ingest run of a family finished (Unix seconds), by mode and family.', ['mode', 'family'], async (set) => {
  for (const row of await ingestRuns()) if (row.last_finished != null) set({ mode: row.mode, family: String(row.family) }, Number(row.last_finished));
});

/** Every outbox of the mode's schema (a family's <family>_outbox, with created_at): rows waiting for the relay and the oldest one's age. */
const outboxes = sharedRead(() =>
  rowsByMode(async (pool) => {
    const tables = await queryWithin(
      pool,
      `select table_name as name from information_schema.columns
        where table_schema = current_schema() and table_name like '%\\_outbox' and column_name = 'created_at' order by table_name`,
    );
    if (!tables.length) return [];
    // Table names come from the catalog, never from a request.
    const counts = tables.map(({ name }) => `select '${name}' as outbox, count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest from "${name}"`);
    return queryWithin(pool, counts.join(' union all '));
  }),
);

gauge('outbox_pending_rows', 'Rows of an outbox not yet relayed to Elasticsearch, by mode and outbox table.', ['mode', 'outbox'], async (set) => {
  for (const row of await outboxes()) set({ mode: row.mode, outbox: String(row.outbox) }, Number(row.pending));
});

gauge('outbox_oldest_age_seconds', 'Age of the oldest row waiting in an outbox (0 when it is empty), by mode and outbox table.', ['mode', 'outbox'], async (set) => {
  for (const row of await outboxes()) set({ mode: row.mode, outbox: String(row.outbox) }, row.oldest == null ? 0 : Number(row.oldest));
});

/** Per mode, each data set's last successful sync with the portal and each family's last successful rederive (the worker's schedules, or a command). */
const freshness = sharedRead(() =>
  rowsByMode((pool) =>
    queryWithin(
      pool,
      `select 'sync' as kind, dataset as name, extract(epoch from now() - max(finished_at))::float8 as age, extract(epoch from max(finished_at))::float8 as finished
         from sync_runs where finished_at is not null and error is null group by dataset
       union all
       select 'rederive', family, extract(epoch from now() - max(finished_at))::float8, extract(epoch from max(finished_at))::float8
         from rederive_runs where finished_at is not null and error is null group by family`,
    ),
  ),
);

gauge(
  'dataset_sync_age_seconds',
  'Seconds since the last successful sync of a data set with the city\'s portal ended (sync_runs), by mode and data set; absent until its first. The worker syncs live mode on the schedule GET /meta/sources shows.',
  ['mode', 'dataset'],
  async (set) => {
    for (const row of await freshness()) if (row.kind === 'sync') set({ mode: row.mode, dataset: String(row.name) }, Number(row.age));
  },
);

gauge('rederive_last_finished_timestamp_seconds', 'When the last successful rederive of a family finished (Unix seconds; rederive_runs), by mode and family.', ['mode', 'family'], async (set) => {
  for (const row of await freshness()) if (row.kind === 'rederive') set({ mode: row.mode, family: String(row.name) }, Number(row.finished));
});

// ---- Webhooks: filled by the webhook worker ------------------------------------------------

/** What the webhook worker reports at each scrape: jobs waiting in its queue, by state (e.g. created, retry, active). */
export type WebhookQueueReader = () => Promise<Record<string, number>>;

let webhookQueueReader: WebhookQueueReader | undefined;

/** The webhook worker registers how to read its queue depth (its delivery rows by state); read at each scrape. */
export function reportWebhookQueue(reader: WebhookQueueReader): void {
  webhookQueueReader = reader;
}

new Gauge({
  name: 'webhook_queue_depth',
  help: 'Webhook delivery jobs in the queue by state, as the webhook worker reports them (absent until a worker registers).',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (!webhookQueueReader) return;
    try {
      for (const [state, count] of Object.entries(await webhookQueueReader())) this.set({ state }, count);
    } catch {
      // The queue could not be read in this scrape: no values rather than stale ones.
    }
  },
});

/** Webhook delivery attempts by outcome (delivered, failed, gave_up): the worker counts each with countWebhookDelivery. */
export const webhookDeliveries = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered (2xx), failed (an error or non-2xx answer, retried later), gave_up (retries exhausted).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export function countWebhookDelivery(outcome: 'delivered' | 'failed' | 'gave_up'): void {
  webhookDeliveries.inc({ outcome });
}
