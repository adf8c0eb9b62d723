import { createTestNamespace, TestNamespace } from '../../test/support/namespace';
import { drainOutbox } from '../index/outbox-relay';
import { verifyRestaurantStores } from '../index/verify';
import { ingestRestaurants } from '../load/pipeline';
import { fileSource } from '../sources/restaurants/source';
import { generatedFile, storeSnapshot, tableCounts } from './support';

const asOf = new Date('2026-04-01T00:00:00Z');

describe('an ingest killed part-way and run again', () => {
  let ns: TestNamespace;
  let file: string;
  beforeAll(async () => {
    ns = await createTestNamespace();
    file = await generatedFile(300, 11);
  });
  afterAll(() => ns.cleanup());

  it('ends with both stores complete and consistent, equal to an uninterrupted load', async () => {
    const { live: interrupted, test: clean } = ns.stores.byMode;
    const crash = new Error('simulated crash after chunk 2');
    await expect(
      ingestRestaurants(interrupted, fileSource(file), {
        asOf, chunkSize: 40, afterChunk: (chunk) => { if (chunk === 2) throw crash; },
      }),
    ).rejects.toBe(crash);
    // Two chunks committed: 80 establishments, each indexed or still waiting in the outbox.
    const partial = await tableCounts(interrupted);
    expect(partial.establishments).toBe(80);
    const { rows: indexed } = await interrupted.pg.query('select count(*)::int as n from restaurant_outbox');
    expect(indexed[0].n).toBeLessThanOrEqual(80);

    const rerun = await ingestRestaurants(interrupted, fileSource(file), { asOf, chunkSize: 40 });
    expect(rerun.establishmentsChanged).toBe(300 - 80);
    const uninterrupted = await ingestRestaurants(clean, fileSource(file), { asOf });
    expect(rerun.rowsRead).toBe(uninterrupted.rowsRead);
    expect(await storeSnapshot(interrupted)).toEqual(await storeSnapshot(clean));
    expect((await verifyRestaurantStores(interrupted)).ok).toBe(true);
    expect((await verifyRestaurantStores(clean)).ok).toBe(true);
  });

  it('indexes what a run killed before draining left in the outbox', async () => {
    const store = ns.stores.byMode.live;
    const other = await generatedFile(40, 12); // new CAMIS range overlap: same ids, different content
    const summary = await ingestRestaurants(store, fileSource(other), { asOf, index: false });
    expect(summary.establishmentsChanged).toBeGreaterThan(0);
    expect((await verifyRestaurantStores(store)).ok).toBe(false);
    const drained = await drainOutbox(store);
    expect(drained.establishments).toBe(summary.establishmentsChanged);
    expect((await verifyRestaurantStores(store)).ok).toBe(true);
  });
});
