import type { DataStore } from '../../src/stores';
import type { Family } from '../load/types';
import { withIngestLock } from '../load/pipeline';
import type { Progress } from '../load/progress';
import { bulkIndex } from './bulk';
import { aliasTargets, createIndex, mappedRefreshInterval, mergeToOneSegment, orphanIndices, setRefreshInterval, staleIndices, swapAliases, versionedIndexName } from './indices';
import { entityKeyBatches } from './keys';

/** Deletes every versioned index of the family that its alias does not point at. */
async function deleteOrphanIndices(store: DataStore, family: Family): Promise<void> {
  for (const { name } of family.indices) {
    const orphans = await orphanIndices(store.es, store.indexAlias(name));
    if (orphans.length) await store.es.indices.delete({ index: orphans });
  }
}

/**
 * Builds fresh versioned indices of a family from Postgres and swaps every alias to them
 * in one atomic call; readers see the old indices until the swap and the new ones after,
 * never a mix. Holds the family's ingest lock so no load runs meanwhile; the outbox rows
 * the rebuild covers are cleared once the new indices are live. Versioned indices no alias
 * points at (the old ones, or those of a rebuild killed midway) are deleted, so none is
 * left orphaned.
 */
export async function rebuildIndices(store: DataStore, family: Family, options: { batchSize?: number; progress?: Progress } = {}): Promise<{ documents: number; indices: string[] }> {
  const batchSize = options.batchSize ?? 500;
  return withIngestLock(store, family, async (client) => {
    const { rows: marks } = await client.query(`select coalesce(max(id), 0) as max from ${family.outbox}`);
    const { rows: counts } = await client.query(`select count(*)::int as n from ${family.entityTable}`);
    // What an earlier rebuild killed midway left behind goes first.
    await deleteOrphanIndices(store, family);
    const stamp = Date.now();
    const targets = family.indices.map(({ name, forceMerge }) => ({ name, forceMerge, alias: store.indexAlias(name), index: versionedIndexName(store.indexAlias(name), stamp) }));
    // No refreshes while loading; restored before the swap.
    for (const target of targets) await createIndex(store.es, target.index, target.name, { refresh_interval: '-1' });
    let documents = 0;
    try {
      options.progress?.phase('rebuild', counts[0].n, family.entities);
      let done = 0;
      for await (const keys of entityKeyBatches(client, family, batchSize)) {
        const set = await family.buildDocuments(client, keys);
        documents += await bulkIndex(store.es, targets.map((target) => ({ index: target.index, documents: set[target.name] ?? [] })));
        done += keys.length;
        options.progress?.update(done);
      }
      for (const target of targets) {
        await setRefreshInterval(store.es, target.index, mappedRefreshInterval(target.name));
      }
      await store.es.indices.refresh({ index: targets.map((target) => target.index) });
      const merged = targets.filter((target) => target.forceMerge).map((target) => target.index);
      await mergeToOneSegment(store.es, merged);
    } catch (error) {
      await store.es.indices.delete({ index: targets.map((target) => target.index) }).catch(() => undefined);
      throw error;
    }
    await swapAliases(store.es, targets.map(({ alias, index }) => ({ alias, index })));
    await deleteOrphanIndices(store, family);
    await client.query(`delete from ${family.outbox} where id <= $1`, [marks[0].max]);
    return { documents, indices: targets.map((target) => target.index) };
  });
}

/**
 * After an upgrade that changed a mapping (its `_meta.revision`), the family's indices are
 * rebuilt from Postgres before anything writes to them: the mappings are strict, so
 * documents of the new shape cannot go into the old indices. Returns the indices that were stale.
 */
export async function upgradeIndices(store: DataStore, family: Family, options: { progress?: Progress } = {}): Promise<string[]> {
  const stale = await staleIndices(store, family);
  if (stale.length) await rebuildIndices(store, family, options);
  // The indices of an earlier release's alias names go once their successors are built.
  for (const legacy of family.legacyAliases) {
    const alias = store.indexAlias(legacy);
    const indices = [...(await aliasTargets(store.es, alias)), ...(await orphanIndices(store.es, alias))];
    if (indices.length) await store.es.indices.delete({ index: indices });
  }
  return stale;
}
