import type { DataStore } from '../../src/stores';
import type { Progress } from '../load/progress';
import { bulkIndex } from './bulk';
import { buildDocuments } from './documents';
import { ensureRestaurantIndices, refreshRestaurantIndices } from './indices';
import { RESTAURANT_INDICES } from './mappings';

export interface DrainOptions {
  /** Outbox rows per round. */
  batchSize?: number;
  /** Refresh the indices when done so readers see the changes (default true). */
  refresh?: boolean;
  progress?: Progress;
}

/**
 * Drains the restaurant outbox into Elasticsearch: each round takes the oldest rows,
 * rebuilds the current documents of their establishments from Postgres, bulk-indexes them
 * with external versions and only then deletes the rows it handled. Killed at any point,
 * the rows are still there and the next drain indexes them again (idempotently).
 * One drainer at a time per schema; a second caller returns at once.
 */
export async function drainOutbox(store: DataStore, options: DrainOptions = {}): Promise<{ documents: number; establishments: number }> {
  const batchSize = options.batchSize ?? 500;
  const lock = await store.pg.connect();
  let documents = 0;
  let establishments = 0;
  try {
    await lock.query('set statement_timeout = 0');
    const { rows: locked } = await lock.query('select pg_try_advisory_lock(hashtext($1)) as ok', [`restaurant-indexer:${store.schema}`]);
    if (!locked[0].ok) return { documents, establishments };
    try {
      await ensureRestaurantIndices(store);
      const { rows: pending } = await lock.query('select count(distinct camis)::int as n from restaurant_outbox');
      options.progress?.phase('indexing', pending[0].n, 'establishments');
      for (;;) {
        const { rows } = await lock.query('select id, camis from restaurant_outbox order by id limit $1', [batchSize]);
        if (rows.length === 0) break;
        const camis = [...new Set(rows.map((row) => row.camis as string))];
        const set = await buildDocuments(lock, camis);
        documents += await bulkIndex(
          store.es,
          RESTAURANT_INDICES.map((name) => ({ index: store.indexAlias(name), documents: set[name] })),
        );
        await lock.query('delete from restaurant_outbox where id = any($1)', [rows.map((row) => row.id)]);
        establishments += camis.length;
        options.progress?.update(establishments);
      }
      if (documents > 0 && options.refresh !== false) await refreshRestaurantIndices(store);
    } finally {
      await lock.query('select pg_advisory_unlock(hashtext($1))', [`restaurant-indexer:${store.schema}`]);
    }
  } finally {
    await lock.query('reset statement_timeout').catch(() => undefined);
    lock.release();
  }
  return { documents, establishments };
}

/**
 * Drains the outbox repeatedly while a load is applying chunks, so indexing overlaps with
 * Postgres work; stop() waits for the round in progress. The load drains once more after.
 */
export function startBackgroundRelay(store: DataStore, idleMs = 200): { stop(): Promise<{ documents: number }> } {
  let stopped = false;
  let documents = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        const round = await drainOutbox(store, { refresh: false });
        documents += round.documents;
        if (round.establishments === 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
      } catch {
        // The outbox keeps the rows: the final drain meets the problem again and reports it.
        return;
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { documents };
    },
  };
}
