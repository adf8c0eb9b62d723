import { useTestNamespace } from '../../test/support/namespace';
import { generatedFile } from './support';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../families';
import { ensureIndices } from '../index/indices';
import { ingestDataset } from '../load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../sources/restaurants';
import { fileSource } from '../sources/source';

describe('an ingest that returns leaves its documents searchable', () => {
  const ns = useTestNamespace();

  it('refreshes the indices even when the background relay indexed everything', async () => {
    const store = ns.stores.byMode.live;
    await ensureIndices(store, RESTAURANTS);
    // No periodic refresh: only the ingest's own refresh can make documents visible.
    const aliases = RESTAURANTS.indices.map(({ name }) => store.indexAlias(name));
    await store.es.indices.putSettings({ index: aliases, settings: { refresh_interval: '-1' } });
    const outboxEmpty = async () => (await store.pg.query('select count(*)::int as n from restaurant_outbox')).rows[0].n === 0;
    const summary = await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, await generatedFile(30, 3)), {
      asOf: new Date('2026-04-01T00:00:00Z'),
      chunkSize: 10,
      // Each chunk waits for the background relay, so the final drain finds nothing left to do.
      afterChunk: async () => {
        for (let tries = 0; tries < 200 && !(await outboxEmpty()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      },
    });
    expect(summary.documentsIndexed).toBeGreaterThan(30);
    const { rows } = await store.pg.query('select count(*)::int as n from restaurant_establishments');
    expect((await store.es.count({ index: store.indexAlias('restaurants') })).count).toBe(rows[0].n);
  });
});
