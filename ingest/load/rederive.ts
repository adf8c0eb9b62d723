import { inTransaction } from '../../src/db/transaction';
import type { DataStore } from '../../src/stores';
import type { Family } from './types';
import { entityKeyBatches } from '../index/keys';
import { drainOutbox } from '../index/outbox-relay';
import { recordChanges } from './changes';
import { recordChangeFeed, statesMoveWithClock } from '../changes/feed';
import { withIngestLock } from './pipeline';
import { Progress, silentProgress } from './progress';

/**
 * Recomputes every entity's derived values as of a new clock (recency weights and windows
 * move with time even when records do not) and carries the ones that changed to
 * Elasticsearch. A load only recomputes entities whose records changed; the worker runs this
 * daily in live mode (ingest/schedules.ts) to keep weights current. Each run is recorded in
 * rederive_runs.
 */
export async function rederive(store: DataStore, family: Family, asOf: Date, options: { chunkSize?: number; progress?: Progress } = {}): Promise<{ changed: number }> {
  // Recorded outside the work's transactions, so a run that fails still says when and why.
  const { rows } = await store.pg.query<{ id: string }>('insert into rederive_runs (family, as_of) values ($1, $2) returning id', [family.name, asOf]);
  const runId = rows[0].id;
  try {
    const changed = await rederiveFamily(store, family, asOf, options);
    await store.pg.query('update rederive_runs set finished_at = now(), changed = $2 where id = $1', [runId, changed]);
    return { changed };
  } catch (error) {
    await store.pg.query('update rederive_runs set finished_at = now(), error = $2 where id = $1', [runId, (error as Error).message]).catch(() => undefined);
    throw error;
  }
}

async function rederiveFamily(store: DataStore, family: Family, asOf: Date, options: { chunkSize?: number; progress?: Progress }): Promise<number> {
  const chunkSize = options.chunkSize ?? 500;
  const progress = options.progress ?? silentProgress;
  const changed = await withIngestLock(store, family, async (client) => {
    const { rows: total } = await client.query(`select count(*)::int as n from ${family.entityTable}`);
    progress.phase('deriving', total[0].n, family.entities);
    let count = 0;
    let done = 0;
    for await (const keys of entityKeyBatches(client, family, chunkSize)) {
      count += await inTransaction(client, async () => {
        const written = await family.rederive(client, keys, asOf);
        await recordChanges(client, family, written.sort());
        // Deadlines fall due with the clock alone: such a family's every entity is compared.
        await recordChangeFeed(client, family, statesMoveWithClock(family) ? keys : written, asOf);
        return written.length;
      });
      done += keys.length;
      progress.update(done);
    }
    return count;
  });
  await drainOutbox(store, family, { progress });
  progress.finish();
  return changed;
}
