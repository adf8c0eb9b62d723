import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../src/config';
import { type DatasetSchedule, REDERIVE_CRON, REDERIVE_QUEUE, SCHEDULE_TIMEZONE } from '../src/datasets/schedule';
import { jobsSchema } from '../src/db/schemas';
import { utcDay } from '../src/platform/usage';
import { openStores, type Stores } from '../src/stores';
import { FAMILIES } from './families';
import { registered, SCHEDULES } from './families/registry';
import { upgradeIndices } from './index/rebuild';
import { rederive } from './load/rederive';
import { CITY_PORTAL, syncDataset } from './sync/sync';

/**
 * The worker's schedules on pg-boss's cron (schema <ns>_jobs, shared with the webhook
 * deliveries): each data set the portal publishes synced on its cadence and read in full on
 * its full-pass day, and every family re-derived for the live clock's day, each at the times of
 * the one table src/datasets/schedule.ts keeps. Only the live schema is synced and
 * re-derived: test mode is the fixture, as of its fixed reference date.
 *
 * Several worker processes are safe. pg-boss's cron sends one job per schedule and minute
 * whichever process notices it; each schedule has a queue of its own with the stately policy
 * (at most one job of it queued and one running, across every process), and the sync's own
 * advisory lock keeps the incremental and the full queue of one data set from running it
 * twice at once: the one that finds it busy fails and is tried again. A failure (the portal
 * refusing, a column gone, busy) is retried with a doubling wait; every sync attempt is
 * recorded in sync_runs, every rederive in rederive_runs.
 */

/** What a sync job does: the schedule's data, or a manual run's. */
interface SyncJob {
  dataset: string;
  full: boolean;
}

/** A full pass of a large data set (millions of OATH cases) takes hours; a job running longer is taken for lost and tried again. */
const SYNC_EXPIRE_SECONDS = 8 * 3600;
const REDERIVE_EXPIRE_SECONDS = 3 * 3600;
/** Retries of a failed run, the first after RETRY_DELAY_SECONDS, each later one about twice as late (about ten hours in all). */
const RETRY_LIMIT = 7;
const RETRY_DELAY_SECONDS = 300;
/** A scheduled run starts at most this late; a manual one (runNow) at once. */
const POLLING_SECONDS = 60;

/** The ingest's patience: a chunk of a large load or a rederive batch outlasts a request's wait. */
const JOB_STORE_TIMEOUT_MS = 600_000;

export interface ScheduleOptions {
  /** The worker's clock: the day the rederive derives as of, and the clock of a sync's derived values (default now). */
  now?: () => Date;
  /** The schedules to register (default: the table's); a test may give a shorter list. */
  schedules?: readonly DatasetSchedule[];
}

export interface Schedules {
  /** The queues registered, each with its cron. */
  readonly registered: ReadonlyArray<{ queue: string; cron: string }>;
  /** Queues a run now, as its schedule would (a sync's data set and kind come from its queue); resolves with the job's id, or null when one is already waiting. */
  runNow(queue: string): Promise<string | null>;
  /** Stops taking jobs; a run in progress is failed back to its queue after `timeoutMs` and tried again by a worker later. */
  stop(timeoutMs?: number): Promise<void>;
}

const queueOptions = (name: string, expireInSeconds: number): PgBoss.Queue => ({
  name,
  policy: 'stately',
  retryLimit: RETRY_LIMIT,
  retryDelay: RETRY_DELAY_SECONDS,
  retryBackoff: true,
  expireInSeconds,
});

/** Registers the schedules and works their queues; rejects when pg-boss cannot start. */
export async function startSchedules(config: Config, logger: Logger, options: ScheduleOptions = {}): Promise<Schedules> {
  if (!config.databaseUrl) throw new Error('the schedules need DATABASE_URL');
  const now = options.now ?? (() => new Date());
  const schedules = options.schedules ?? SCHEDULES;
  const base = config.sync.portalUrl ?? CITY_PORTAL;
  const appToken = config.sync.appToken ?? undefined;

  const boss = new PgBoss({ connectionString: config.databaseUrl, schema: jobsSchema(config.namespace), max: 4, application_name: 'schedules' });
  boss.on('error', (error) => logger.warn({ err: error }, 'schedule queue error'));
  await boss.start();
  let stores: Stores | undefined;
  try {
    stores = openStores({ ...config, storeTimeoutMs: JOB_STORE_TIMEOUT_MS, poolSize: 4, keptReads: false });
    const live = stores.byMode.live;

    const syncOne = async ({ dataset: name, full }: SyncJob) => {
      const dataset = registered(name);
      if (!dataset) throw new Error(`the schedule names ${name}, which the registry does not`);
      // As the sync command line does: a mapping changed by an upgrade is rebuilt before anything writes to it.
      await upgradeIndices(live, dataset.load.family);
      const summary = await syncDataset(live, dataset, { base, appToken, full, asOf: now() });
      const { status, rowsFetched, rowsApplied, rowsRejected, positionAfter, seconds } = summary;
      if (status === 'failed' || status === 'busy') {
        logger.warn({ dataset: name, full, status, error: summary.error }, 'sync did not complete; tried again later');
        throw new Error(`${name}: ${status}: ${summary.error}`);
      }
      logger.info({ dataset: name, full, status, rowsFetched, rowsApplied, rowsRejected, position: positionAfter, seconds }, 'synced');
    };

    const rederiveAll = async () => {
      const day = utcDay(now());
      const asOf = new Date(`${day}T00:00:00Z`);
      const failed: string[] = [];
      // One family's failure does not keep the others stale; the retry runs them all, the current ones finding nothing to change.
      for (const family of FAMILIES) {
        try {
          await upgradeIndices(live, family);
          const { changed } = await rederive(live, family, asOf);
          logger.info({ family: family.name, day, changed }, 'derived values re-derived for the day');
        } catch (error) {
          logger.error({ err: error, family: family.name, day }, 'rederive failed; tried again later');
          failed.push(`${family.name}: ${(error as Error).message}`);
        }
      }
      if (failed.length) throw new Error(`rederive as of ${day} failed for ${failed.join('; ')}`);
    };

    const workers = new Map<string, string>();
    const work = async (queue: string, run: (data: object) => Promise<void>) => {
      const id = await boss.work<object>(queue, { pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1 }, async ([job]) => run(job.data));
      workers.set(queue, id);
    };

    for (const schedule of schedules) {
      const data: SyncJob = { dataset: schedule.dataset, full: schedule.full };
      await ensureQueue(boss, queueOptions(schedule.queue, SYNC_EXPIRE_SECONDS));
      await boss.schedule(schedule.queue, schedule.cron, data, { tz: SCHEDULE_TIMEZONE });
      await work(schedule.queue, (job) => syncOne({ ...data, ...(job as Partial<SyncJob>) }));
    }
    await ensureQueue(boss, queueOptions(REDERIVE_QUEUE, REDERIVE_EXPIRE_SECONDS));
    await boss.schedule(REDERIVE_QUEUE, REDERIVE_CRON, {}, { tz: SCHEDULE_TIMEZONE });
    await work(REDERIVE_QUEUE, rederiveAll);

    // A data set no longer published (or renamed) keeps no schedule from an earlier release.
    const current = new Set(schedules.map((schedule) => schedule.queue));
    for (const { name } of await boss.getSchedules()) {
      if (name.startsWith('sync-') && !current.has(name)) await boss.unschedule(name);
    }

    const registeredQueues = [...schedules.map(({ queue, cron }) => ({ queue, cron })), { queue: REDERIVE_QUEUE, cron: REDERIVE_CRON }];
    logger.info({ schedules: registeredQueues.length, portal: base }, 'schedules registered');
    const opened = stores;
    return {
      registered: registeredQueues,
      async runNow(queue) {
        const worker = workers.get(queue);
        if (!worker) throw new Error(`no schedule works queue ${queue}`);
        const schedule = schedules.find((each) => each.queue === queue);
        const id = await boss.send(queue, schedule ? { dataset: schedule.dataset, full: schedule.full } : {});
        boss.notifyWorker(worker);
        return id;
      },
      async stop(timeoutMs = 15_000) {
        await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
        await opened.close();
      },
    };
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await stores?.close().catch(() => undefined);
    throw error;
  }
}

/** The queue with these options, whether it is new or an earlier release made it with others. */
async function ensureQueue(boss: PgBoss, options: PgBoss.Queue): Promise<void> {
  await boss.createQueue(options.name, options);
  await boss.updateQueue(options.name, options);
}
