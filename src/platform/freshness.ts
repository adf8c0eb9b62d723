import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Logger } from 'pino';
import { clockOf } from './fixture-clock';
import { utcDay } from './usage';

/**
 * Keeps the time-relative derived values of every family current without a cron (restaurants:
 * 3-year vermin window, 24/36-month sanitary windows, recency weights, risk; properties: an ECB
 * hearing date or a permit's expiry passing; contractors: a 75-day reopen window closing): the
 * service itself re-derives every family as of its clock's day, once per day and process, in
 * the background.
 *
 * How: the first keyed request of a live-mode clock day that this process has not re-derived
 * yet starts the one rederive the ingest command line runs (`npm run ingest -- rederive --mode
 * live --as-of <day>`, every family: recompute, write what changed,
 * carry it to Elasticsearch through the outbox, under the ingest lock, so several API
 * processes never run it at once and the later ones find nothing to change). It runs as a child
 * process because src/ never imports ingest/ (ARCHITECTURE.md); requests never wait for it: the
 * answers move to the new day when it finishes (seconds on the 30,000-establishment set). A
 * failure is logged and retried by the next request after RETRY_MS. Test mode answers as of the
 * fixture's fixed reference date, whose derived values never go stale.
 */

const REPOSITORY = path.resolve(__dirname, '../..');

/** What the rederive needs of the app: where the stores are, and where to log. */
export interface FreshnessDeps {
  config: { databaseUrl?: string; elasticsearchUrl?: string; namespace: string };
  logger: Logger;
}

/** The store a request reads (src/stores.ts DataStore): its mode, and its schema as the key of its day. */
export interface FreshStore {
  mode: string;
  schema: string;
}
const RETRY_MS = 10 * 60_000;

export interface Rederive {
  (input: { mode: string; day: string; deps: FreshnessDeps }): Promise<void>;
}

/** The ingest command line's rederive, as a child process on this service's stores. */
export const rederiveByCommand: Rederive = ({ mode, day, deps }) =>
  new Promise((resolve, reject) => {
    const args = ['run', '--silent', 'ingest', '--', 'rederive', '--mode', mode, '--as-of', day];
    const child = spawn('npm', args, {
      cwd: REPOSITORY,
      env: { ...process.env, DATABASE_URL: deps.config.databaseUrl, ELASTICSEARCH_URL: deps.config.elasticsearchUrl, DATA_NAMESPACE: deps.config.namespace },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + String(chunk)).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`rederive exited with ${code}: ${stderr.trim()}`))));
  });

export interface DerivedFreshness {
  /** Starts the day's rederive for the store's mode when this process has not run it yet; never waits for it. */
  touch(store: FreshStore): void;
}

/**
 * DERIVED_REFRESH=daily or off. Unset: daily (a deployment and `npm start` never serve stale
 * windows), except under jest (NODE_ENV=test), whose tests load data as of fixed past dates and
 * read it back as loaded (the freshness test turns it on). The bench and the fuzzer set it off:
 * they measure and probe the API, not a background rederive of their data set.
 */
export function freshnessEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const setting = env.DERIVED_REFRESH ?? (env.NODE_ENV === 'test' ? 'off' : 'daily');
  if (setting !== 'daily' && setting !== 'off') throw new Error('DERIVED_REFRESH must be daily or off');
  return setting === 'daily';
}

export function derivedFreshness(deps: FreshnessDeps, rederive: Rederive = rederiveByCommand, now: () => Date = () => new Date()): DerivedFreshness {
  if (!freshnessEnabled()) return { touch: () => undefined };
  const done = new Map<string, string>();
  const inFlight = new Map<string, Promise<void>>();
  const failedAt = new Map<string, number>();
  return {
    touch(store) {
      if (store.mode !== 'live') return;
      const day = utcDay(clockOf(store, now));
      const key = store.schema;
      if (done.get(key) === day || inFlight.has(key)) return;
      const failed = failedAt.get(key);
      if (failed !== undefined && Date.now() - failed < RETRY_MS) return;
      const run = rederive({ mode: store.mode, day, deps })
        .then(
          () => {
            done.set(key, day);
            failedAt.delete(key);
            deps.logger.info({ mode: store.mode, day }, 'derived values re-derived for the day');
          },
          (error: Error) => {
            failedAt.set(key, Date.now());
            deps.logger.error({ err: error, mode: store.mode, day }, 'rederive failed; retrying later');
          },
        )
        .finally(() => inFlight.delete(key));
      inFlight.set(key, run);
    },
  };
}
