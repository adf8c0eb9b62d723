import { withAdvisoryLock } from '../../src/db/transaction';
import type { DataStore } from '../../src/stores';
import type { Family } from '../load/types';
import type { Progress } from '../load/progress';
import { bulkIndex, type IndexedDocument } from './bulk';
import { ensureIndices, refreshIndices } from './indices';

export interface DrainOptions {
  /** Outbox rows per round (one documents read and one bulk request each). */
  batchSize?: number;
  /** Refresh the indices when done so readers see the changes (default true). */
  refresh?: boolean;
  progress?: Progress;
}

/**
 * Per entity of a round, the oldest `since` of its outbox rows (null, every document, wins):
 * its documents at or below that version were indexed by earlier rounds. Rows of one entity
 * are taken in id order, so an older row is never left for a later round.
 */
export function oldestSince(rows: Array<{ key: string; since: string | number | null }>): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const { key, since } of rows) {
    const version = since === null ? null : Number(since);
    const known = out.get(key);
    if (!out.has(key)) out.set(key, version);
    else if (known !== null && known !== undefined) out.set(key, version === null ? null : Math.min(known, version));
  }
  return out;
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
        const { rows } = await client.query(`select id, ${family.key} as key, since from ${family.outbox} order by id limit $1`, [batchSize]);
        if (rows.length === 0) break;
        const since = oldestSince(rows);
        const set = await family.buildDocuments(client, [...since.keys()]);
        const changed = (doc: IndexedDocument) => {
          const indexed = since.get(doc.key);
          return indexed === null || indexed === undefined || doc.version > indexed;
        };
        documents += await bulkIndex(store.es, family.indices.map(({ name }) => ({ index: store.indexAlias(name), documents: (set[name] ?? []).filter(changed) })));
        await client.query(`delete from ${family.outbox} where id = any($1)`, [rows.map((row) => row.id)]);
        entities += since.size;
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
