import { withAdvisoryLock } from '../../src/db/transaction';
import type { DataStore } from '../../src/stores';
import type { Family } from '../families/types';
import type { Progress } from '../load/progress';
import { bulkIndex } from './bulk';
import { ensureIndices, refreshIndices } from './indices';

export interface DrainOptions {
  /** Outbox rows per round (one documents read and one bulk request each). */
  batchSize?: number;
  /** Refresh the indices when done so readers see the changes (default true). */
  refresh?: boolean;
  progress?: Progress;
}

/** The indexer's lock: one drainer per family and schema. */
export const indexerLock = (store: DataStore, family: Family) => `${family.lockName}-indexer:${store.schema}`;

/**
 * Drains a family's outbox into Elasticsearch: each round takes the oldest rows, rebuilds
 * the current documents of their entities from Postgres, bulk-indexes them with external
 * versions and only then deletes the rows it handled. Killed at any point, the rows are
 * still there and the next drain indexes them again (idempotently).
 * One drainer at a time per family and schema; a second caller returns at once.
 */
export async function drainOutbox(store: DataStore, family: Family, options: DrainOptions = {}): Promise<{ documents: number; entities: number }> {
  const batchSize = options.batchSize ?? 500;
  let documents = 0;
  let entities = 0;
  await withAdvisoryLock(store.pg, indexerLock(store, family), async (client) => {
    await ensureIndices(store, family);
    // A round's delete need not wait for its WAL to reach the disk (a flush each, most of a
    // round's Postgres time): a crash that loses it leaves the rows, which the next drain
    // indexes again, idempotently. Reset before the client goes back to the pool.
    await client.query('set synchronous_commit = off');
    try {
      const { rows: pending } = await client.query(`select count(distinct ${family.key})::int as n from ${family.outbox}`);
      options.progress?.phase('indexing', pending[0].n, family.entities);
      for (;;) {
        const { rows } = await client.query(`select id, ${family.key} as key from ${family.outbox} order by id limit $1`, [batchSize]);
        if (rows.length === 0) break;
        const keys = [...new Set(rows.map((row) => row.key as string))];
        const set = await family.buildDocuments(client, keys);
        documents += await bulkIndex(store.es, family.indices.map(({ name }) => ({ index: store.indexAlias(name), documents: set[name] ?? [] })));
        await client.query(`delete from ${family.outbox} where id = any($1)`, [rows.map((row) => row.id)]);
        entities += keys.length;
        options.progress?.update(entities);
      }
    } finally {
      await client.query('reset synchronous_commit').catch(() => undefined);
    }
    if (documents > 0 && options.refresh !== false) await refreshIndices(store, family);
  }, { wait: false });
  return { documents, entities };
}

/**
 * Drains the outbox repeatedly while a load is applying chunks, so indexing overlaps with
 * Postgres work; stop() waits for the round in progress. The load drains once more after.
 */
export function startBackgroundRelay(store: DataStore, family: Family, idleMs = 200): { stop(): Promise<{ documents: number }> } {
  let stopped = false;
  let documents = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        const round = await drainOutbox(store, family, { refresh: false });
        documents += round.documents;
        if (round.entities === 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
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
