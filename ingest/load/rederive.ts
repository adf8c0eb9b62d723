import type { DataStore } from '../../src/stores';
import { drainOutbox } from '../index/outbox-relay';
import { withIngestLock } from './pipeline';
import { refreshProfiles, recordChanges } from './profiles';
import { Progress, silentProgress } from './progress';

/**
 * Recomputes every establishment's derived values as of a new clock (recency weights and
 * windows move with time even when records do not) and carries the ones that changed to
 * Elasticsearch. A load only recomputes establishments whose records changed; run this
 * daily in live mode to keep weights current.
 */
export async function rederiveRestaurants(store: DataStore, asOf: Date, options: { chunkSize?: number; progress?: Progress } = {}): Promise<{ changed: number }> {
  const chunkSize = options.chunkSize ?? 500;
  const progress = options.progress ?? silentProgress;
  const changed = await withIngestLock(store, async (client) => {
    const { rows: total } = await client.query('select count(*)::int as n from restaurant_establishments');
    progress.phase('deriving', total[0].n, 'establishments');
    let count = 0;
    let done = 0;
    for (let after = ''; ; ) {
      const { rows } = await client.query('select camis from restaurant_establishments where camis > $1 order by camis limit $2', [after, chunkSize]);
      if (rows.length === 0) break;
      after = rows[rows.length - 1].camis;
      await client.query('begin');
      try {
        const written = await refreshProfiles(client, rows.map((row) => row.camis), asOf);
        await recordChanges(client, written.sort());
        await client.query('commit');
        count += written.length;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
      done += rows.length;
      progress.update(done);
    }
    return count;
  });
  await drainOutbox(store, { progress });
  progress.finish();
  return { changed };
}
