import type { DataStore } from '../../src/stores';
import { withIngestLock } from '../load/pipeline';
import type { Progress } from '../load/progress';
import { bulkIndex } from './bulk';
import { buildDocuments } from './documents';
import { aliasTargets, createIndex, orphanIndices, staleRestaurantIndices, swapAliases, versionedIndexName } from './indices';
import { indexDefinition, LEGACY_RESTAURANT_ALIASES, RESTAURANT_INDICES } from './mappings';

/** Deletes every versioned restaurant index its alias does not point at. */
async function deleteOrphanIndices(store: DataStore): Promise<void> {
  for (const name of RESTAURANT_INDICES) {
    const orphans = await orphanIndices(store.es, store.indexAlias(name));
    if (orphans.length) await store.es.indices.delete({ index: orphans });
  }
}

/**
 * Builds fresh versioned indices from Postgres and swaps every alias to them in one
 * atomic call; readers see the old indices until the swap and the new ones after, never a
 * mix. Holds the ingest lock so no load runs meanwhile; the outbox rows the rebuild
 * covers are cleared once the new indices are live. Versioned indices no alias points at
 * (the old ones, or those of a rebuild killed midway) are deleted, so none is left orphaned.
 */
export async function rebuildRestaurantIndices(store: DataStore, options: { batchSize?: number; progress?: Progress } = {}): Promise<{ documents: number; indices: string[] }> {
  const batchSize = options.batchSize ?? 500;
  return withIngestLock(store, async (client) => {
    const { rows: marks } = await client.query('select coalesce(max(id), 0) as max from restaurant_outbox');
    const { rows: counts } = await client.query('select count(*)::int as n from restaurant_establishments');
    // What an earlier rebuild killed midway left behind goes first.
    await deleteOrphanIndices(store);
    const stamp = Date.now();
    const targets = RESTAURANT_INDICES.map((name) => ({ name, alias: store.indexAlias(name), index: versionedIndexName(store.indexAlias(name), stamp) }));
    // No refreshes while loading; restored before the swap.
    for (const target of targets) await createIndex(store.es, target.index, target.name, { refresh_interval: '-1' });
    let documents = 0;
    try {
      options.progress?.phase('rebuild', counts[0].n, 'establishments');
      let done = 0;
      for (let after = ''; ; ) {
        const { rows } = await client.query('select camis from restaurant_establishments where camis > $1 order by camis limit $2', [after, batchSize]);
        if (rows.length === 0) break;
        after = rows[rows.length - 1].camis;
        const set = await buildDocuments(client, rows.map((row) => row.camis));
        documents += await bulkIndex(store.es, targets.map((target) => ({ index: target.index, documents: set[target.name] })));
        done += rows.length;
        options.progress?.update(done);
      }
      for (const target of targets) {
        const refreshInterval = (indexDefinition(target.name).settings.refresh_interval as string | undefined) ?? '1s';
        await store.es.indices.putSettings({ index: target.index, settings: { refresh_interval: refreshInterval } });
      }
      await store.es.indices.refresh({ index: targets.map((target) => target.index) });
      // The typeahead's index is small and read on every keystroke: one segment answers fastest.
      await store.es.indices.forcemerge({ index: targets.filter((target) => target.name === 'restaurants').map((target) => target.index), max_num_segments: 1 });
    } catch (error) {
      await store.es.indices.delete({ index: targets.map((target) => target.index) }).catch(() => undefined);
      throw error;
    }
    await swapAliases(store.es, targets.map(({ alias, index }) => ({ alias, index })));
    await deleteOrphanIndices(store);
    await client.query('delete from restaurant_outbox where id <= $1', [marks[0].max]);
    return { documents, indices: targets.map((target) => target.index) };
  });
}

/**
 * After an upgrade that changed a mapping (its `_meta.revision`), the indices are rebuilt
 * from Postgres before anything writes to them: the mappings are strict, so documents of
 * the new shape cannot go into the old indices. Returns the indices that were stale.
 */
export async function upgradeRestaurantIndices(store: DataStore, options: { progress?: Progress } = {}): Promise<string[]> {
  const stale = await staleRestaurantIndices(store);
  if (stale.length) await rebuildRestaurantIndices(store, options);
  // The indices of an earlier release's alias names go once their successors are built.
  for (const legacy of LEGACY_RESTAURANT_ALIASES) {
    const alias = store.indexAlias(legacy);
    const indices = [...(await aliasTargets(store.es, alias)), ...(await orphanIndices(store.es, alias))];
    if (indices.length) await store.es.indices.delete({ index: indices });
  }
  return stale;
}
