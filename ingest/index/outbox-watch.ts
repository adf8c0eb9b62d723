import type { Logger } from 'pino';
import type { DataStore } from '../../src/stores';
import type { Family } from '../load/types';
import { withIngestLockIfFree } from '../load/pipeline';
import { restoreRefreshes } from './indices';
import { drainOutbox } from './outbox-relay';

export interface OutboxWatch {
  /** Ends the watch after the round in progress. */
  stop(): Promise<void>;
}

export interface OutboxWatchOptions {
  /** Pause between two looks at every outbox. */
  intervalMs: number;
  logger: Logger;
}

/**
 * Keeps Elasticsearch caught up with Postgres without anyone running a command. An ingest
 * drains its own outbox as it goes, but rows stay there whenever Elasticsearch could not take
 * them: killed or frozen mid-load, restarting, or a write made while it was away. Every
 * interval each family's outbox in each store is looked at (one `exists` query), and one that
 * holds rows while no run of that family holds its ingest lock is drained and its indices get
 * back the refresh interval a killed load may have paused. While Elasticsearch is away each
 * round fails fast and the next one tries again, so indexing resumes by itself within an
 * interval of its return. Several watchers (one per worker process) take turns through the lock.
 */
export function watchOutboxes(stores: DataStore[], families: readonly Family[], options: OutboxWatchOptions): OutboxWatch {
  const { logger } = options;
  /** Outboxes whose last drain failed: the failure is logged once, and the recovery. */
  const failing = new Set<string>();
  let stopped = false;
  let wake: (() => void) | undefined;

  const drainIfPending = async (store: DataStore, family: Family) => {
    const where = { schema: store.schema, family: family.name };
    const name = `${store.schema}/${family.name}`;
    try {
      const { rows } = await store.pg.query<{ pending: boolean }>(`select exists (select 1 from ${family.outbox}) as pending`);
      if (!rows[0].pending) return;
      const run = await withIngestLockIfFree(store, family, async () => {
        const drained = await drainOutbox(store, family);
        await restoreRefreshes(store, family);
        return drained;
      });
      if (!run.locked) return;
      if (run.result.entities > 0) logger.info({ ...where, entities: run.result.entities, documents: run.result.documents }, 'outbox drained');
      if (failing.delete(name)) logger.info(where, 'indexing resumed');
    } catch (error) {
      if (!failing.has(name)) logger.warn({ ...where, err: error }, 'outbox not drained; trying again each interval');
      failing.add(name);
    }
  };

  const loop = (async () => {
    while (!stopped) {
      for (const store of stores) for (const family of families) if (!stopped) await drainIfPending(store, family);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.intervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
