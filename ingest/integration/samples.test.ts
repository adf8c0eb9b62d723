import { groupRows, NumberedRow } from '../../src/domain/restaurants/grouping';
import { deriveProfile } from '../../src/domain/restaurants/profile';
import { describeWithSamples, SAMPLES } from '../../src/domain/restaurants/testing/samples';
import { useTestNamespace } from '../../test/support/namespace';
import { tableCounts, versions } from './support';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../families';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../sources/restaurants';
import { fileSource } from '../sources/source';

const API_AS_OF = new Date('2026-04-10T00:00:00Z');
const PORTAL_AS_OF = new Date('2024-10-09T00:00:00Z');

describeWithSamples('ingest of the real samples (Postgres + Elasticsearch)', () => {
  const ns = useTestNamespace();

  it('accounts for every row of the API sample and indexes both stores consistently', async () => {
    const store = ns.stores.byMode.live;
    const summary = await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, SAMPLES.api), { asOf: API_AS_OF });
    expect(summary.rowsRead).toBe(3667);
    expect(summary.rowsLoaded + summary.rowsMerged + summary.rowsRejected).toBe(summary.rowsRead);
    expect(summary.rowsRejected).toBe(0);
    expect(summary.entitiesInFile).toBe(3351);
    expect(summary.entitiesChanged).toBe(3351);
    const counts = await tableCounts(store);
    expect(counts).toMatchObject({ restaurant_establishments: 3351, restaurant_profiles: 3351, restaurant_outbox: 0 });
    // One citation per row with a code, one visit per camis+date+type.
    expect(counts.restaurant_citations).toBe(2990);
    expect(counts.restaurant_inspections).toBe(3009);
    const report = await verifyStores(store, RESTAURANTS);
    expect(report).toMatchObject({ ok: true, differenceCount: 0 });
    expect(report.counts.restaurants).toEqual({ postgres: 3351, elasticsearch: 3351 });
    expect(report.counts.restaurant_violations).toEqual({ postgres: 2990, elasticsearch: 2990 });
  });

  it('stores exactly the derived values the pure functions give', async () => {
    const store = ns.stores.byMode.live;
    const rows: NumberedRow[] = [];
    for await (const item of fileSource(RESTAURANT_INSPECTIONS, SAMPLES.api).items) if ('row' in item) rows.push(item);
    const { histories } = groupRows(rows);
    for (const camis of ['50147456', '50130904', '41585425', '50134842', '50124769', '41627341', '50120337']) {
      const expected = deriveProfile(histories.get(camis)!, API_AS_OF);
      const { rows: stored } = await store.pg.query('select summary, risk, vermin, sanitary, stats, grade_date from restaurant_profiles where camis = $1', [camis]);
      expect(stored[0]).toEqual({ summary: expected.summary, risk: expected.risk, vermin: expected.vermin, sanitary: expected.sanitary, stats: expected.stats, grade_date: expected.gradeDate });
    }
    // date[] columns read back as YYYY-MM-DD strings (src/db/pool.ts), like date columns.
    const { rows: dates } = await store.pg.query("select vermin_dates from restaurant_profiles where camis = '50120337'");
    expect(dates[0].vermin_dates).toEqual(['2024-03-18', '2022-06-02']);
    const roaches = await store.es.get({ index: store.indexAlias('restaurants'), id: '50120337' });
    expect(roaches._source).toMatchObject({ verminDates: ['2024-03-18', '2022-06-02'], lastVerminAt: '2024-03-18', gradeDate: '2024-03-18' });
    const doc = await store.es.get({ index: store.indexAlias('restaurants'), id: '50147456' });
    expect(doc._source).toMatchObject({ camis: '50147456', name: 'OSU-R.E GRILL', nameNorm: 'osu re grill osure', nameCompact: 'osuregrill', grade: 'C', riskScore: 36, riskLevel: 'HIGH' });
    const feed = await store.es.search({ index: store.indexAlias('restaurant_violations'), query: { term: { camis: '50147456' } }, sort: [{ inspectedAt: 'desc' }, { id: 'desc' }] });
    expect(feed.hits.hits.map((hit) => (hit._source as { code: string }).code)).toEqual(['04M', '02B', '05D', '04L']);
  });

  it('changes nothing when the same file is loaded again', async () => {
    const store = ns.stores.byMode.live;
    const before = await versions(store);
    const summary = await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, SAMPLES.api), { asOf: API_AS_OF });
    expect(summary).toMatchObject({ rowsRead: 3667, entitiesChanged: 0, documentsIndexed: 0 });
    expect(await versions(store)).toEqual(before);
    expect((await tableCounts(store)).restaurant_outbox).toBe(0);
  });

  it('reports rejected rows of the portal export with line and reason, and keeps establishments a later export lacks', async () => {
    const store = ns.stores.byMode.live;
    const summary = await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, SAMPLES.export), { asOf: PORTAL_AS_OF });
    expect(summary.rowsRead).toBe(561);
    expect(summary.rowsRejected).toBe(2);
    expect(summary.rowsLoaded + summary.rowsMerged).toBe(559);
    expect(summary.rejections).toEqual([
      { line: 103, reason: 'missing DBA (establishment name)' },
      { line: 503, reason: 'missing DBA (establishment name)' },
    ]);
    const { rows } = await store.pg.query('select line, reason from ingest_rejections where run_id = $1 order by line', [summary.runId]);
    expect(rows).toEqual(summary.rejections);
    // The API sample's establishments are all still there, with their history.
    const { rows: kept } = await store.pg.query("select count(*)::int as n from restaurant_inspections where camis = '50147456'");
    expect(kept[0].n).toBe(2);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
  });
});
