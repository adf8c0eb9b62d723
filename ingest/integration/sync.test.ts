/**
 * `npm run sync` against a local server that speaks the portal's API on real sample rows:
 * the first sync loads everything, the next asks only for what changed, a failing portal is
 * waited for and asked again, a renamed column fails that data set alone.
 */
import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { createTestNamespace, type TestNamespace } from '../../test/support/namespace';
import { csvRows, type SodaServer, startSodaServer } from '../../test/support/soda-server';
import { CONTRACTORS, PROPERTIES, RESTAURANTS } from '../families';
import { openStores } from '../../src/stores';
import { registered } from '../families/registry';
import { verifyStores } from '../index/verify';
import { syncDataset, syncDatasets } from '../sync/sync';

const SAMPLE = 'restaurants/dohmh_inspections_api_dev_20260410.csv';
const describeWithSample = nycDataPresent(SAMPLE) ? describe : describe.skip;
const RESTAURANTS_ID = '43nn-pn8j';
const asOf = new Date('2026-04-10T12:00:00Z');

describeWithSample('sync of the restaurant inspections from a portal', () => {
  let ns: TestNamespace;
  let portal: SodaServer;
  const restaurants = registered('restaurants')!;
  const sync = (options: { full?: boolean } = {}) => syncDataset(ns.stores.byMode.live, restaurants, { base: portal.url, asOf, pageSize: 1000, backoffMs: 10, ...options });
  const establishments = async () => (await ns.stores.byMode.live.pg.query('select count(*)::int as n from restaurant_establishments')).rows[0].n as number;

  beforeAll(async () => {
    ns = await createTestNamespace();
    portal = await startSodaServer();
    portal.publish(RESTAURANTS_ID, csvRows(path.join(NYC_DATA_DIR, SAMPLE)));
  });
  afterAll(async () => {
    await portal.close();
    await ns.cleanup();
  });

  it('loads every row on the first sync, and verify passes', async () => {
    const summary = await sync();
    expect(summary).toMatchObject({ dataset: 'restaurants', status: 'synced', full: false, rowsFetched: 3667, positionBefore: null });
    expect(summary.rowsApplied + summary.rowsRejected).toBe(3667);
    expect(summary.positionAfter).toMatch(/^2026-01-01T00:00:03\.667 row-/);
    expect(await establishments()).toBeGreaterThan(3000);
    expect((await verifyStores(ns.stores.byMode.live, RESTAURANTS)).ok).toBe(true);
  });

  it('asks only for the rows changed since, and applies them', async () => {
    const before = portal.rowsSent(RESTAURANTS_ID);
    expect(await sync()).toMatchObject({ status: 'synced', rowsFetched: 0, rowsApplied: 0 });
    const changed = portal.change(RESTAURANTS_ID, (row) => row.camis === '41585425' || row.camis === '50147456', (row) => ({ ...row, dba: `${row.dba} RENAMED` }));
    expect(changed).toBeGreaterThan(0);
    const summary = await sync();
    expect(summary).toMatchObject({ status: 'synced', rowsFetched: changed, rowsApplied: changed });
    expect(portal.rowsSent(RESTAURANTS_ID) - before).toBe(changed);
    const { rows } = await ns.stores.byMode.live.pg.query("select name from restaurant_establishments where camis in ('41585425', '50147456') order by camis");
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining([expect.stringMatching(/ RENAMED$/)]));
    expect((await verifyStores(ns.stores.byMode.live, RESTAURANTS)).ok).toBe(true);
  });

  it('waits out a 429 (its Retry-After), a 500 and a body cut short, and asks again from the last row read: nothing lost, nothing twice', async () => {
    const changed = portal.change(RESTAURANTS_ID, (row) => row.boro === 'Staten Island', (row) => ({ ...row, phone: '7180000000' }));
    expect(changed).toBeGreaterThan(20);
    const asked = portal.requests(RESTAURANTS_ID).length;
    portal.failNext(RESTAURANTS_ID, { status: 429, retryAfterSeconds: 1 }, { status: 500 }, { cutAfterRows: 7 });
    const summary = await sync();
    expect(summary).toMatchObject({ status: 'synced', rowsFetched: changed, rowsApplied: changed, rowsRejected: 0 });
    // The three failures, the page asked again after the cut, and the short page that ends the sync.
    expect(portal.requests(RESTAURANTS_ID).length - asked).toBe(4);
    expect((await verifyStores(ns.stores.byMode.live, RESTAURANTS)).ok).toBe(true);
  });

  it('fails a data set whose column was renamed, naming the column and applying nothing; the other data sets go on', async () => {
    const dob = registered('dob-violations')!;
    portal.publish(dob.socrataId!, csvRows(path.join(NYC_DATA_DIR, 'properties/dob_violations__wow.csv')));
    portal.change(RESTAURANTS_ID, (row) => row.boro === 'Bronx', (row) => ({ ...row, phone: '7180000001' }));
    portal.renameColumn(RESTAURANTS_ID, 'dba', 'dba_name');
    const { rows: before } = await ns.stores.byMode.live.pg.query("select count(*)::int as n from restaurant_establishments where phone = '7180000001'");
    const position = (await ns.stores.byMode.live.pg.query("select updated_at, row_id from sync_positions where dataset = 'restaurants'")).rows;
    const summaries = await syncDatasets(ns.stores.byMode.live, [restaurants, dob], { base: portal.url, asOf, pageSize: 1000 });
    expect(summaries.map((summary) => [summary.dataset, summary.status])).toEqual([['restaurants', 'failed'], ['dob-violations', 'synced']]);
    expect(summaries[0].error).toMatch(/no longer has the column\(s\) dba .*renamed or gone/);
    expect(summaries[1]).toMatchObject({ rowsFetched: 100, rowsApplied: 100 });
    const { rows: after } = await ns.stores.byMode.live.pg.query("select count(*)::int as n from restaurant_establishments where phone = '7180000001'");
    expect(after).toEqual(before);
    expect((await ns.stores.byMode.live.pg.query("select updated_at, row_id from sync_positions where dataset = 'restaurants'")).rows).toEqual(position);
    const { rows: runs } = await ns.stores.byMode.live.pg.query("select error from sync_runs where dataset = 'restaurants' order by id desc limit 1");
    expect(runs[0].error).toMatch(/dba/);
    portal.renameColumn(RESTAURANTS_ID, 'dba_name', 'dba');
  });

  it('--full removes the violations the city no longer publishes, with their lots changed, and keeps restaurant history', async () => {
    const dob = registered('dob-violations')!;
    const store = ns.stores.byMode.live;
    const dropped = portal.drop(dob.socrataId!, (row) => row.isn_dob_bis_viol === '2399078');
    expect(dropped).toBe(1);
    const { rows: lots } = await store.pg.query("select bbl, version from property_lots where bbl in (select bbl from property_violations where source_dataset = 'dob-violations' and source_id = '2399078')");
    // An incremental sync cannot see a row that is gone.
    expect(await syncDataset(store, dob, { base: portal.url, asOf })).toMatchObject({ status: 'synced', rowsFetched: 0, rowsRemoved: 0 });
    expect((await store.pg.query("select count(*)::int as n from property_violations where source_id = '2399078'")).rows[0].n).toBe(1);
    const full = await syncDataset(store, dob, { base: portal.url, asOf, full: true });
    expect(full).toMatchObject({ status: 'synced', full: true, rowsFetched: 99, rowsRemoved: 1 });
    expect((await store.pg.query("select count(*)::int as n from property_violations where source_id = '2399078'")).rows[0].n).toBe(0);
    const { rows: moved } = await store.pg.query('select version from property_lots where bbl = $1', [lots[0].bbl]);
    expect(Number(moved[0].version)).toBeGreaterThan(Number(lots[0].version));
    expect((await store.pg.query("select last_full_at from sync_positions where dataset = 'dob-violations'")).rows[0].last_full_at).not.toBeNull();
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
    // The restaurants' history is kept: the city drops old inspections from its window, this API does not.
    const establishmentsBefore = await establishments();
    portal.drop(RESTAURANTS_ID, (row) => row.camis === '41585425');
    expect(await sync({ full: true })).toMatchObject({ status: 'synced', rowsRemoved: 0 });
    expect(await establishments()).toBe(establishmentsBefore);
  });

  it('never syncs one data set twice at once: a second process is told another is syncing it', async () => {
    const second = openStores({ ...ns.config, poolSize: 4 });
    try {
      portal.slowDown(RESTAURANTS_ID, 500);
      portal.change(RESTAURANTS_ID, (row) => row.boro === 'Queens', (row) => ({ ...row, phone: '7180000002' }));
      const first = sync();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await syncDataset(second.byMode.live, restaurants, { base: portal.url, asOf, pageSize: 1000 });
      expect(again).toMatchObject({ status: 'busy', rowsFetched: 0 });
      expect(await first).toMatchObject({ status: 'synced' });
    } finally {
      portal.slowDown(RESTAURANTS_ID, 0);
      await second.close();
    }
  });

  it('--full removes the summonses the city no longer publishes, and their companies\' totals follow', async () => {
    const oath = registered('oath')!;
    const store = ns.stores.byMode.live;
    portal.publish(oath.socrataId!, csvRows(path.join(NYC_DATA_DIR, 'oath/oath_hearings__nycdb.csv')));
    expect(await syncDataset(store, oath, { base: portal.url, asOf })).toMatchObject({ status: 'synced', rowsFetched: 100 });
    const { rows: [gone] } = await store.pg.query("select ticket, company from contractor_tickets where company is not null order by ticket limit 1");
    const { rows: [before] } = await store.pg.query('select tickets from contractor_companies where slug = $1', [gone.company]);
    expect(portal.drop(oath.socrataId!, (row) => row.ticket_number?.toUpperCase() === gone.ticket)).toBe(1);
    const full = await syncDataset(store, oath, { base: portal.url, asOf, full: true });
    expect(full).toMatchObject({ status: 'synced', rowsFetched: 99, rowsRemoved: 1 });
    expect((await store.pg.query('select count(*)::int as n from contractor_tickets where ticket = $1', [gone.ticket])).rows[0].n).toBe(0);
    const { rows: after } = await store.pg.query('select tickets from contractor_companies where slug = $1', [gone.company]);
    expect(after.length === 0 || after[0].tickets === before.tickets - 1).toBe(true);
    expect((await verifyStores(store, CONTRACTORS)).ok).toBe(true);
  });

  it('--full removes an LL84 submission the city dropped from every lot it named, and keeps a rejected row\'s', async () => {
    const ll84 = registered('ll84-disclosure')!;
    const store = ns.stores.byMode.live;
    const row = (property: string, lots: string, date = '2024-04-20T00:00:00.000') => ({
      property_id: property, report_year: '2023', nyc_borough_block_and_lot: lots, nyc_building_identification: '', report_submission_date: date,
    });
    portal.publish(ll84.socrataId!, [row('9001', '1008350041;1008350102'), row('9002', '4044440001'), row('9003', '3000010001')]);
    expect(await syncDataset(store, ll84, { base: portal.url, asOf })).toMatchObject({ status: 'synced', rowsFetched: 3, rowsRejected: 0 });
    const held = async () => (await store.pg.query("select source_id from property_filings where source_dataset = 'll84-disclosure' order by source_id")).rows.map((r) => r.source_id);
    expect(await held()).toEqual(['9001|2023', '9001|2023|1008350102', '9002|2023', '9003|2023']);
    portal.drop(ll84.socrataId!, (published) => published.property_id === '9001');
    // 9003's row can no longer be read (its date is not a date): its filing stays, it may still be published.
    portal.change(ll84.socrataId!, (published) => published.property_id === '9003', (published) => ({ ...published, report_submission_date: 'soon' }));
    expect(await syncDataset(store, ll84, { base: portal.url, asOf, full: true })).toMatchObject({ status: 'synced', rowsFetched: 2, rowsRejected: 1, rowsRemoved: 2 });
    expect(await held()).toEqual(['9002|2023', '9003|2023']);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });
});

