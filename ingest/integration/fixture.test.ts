import { useTestNamespace } from '../../test/support/namespace';
import { FIXTURE_REMEDIATION_CAMIS, fixtureReferenceDate, loadFixture, loadTestModeFixture } from '../fixture';
import { RESTAURANTS } from '../families';
import { verifyStores } from '../index/verify';

describe('test-mode fixture', () => {
  const ns = useTestNamespace();

  it('loads eight establishments covering every grade, a closure, vermin, no coordinates and never inspected', async () => {
    const store = ns.stores.byMode.test;
    const summary = await loadFixture(store);
    expect(summary).toMatchObject({ rowsRejected: 0, rowsMerged: 0, entitiesInFile: 8, entitiesChanged: 8 });
    expect(fixtureReferenceDate().toISOString()).toBe('2026-04-01T00:00:00.000Z');
    const { rows } = await store.pg.query('select camis, summary, sanitary, vermin, as_of from restaurant_profiles order by camis');
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.sanitary && row.as_of === '2026-04-01')).toBe(true);
    expect(new Set(rows.map((row) => row.summary.grade))).toEqual(new Set(['A', 'B', 'C', 'Z', 'P', 'N', null]));
    expect(rows.filter((row) => row.summary.closed).map((row) => row.camis)).toEqual(['41000004']);
    expect(rows.filter((row) => row.summary.latitude === null).map((row) => row.camis)).toEqual(['41000006']);
    expect(rows.filter((row) => row.summary.lastInspectedAt === null).map((row) => row.camis)).toEqual(['41000008']);
    expect(rows.filter((row) => row.vermin.lastSightedAt !== null).length).toBeGreaterThanOrEqual(3);
    const remediation = rows.find((row) => row.camis === FIXTURE_REMEDIATION_CAMIS)!;
    expect(remediation.summary.openViolations).toBe(3);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
    // The live store is untouched.
    expect((await ns.stores.byMode.live.pg.query('select count(*)::int as n from restaurant_establishments')).rows[0].n).toBe(0);
  });

  it('is idempotent', async () => {
    const summary = await loadFixture(ns.stores.byMode.test);
    expect(summary).toMatchObject({ entitiesChanged: 0, documentsIndexed: 0 });
  });

  it('loads as the whole test-mode data set with the owner documents of its remediation example, idempotently', async () => {
    const store = ns.stores.byMode.test;
    const first = await loadTestModeFixture(store);
    expect(first.summaries.restaurants[0]).toMatchObject({ rowsRejected: 0, entitiesChanged: 0 });
    expect(first.remediationDocumentsAdded).toBe(2);
    const { rows } = await store.pg.query('select camis, code from remediation_documents order by code');
    expect(rows).toEqual([{ camis: FIXTURE_REMEDIATION_CAMIS, code: '04L' }, { camis: FIXTURE_REMEDIATION_CAMIS, code: '10F' }]);
    const again = await loadTestModeFixture(store);
    expect(again.remediationDocumentsAdded).toBe(0);
    // Every family's every fixture file again: nothing changes.
    for (const summaries of Object.values(again.summaries)) for (const summary of summaries) expect(summary).toMatchObject({ entitiesChanged: 0 });
    expect(Object.keys(again.summaries)).toEqual(['restaurants', 'properties', 'contractors', 'owners']);
    // Owners load no file of their own: their portfolios are regrouped after the HPD loads.
    expect(again.summaries.owners).toEqual([]);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
  });
});
