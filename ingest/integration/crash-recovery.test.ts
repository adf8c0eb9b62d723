import { createTestNamespace, TestNamespace } from '../../test/support/namespace';
import { drainOutbox } from '../index/outbox-relay';
import { verifyRestaurantStores } from '../index/verify';
import { ingestRestaurants } from '../load/pipeline';
import { fileSource } from '../sources/restaurants/source';
import fs from 'node:fs';
import { generatedFile, storeSnapshot, tableCounts, versions } from './support';

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
    expect(rerun.rowsLoaded + rerun.rowsMerged + rerun.rowsRejected).toBe(rerun.rowsRead);
    expect(rerun.rowsLoaded).toBe(uninterrupted.rowsLoaded);
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

  it('applies a changed row to its establishment only, and accounts for duplicates on every run', async () => {
    const store = ns.stores.byMode.test;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    // Line 11 (a citation row) gets a new description; line 21 appears twice.
    const target = lines[10].split(',')[0];
    lines[10] = lines[10].replace(/("?),(Critical|Not Critical),/, ' (amended)$1,$2,');
    lines.splice(21, 0, lines[20]);
    const changedFile = `${file}.changed.csv`;
    fs.writeFileSync(changedFile, lines.join('\n'));
    const before = await versions(store);
    const summary = await ingestRestaurants(store, fileSource(changedFile), { asOf });
    expect(summary.rejections).toEqual([]);
    expect(summary.rowsMerged).toBe(1);
    expect(summary.rowsLoaded + summary.rowsMerged).toBe(summary.rowsRead);
    const after = await versions(store);
    const moved = Object.keys(after).filter((camis) => after[camis] !== before[camis]);
    expect(moved).toEqual([target]);
    const again = await ingestRestaurants(store, fileSource(changedFile), { asOf });
    expect(again).toMatchObject({ rowsLoaded: summary.rowsLoaded, rowsMerged: 1, establishmentsChanged: 0 });
    const { hits } = await store.es.search({ index: store.indexAlias('violations'), query: { term: { camis: target } }, size: 100 });
    expect(hits.hits.some((hit) => (hit._source as { description: string }).description.endsWith('(amended)'))).toBe(true);
    expect((await verifyRestaurantStores(store)).ok).toBe(true);
  });
});
