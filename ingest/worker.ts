import type { Logger } from 'pino';
import type { Config } from '../src/config';
import { MODES } from '../src/db/schemas';
import { openStores } from '../src/stores';
import { FAMILIES } from './families';
import { watchOutboxes } from './index/outbox-watch';

export interface Worker {
  stop(): Promise<void>;
}

/** A drain round's bulk requests carry hundreds of entities' documents: longer than a request's wait, shorter than a load's. */
const WORKER_STORE_TIMEOUT_MS = 120_000;

/**
 * The background work that needs the ingest pipeline, which the API processes never import:
 * today, keeping every family's Elasticsearch indices caught up with what Postgres holds
 * (watchOutboxes), in both modes of the namespace. `npm start` runs it beside the API;
 * a deployment runs `npm run worker` as a process of its own (one or more).
 */
export function startWorker(config: Config, logger: Logger): Worker {
  const stores = openStores({ ...config, storeTimeoutMs: WORKER_STORE_TIMEOUT_MS, poolSize: 4, keptReads: false });
  const watch = watchOutboxes(
    MODES.map((mode) => stores.byMode[mode]),
    FAMILIES,
    { intervalMs: config.outboxWatchSeconds * 1000, logger },
  );
  logger.info({ outboxWatchSeconds: config.outboxWatchSeconds }, 'worker started');
  return {
    async stop() {
      await watch.stop();
      await stores.close();
    },
  };
}
