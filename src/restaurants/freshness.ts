import { spawn } from 'node:child_process';
import path from 'node:path';
import type { AppDeps } from '../deps';
import { clockOf } from '../platform/fixture-clock';
import type { DataStore } from '../stores';

/**
 * Keeps the time-relative derived values (3-year vermin window, 24/36-month sanitary windows,
 * recency weights, risk) current without a cron: the service itself re-derives the restaurant
 * family as of its clock's day, once per day and process, in the background.
 *
 * How: the first restaurant request of a live-mode clock day that this process has not
 * re-derived yet starts the one rederive the ingest command line runs (`npm run ingest --
 * rederive --family restaurants --mode live --as-of <day>`: recompute, write what changed,
 * carry it to Elasticsearch through the outbox, under the ingest lock, so several API
 * processes never run it at once and the later ones find nothing to change). It runs as a child
 * process because src/ never imports ingest/ (ARCHITECTURE.md); requests never wait for it: the
 * answers move to the new day when it finishes (seconds on the 30,000-establishment set). A
 * failure is logged and retried by the next request after RETRY_MS. Test mode answers as of the
 * fixture's fixed reference date, whose derived values never go stale.
 */

const REPOSITORY = path.resolve(__dirname, '../..');
const RETRY_MS = 10 * 60_000;

export interface Rederive {
  (input: { mode: string; day: string; deps: AppDeps }): Promise<void>;
}

/** The ingest command line's rederive, as a child process on this service's stores. */
export const rederiveByCommand: Rederive = ({ mode, day, deps }) =>
  new Promise((resolve, reject) => {
    const args = ['run', '--silent', 'ingest', '--', 'rederive', '--family', 'restaurants', '--mode', mode, '--as-of', day];
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
  touch(store: DataStore): void;
}

/**
 * RESTAURANT_REDERIVE=daily or off. Unset: daily in a deployment (NODE_ENV=production, as the
 * Docker image runs), off elsewhere: tests load data as of fixed past dates and read it back as
 * loaded (the freshness test turns it on), and the bench measures the API without a background
 * rederive of its data set in the same process tree. `npm start` users who keep a server up for
 * days set RESTAURANT_REDERIVE=daily.
 */
export function freshnessEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const setting = env.RESTAURANT_REDERIVE ?? (env.NODE_ENV === 'production' ? 'daily' : 'off');
  if (setting !== 'daily' && setting !== 'off') throw new Error('RESTAURANT_REDERIVE must be daily or off');
  return setting === 'daily';
}

export function derivedFreshness(deps: AppDeps, rederive: Rederive = rederiveByCommand, now: () => Date = () => new Date()): DerivedFreshness {
  if (!freshnessEnabled()) return { touch: () => undefined };
  const done = new Map<string, string>();
  const inFlight = new Map<string, Promise<void>>();
  const failedAt = new Map<string, number>();
  return {
    touch(store) {
      if (store.mode !== 'live') return;
      const day = clockOf(store, now).toISOString().slice(0, 10);
      const key = store.schema;
      if (done.get(key) === day || inFlight.has(key)) return;
      const failed = failedAt.get(key);
      if (failed !== undefined && Date.now() - failed < RETRY_MS) return;
      const run = rederive({ mode: store.mode, day, deps })
        .then(
          () => {
            done.set(key, day);
            failedAt.delete(key);
            deps.logger.info({ mode: store.mode, day }, 'restaurant derived values re-derived for the day');
          },
          (error: Error) => {
            failedAt.set(key, Date.now());
            deps.logger.error({ err: error, mode: store.mode, day }, 'restaurant rederive failed; retrying later');
          },
        )
        .finally(() => inFlight.delete(key));
      inFlight.set(key, run);
    },
  };
}
