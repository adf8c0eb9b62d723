import { createTestNamespace, TestNamespace } from '../../test/support/namespace';
import { generatedFile } from './support';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../families';
import { aliasTargets, createIndex, versionedIndexName } from '../index/indices';
import { rebuildIndices, upgradeIndices } from '../index/rebuild';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { rederive } from '../load/rederive';
import { RESTAURANT_INSPECTIONS } from '../sources/restaurants';
import { fileSource } from '../sources/source';

describe('rebuild and verify', () => {
  let ns: TestNamespace;
  beforeAll(async () => {
    ns = await createTestNamespace();
    await ingestDataset(ns.stores.byMode.live, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, await generatedFile(120, 5)), { asOf: new Date('2026-04-01T00:00:00Z') });
  });
  afterAll(() => ns.cleanup());

  it('finds a missing and an altered document, and a rebuild with an alias swap repairs both', async () => {
    const store = ns.stores.byMode.live;
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
    const oldIndex = (await aliasTargets(store.es, store.indexAlias('restaurants')))[0];

    const { rows } = await store.pg.query('select camis from restaurant_establishments order by camis limit 2');
    await store.es.delete({ index: store.indexAlias('restaurants'), id: rows[0].camis, refresh: true });
    await store.es.update({ index: store.indexAlias('restaurants'), id: rows[1].camis, doc: { riskScore: 99 }, refresh: true });
    const broken = await verifyStores(store, RESTAURANTS);
    expect(broken.ok).toBe(false);
    expect(broken.differences).toEqual(expect.arrayContaining([
      `restaurants/${rows[0].camis}: missing from Elasticsearch`,
      expect.stringContaining(`restaurants/${rows[1].camis}:`),
    ]));

    const rebuilt = await rebuildIndices(store, RESTAURANTS);
    expect(rebuilt.indices).toHaveLength(3);
    const newIndex = (await aliasTargets(store.es, store.indexAlias('restaurants')))[0];
    expect(newIndex).not.toBe(oldIndex);
    expect(await store.es.indices.exists({ index: oldIndex })).toBe(false);
    const report = await verifyStores(store, RESTAURANTS);
    expect(report).toMatchObject({ ok: true, differenceCount: 0 });
    expect(report.counts.restaurants.elasticsearch).toBe(120);
  });

  it('rebuilds the indices whose mapping revision is older than index-mappings/ (an upgrade), and only those', async () => {
    const store = ns.stores.byMode.live;
    expect(await upgradeIndices(store, RESTAURANTS)).toEqual([]);
    const before = (await aliasTargets(store.es, store.indexAlias('restaurants')))[0];
    await store.es.indices.putMapping({ index: store.indexAlias('restaurants'), _meta: { revision: 1 } });
    expect(await upgradeIndices(store, RESTAURANTS)).toEqual(['restaurants']);
    expect((await aliasTargets(store.es, store.indexAlias('restaurants')))[0]).not.toBe(before);
    expect(await upgradeIndices(store, RESTAURANTS)).toEqual([]);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
  });

  it('upgrades from the aliases of an earlier release: builds the renamed indices and deletes the old ones', async () => {
    const store = ns.stores.byMode.live;
    const old = `${store.indexAlias('violations')}_v1`;
    await store.es.indices.create({ index: old, aliases: { [store.indexAlias('violations')]: {} } });
    await store.es.indices.delete({ index: await aliasTargets(store.es, store.indexAlias('restaurant_inspections')) });
    expect(await upgradeIndices(store, RESTAURANTS)).toEqual(['restaurant_inspections']);
    expect(await store.es.indices.exists({ index: old })).toBe(false);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
  });

  it('deletes the indices a rebuild killed before its swap left behind', async () => {
    const store = ns.stores.byMode.live;
    const alias = store.indexAlias('restaurant_violations');
    const orphan = versionedIndexName(alias, 1);
    await createIndex(store.es, orphan, 'restaurant_violations');
    await rebuildIndices(store, RESTAURANTS);
    expect(await store.es.indices.exists({ index: orphan })).toBe(false);
    const remaining = Object.keys(await store.es.indices.get({ index: `${alias}_v*` }));
    expect(remaining).toEqual(await aliasTargets(store.es, alias));
    expect(remaining).toHaveLength(1);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
  });

  it('reports documents Elasticsearch has that Postgres does not', async () => {
    const store = ns.stores.byMode.live;
    await store.es.index({ index: store.indexAlias('restaurant_violations'), id: 'stray', document: { id: 'stray', camis: '1' }, refresh: true });
    const report = await verifyStores(store, RESTAURANTS);
    expect(report.ok).toBe(false);
    expect(report.differences).toContain('restaurant_violations: 1 document(s) in Elasticsearch that Postgres does not have');
  });

  it('recomputes derived values for a later clock and carries the changes to Elasticsearch', async () => {
    const store = ns.stores.byMode.test;
    await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, await generatedFile(60, 8)), { asOf: new Date('2026-04-01T00:00:00Z') });
    const later = new Date('2026-10-01T00:00:00Z');
    const first = await rederive(store, RESTAURANTS, later);
    expect(first.changed).toBeGreaterThan(30);
    const { rows } = await store.pg.query("select count(*)::int as n from restaurant_profiles where as_of = '2026-10-01'");
    expect(rows[0].n).toBe(first.changed);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
    expect((await rederive(store, RESTAURANTS, later)).changed).toBe(0);
  });
});
