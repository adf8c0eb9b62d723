import { useTestNamespace } from '../../test/support/namespace';
import { generatedFile } from './support';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../families';
import { ensureIndices, mergeAfterLargeLoad, pauseRefreshes, restoreRefreshes } from '../index/indices';
import { ingestDataset } from '../load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../sources/restaurants';
import { fileSource } from '../sources/source';
import type { DataStore } from '../../src/stores';

/** Each alias's refresh_interval as set on its index (undefined: Elasticsearch's default). */
async function refreshIntervals(store: DataStore): Promise<Array<string | undefined>> {
  const intervals: Array<string | undefined> = [];
  for (const { name } of RESTAURANTS.indices) {
    const found = await store.es.indices.getSettings({ index: store.indexAlias(name) });
    for (const entry of Object.values(found)) intervals.push((entry.settings as { index?: { refresh_interval?: string } }).index?.refresh_interval);
  }
  return intervals;
}

describe('refreshes paused during a load', () => {
  const ns = useTestNamespace();

  it('pauses and restores the mapped interval', async () => {
    const store = ns.stores.byMode.live;
    await ensureIndices(store, RESTAURANTS);
    await pauseRefreshes(store, RESTAURANTS);
    expect(new Set(await refreshIntervals(store))).toEqual(new Set(['-1']));
    await restoreRefreshes(store, RESTAURANTS);
    expect(new Set(await refreshIntervals(store))).toEqual(new Set([undefined]));
  });

  it('a load gives back an interval a killed paused load left at -1, and its documents are searchable', async () => {
    const store = ns.stores.byMode.live;
    await ensureIndices(store, RESTAURANTS);
    // What a paused load killed before its end leaves behind.
    await pauseRefreshes(store, RESTAURANTS);
    await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, await generatedFile(30, 5)), { asOf: new Date('2026-04-01T00:00:00Z') });
    expect(new Set(await refreshIntervals(store))).toEqual(new Set([undefined]));
    const { rows } = await store.pg.query('select count(*)::int as n from restaurant_establishments');
    expect(rows[0].n).toBeGreaterThan(0);
    expect((await store.es.count({ index: store.indexAlias('restaurants') })).count).toBe(rows[0].n);
  });

  it('a load that rewrote a large share of the documents leaves the keystroke index in one segment; a small one leaves merging to Elasticsearch', async () => {
    const store = ns.stores.byMode.live;
    const index = store.indexAlias('restaurants');
    const segments = async () => {
      const found = await store.es.indices.segments({ index });
      return Object.values(found.indices).flatMap((entry) => Object.values(entry.shards).flat()).reduce((n, shard) => n + shard.num_committed_segments + shard.num_search_segments, 0);
    };
    // A second segment: one document written again and made searchable.
    const [hit] = (await store.es.search({ index, size: 1 })).hits.hits;
    await store.es.index({ index: hit._index, id: hit._id!, document: hit._source, refresh: true });
    await store.es.indices.flush({ index });
    const before = await segments();
    expect(before).toBeGreaterThan(2);
    const { count } = await store.es.count({ index: RESTAURANTS.indices.map(({ name }) => store.indexAlias(name)) }); // the family's documents
    expect(await mergeAfterLargeLoad(store, RESTAURANTS, 1)).toEqual([]);
    expect(await segments()).toBe(before);
    expect(await mergeAfterLargeLoad(store, RESTAURANTS, count)).toEqual([index]);
    expect(await segments()).toBe(2); // one segment, counted once committed and once searchable
  });
});
