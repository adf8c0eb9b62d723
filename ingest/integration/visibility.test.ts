import { createTestNamespace, TestNamespace } from '../../test/support/namespace';
import { ensureRestaurantIndices } from '../index/indices';
import { RESTAURANT_INDICES } from '../index/mappings';
import { ingestRestaurants } from '../load/pipeline';
import { fileSource } from '../sources/restaurants/source';
import { generatedFile } from './support';

describe('an ingest that returns leaves its documents searchable', () => {
  let ns: TestNamespace;
  beforeAll(async () => {
    ns = await createTestNamespace();
  });
  afterAll(() => ns.cleanup());

  it('refreshes the indices even when the background relay indexed everything', async () => {
    const store = ns.stores.byMode.live;
    await ensureRestaurantIndices(store);
    // No periodic refresh: only the ingest's own refresh can make documents visible.
    const aliases = RESTAURANT_INDICES.map((name) => store.indexAlias(name));
    await store.es.indices.putSettings({ index: aliases, settings: { refresh_interval: '-1' } });
    const outboxEmpty = async () => (await store.pg.query('select count(*)::int as n from restaurant_outbox')).rows[0].n === 0;
    const summary = await ingestRestaurants(store, fileSource(await generatedFile(30, 3)), {
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
