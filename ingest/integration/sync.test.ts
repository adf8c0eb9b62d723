/**
 * `npm run sync` against a local server that speaks the portal's API on real sample rows:
 * the first sync loads everything, the next asks only for what changed, a failing portal is
 * waited for and asked again, a renamed column fails that data set alone.
 */
import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { createTestNamespace, type TestNamespace } from '../../test/support/namespace';
import { csvRows, type SodaServer, startSodaServer } from '../../test/support/soda-server';
import { RESTAURANTS } from '../families';
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
});
