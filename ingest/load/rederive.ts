import { inTransaction } from '../../src/db/transaction';
import type { DataStore } from '../../src/stores';
import type { Family } from '../families/types';
import { entityKeyBatches } from '../index/keys';
import { drainOutbox } from '../index/outbox-relay';
import { recordChanges } from './changes';
import { recordChangeFeed, statesMoveWithClock } from '../changes/feed';
import { withIngestLock } from './pipeline';
import { Progress, silentProgress } from './progress';

/**
 * Recomputes every entity's derived values as of a new clock (recency weights and windows
 * move with time even when records do not) and carries the ones that changed to
 * Elasticsearch. A load only recomputes entities whose records changed; run this daily in
 * live mode to keep weights current.
 */
export async function rederive(store: DataStore, family: Family, asOf: Date, options: { chunkSize?: number; progress?: Progress } = {}): Promise<{ changed: number }> {
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
  return { changed };
}
