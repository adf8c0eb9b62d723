import { localDataDir, localSecrets } from './platform/local-secrets';

/** Every setting the service reads, from the environment, in one place (README lists them). */
export interface Config {
  port: number;
  host: string;
  /** Unset until the services are ensured: `npm start` and the tests fill it in. */
  databaseUrl?: string;
  elasticsearchUrl?: string;
  /** Prefix of every Postgres schema and Elasticsearch index this deployment owns. */
  namespace: string;
  /** Signs cursors so they cannot be forged or edited. */
  cursorSecret: string;
  /** Salts the hash that stands for a device id; the raw id is never stored. */
  deviceIdSalt: string;
  logLevel: string;
  /** Largest accepted request body; report photos (3 x 4 MB as base64) set the floor. */
  bodyLimitBytes: number;
  /** How long a request may wait on Elasticsearch or Postgres. */
  storeTimeoutMs: number;
  poolSize: number;
  /**
   * How many reverse proxies in front of the API append to X-Forwarded-For (0: none, the
   * socket's peer is the client). The client address is the entry that many hops from the right.
   */
  trustedProxyHops: number;
  /** Longest a CSV export may stream before it is cut off (README: CSV exports). */
  exportMaxSeconds: number;
  /** Longest a CSV export waits for its client to take more of the answer before it is cut off (README: CSV exports). */
  exportStallSeconds: number;
  /** Rows per store call of a CSV export (Elasticsearch serves at most 10,000 hits a request). */
  exportBatchRows: number;
  /** Where GET /metrics listens, apart from the API (README: Metrics); port null: not served. */
  metricsHost: string;
  metricsPort: number | null;
  /** Map tiles under the /console map ({z}/{x}/{y} template); null: borough outlines only, no request leaves the origin. */
  consoleTileUrl: string | null;
  /** The typeaheads' answer cache (src/search/answer-cache.ts; README: Configuration). */
  typeaheadCache: AnswerCacheConfig;
  /** Webhook deliveries (src/changes/webhooks; README: Webhooks). */
  webhooks: WebhooksConfig;
  /** Reads kept while their tables are unchanged (src/db/kept-reads.ts; KEPT_READS=on|off, default on). */
  keptReads: boolean;
  /** How often the worker looks for outbox rows no ingest is indexing (OUTBOX_WATCH_SECONDS, default 5; README: The worker and schedules). */
  outboxWatchSeconds: number;
  /** Uploaded images decoding at once and waiting their turn, per process (src/community/decode-queue.ts; README: Configuration). */
  imageDecodes: { concurrency: number; waiting: number };
  /** The schedules of the portal syncs and the daily rederive (src/datasets/schedule.ts, ingest/schedules.ts; README: The worker and schedules). */
  sync: SyncConfig;
}

export interface SyncConfig {
  /**
   * SYNC_SCHEDULE=on|off: this process's worker registers and runs the schedules, and its API
   * names each data set's next run (GET /meta/sources). Default on, off under jest unless a
   * test turns it on; the bench and the fuzzer turn it off.
   */
  schedule: boolean;
  /** SODA_BASE_URL: the portal the syncs read (null: the city's, ingest/sync/sync.ts CITY_PORTAL). */
  portalUrl: string | null;
  /** SODA_APP_TOKEN, sent as X-App-Token (null: none; the portal then throttles harder). */
  appToken: string | null;
}

export interface WebhooksConfig {
  /** This process runs deliveries (WEBHOOKS_WORKER=on|off; default on, off under jest unless a test turns it on). */
  worker: boolean;
  /** Targets may be loopback or private addresses (WEBHOOKS_ALLOW_PRIVATE_TARGETS=on; default off). */
  allowPrivateTargets: boolean;
  /** First retry delay in seconds; each later one doubles (WEBHOOKS_RETRY_DELAY_SECONDS, default 30). */
  retryDelaySeconds: number;
  /** Retries after the first attempt (WEBHOOKS_RETRY_LIMIT, default 11: about a day). */
  retryLimit: number;
  /** Longest wait for a receiver's answer (WEBHOOKS_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
  /** Deliveries in flight per process (WEBHOOKS_CONCURRENCY, default 64). */
  concurrency: number;
  /** Deliveries of one subscription in flight at most, across processes (WEBHOOKS_SUBSCRIPTION_CONCURRENCY, default 2). */
  subscriptionConcurrency: number;
}

/** A whole-number setting up to `max`; below `min` reads as `min`. */
function wholeSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name] || String(fallback);
  if (!/^\d{1,9}$/.test(value) || Number(value) > max) throw new Error(`${name} must be a whole number up to ${max}`);
  return Math.max(min, Number(value));
}

/** The WEBHOOKS_* settings: on/off flags, and whole numbers within their bounds. */
function webhooksConfig(env: NodeJS.ProcessEnv): WebhooksConfig {
  const flag = (name: string, fallback: boolean) => onOff(env, name, fallback);
  const whole = (name: string, fallback: number, min: number, max: number) => wholeSetting(env, name, fallback, min, max);
  return {
    worker: flag('WEBHOOKS_WORKER', env.NODE_ENV !== 'test'),
    allowPrivateTargets: flag('WEBHOOKS_ALLOW_PRIVATE_TARGETS', false),
    retryDelaySeconds: whole('WEBHOOKS_RETRY_DELAY_SECONDS', 30, 1, 3600),
    retryLimit: whole('WEBHOOKS_RETRY_LIMIT', 11, 0, 16),
    timeoutMs: whole('WEBHOOKS_TIMEOUT_MS', 10_000, 100, 60_000),
    concurrency: whole('WEBHOOKS_CONCURRENCY', 64, 1, 256),
    subscriptionConcurrency: whole('WEBHOOKS_SUBSCRIPTION_CONCURRENCY', 2, 1, 16),
  };
}

function syncConfig(env: NodeJS.ProcessEnv): SyncConfig {
  // The request-started rederive this replaced read DERIVED_REFRESH: a setting that no longer does anything must not pass for one that does.
  if (env.DERIVED_REFRESH !== undefined) throw new Error('DERIVED_REFRESH is gone: the daily rederive runs on the worker\'s schedule, which SYNC_SCHEDULE=on|off sets');
  const portalUrl = env.SODA_BASE_URL || null;
  if (portalUrl !== null && !/^https?:\/\/[^\s/]+/.test(portalUrl)) throw new Error(`SODA_BASE_URL must be an http(s) URL, not "${portalUrl}"`);
  return { schedule: onOff(env, 'SYNC_SCHEDULE', env.NODE_ENV !== 'test'), portalUrl, appToken: env.SODA_APP_TOKEN || null };
}

export interface AnswerCacheConfig {
  enabled: boolean;
  /** Most bytes of answers kept (the least recently used go first). */
  maxBytes: number;
  /** How often the index's generation is asked while answers are served; an answer is at most about twice this behind the index. */
  checkMs: number;
}

/**
 * TYPEAHEAD_CACHE=on or off. Unset: on, except under jest (NODE_ENV=test), whose tests load
 * data and read it back at once (the cache's own tests turn it on).
 */
function typeaheadCacheConfig(env: NodeJS.ProcessEnv): AnswerCacheConfig {
  const setting = env.TYPEAHEAD_CACHE ?? (env.NODE_ENV === 'test' ? 'off' : 'on');
  if (setting !== 'on' && setting !== 'off') throw new Error('TYPEAHEAD_CACHE must be on or off');
  if (!/^[1-9]\d{0,4}$/.test(env.TYPEAHEAD_CACHE_MB ?? '32')) throw new Error('TYPEAHEAD_CACHE_MB must be a whole number of megabytes');
  if (!/^[1-9]\d{0,5}$/.test(env.TYPEAHEAD_CACHE_CHECK_MS ?? '1000')) throw new Error('TYPEAHEAD_CACHE_CHECK_MS must be a whole number of milliseconds');
  return {
    enabled: setting === 'on',
    maxBytes: Number(env.TYPEAHEAD_CACHE_MB ?? 32) * 1024 * 1024,
    checkMs: Number(env.TYPEAHEAD_CACHE_CHECK_MS ?? 1000),
  };
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name] || (fallback ? 'on' : 'off');
  if (value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off`);
  return value === 'on';
}

export const API_VERSION = '1.1';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const namespace = env.DATA_NAMESPACE ?? 'nyc';
  // A deployment must not run on the development secrets: forged cursors, guessable device hashes.
  if (env.NODE_ENV === 'production') {
    const missing = ['CURSOR_SECRET', 'DEVICE_ID_SALT'].filter((name) => !env[name]);
    if (missing.length) throw new Error(`NODE_ENV=production needs ${missing.join(' and ')}`);
  }
  if (!/^\d{1,2}$/.test(env.TRUSTED_PROXY_HOPS ?? '0')) throw new Error('TRUSTED_PROXY_HOPS must be a small whole number (0 when no proxy is in front)');
  if (!/^(off|\d{1,5})$/.test(env.METRICS_PORT ?? '9464')) throw new Error('METRICS_PORT must be a port number, or off');
  if (!/^[1-9]\d{0,5}$/.test(env.EXPORT_MAX_SECONDS ?? '900')) throw new Error('EXPORT_MAX_SECONDS must be a whole number of seconds');
  if (!/^[1-9]\d{0,4}$/.test(env.EXPORT_STALL_SECONDS ?? '30')) throw new Error('EXPORT_STALL_SECONDS must be a whole number of seconds');
  if (!/^[1-9]\d{0,3}$|^10000$/.test(env.EXPORT_BATCH_ROWS ?? '5000')) throw new Error('EXPORT_BATCH_ROWS must be a whole number from 1 to 10000');
  if (!/^[1-9]\d{0,3}$/.test(env.OUTBOX_WATCH_SECONDS ?? '5')) throw new Error('OUTBOX_WATCH_SECONDS must be a whole number of seconds from 1 to 9999');
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(namespace)) throw new Error('DATA_NAMESPACE must be lowercase letters, digits and underscores');
  // A local run without configured secrets gets random ones, kept with its local data.
  const local = env.CURSOR_SECRET && env.DEVICE_ID_SALT ? undefined : localSecrets(localDataDir(env));
  const cursorSecret = env.CURSOR_SECRET || local?.cursorSecret || '';
  const deviceIdSalt = env.DEVICE_ID_SALT || local?.deviceIdSalt || '';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    elasticsearchUrl: env.ELASTICSEARCH_URL || undefined,
    namespace,
    cursorSecret,
    deviceIdSalt,
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 20 * 1024 * 1024),
    storeTimeoutMs: Number(env.STORE_TIMEOUT_MS ?? 5000),
    poolSize: Number(env.PG_POOL_SIZE ?? 20),
    trustedProxyHops: Number(env.TRUSTED_PROXY_HOPS ?? 0),
    exportMaxSeconds: Number(env.EXPORT_MAX_SECONDS ?? 900),
    exportStallSeconds: Number(env.EXPORT_STALL_SECONDS ?? 30),
    exportBatchRows: Number(env.EXPORT_BATCH_ROWS ?? 5000),
    metricsHost: env.METRICS_HOST ?? '127.0.0.1',
    metricsPort: env.METRICS_PORT === 'off' ? null : Number(env.METRICS_PORT ?? 9464),
    consoleTileUrl: env.CONSOLE_TILE_URL || null,
    typeaheadCache: typeaheadCacheConfig(env),
    webhooks: webhooksConfig(env),
    keptReads: onOff(env, 'KEPT_READS', true),
    outboxWatchSeconds: Number(env.OUTBOX_WATCH_SECONDS ?? 5),
    imageDecodes: { concurrency: wholeSetting(env, 'IMAGE_DECODES', 1, 1, 16), waiting: wholeSetting(env, 'IMAGE_DECODE_QUEUE', 8, 0, 1000) },
    sync: syncConfig(env),
  };
}
