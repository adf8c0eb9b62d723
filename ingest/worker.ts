import type { Logger } from 'pino';
import type { Config } from '../src/config';
import { MODES } from '../src/db/schemas';
import { openStores } from '../src/stores';
import { FAMILIES } from './families';
import { watchOutboxes } from './index/outbox-watch';
import { type ScheduleOptions, type Schedules, startSchedules } from './schedules';

export interface Worker {
  /** Resolves once the schedules are registered (null when SYNC_SCHEDULE is off), rejects when they could not be. */
  schedules: Promise<Schedules | null>;
  stop(): Promise<void>;
}

/** A drain round's bulk requests carry hundreds of entities' documents: longer than a request's wait, shorter than a load's. */
const WORKER_STORE_TIMEOUT_MS = 120_000;

/**
 * The background work that needs the ingest pipeline, which the API processes never import:
 * keeping every family's Elasticsearch indices caught up with what Postgres holds
 * (watchOutboxes), in both modes of the namespace, and, unless SYNC_SCHEDULE is off, the
 * schedules (ingest/schedules.ts: the portal syncs and the daily rederive). `npm start` runs it
 * beside the API; a deployment runs `npm run worker` as a process of its own (one or more).
 */
export function startWorker(config: Config, logger: Logger, options: ScheduleOptions = {}): Worker {
  const stores = openStores({ ...config, storeTimeoutMs: WORKER_STORE_TIMEOUT_MS, poolSize: 4, keptReads: false });
  const watch = watchOutboxes(
    MODES.map((mode) => stores.byMode[mode]),
    FAMILIES,
    { intervalMs: config.outboxWatchSeconds * 1000, logger },
  );
  const schedules = config.sync.schedule ? startSchedules(config, logger, options) : Promise.resolve(null);
  schedules.catch((error: Error) => logger.error({ err: error }, 'the schedules did not start: no sync or rederive runs from this worker'));
  logger.info({ outboxWatchSeconds: config.outboxWatchSeconds, schedules: config.sync.schedule }, 'worker started');
  return {
    schedules,
    async stop() {
      const running = await schedules.catch(() => null);
      await running?.stop();
      await watch.stop();
      await stores.close();
    },
  };
}
