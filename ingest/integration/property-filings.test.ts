import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { TestNamespace, useTestNamespace } from '../../test/support/namespace';
import { ingestFile } from '../../test/support/ingest-file';
import {
  DOB_COMPLAINTS_LOAD,
  DOB_SAFETY_VIOLATIONS_LOAD,
  ELEVATORS_LOAD,
  ENERGY_BENCHMARKING_LOAD,
  ENERGY_GRADES_LOAD,
  FACADE_FILINGS_LOAD,
  HPD_REGISTRATIONS_LOAD,
  PROPERTIES,
} from '../families';
import { lotsOfBins } from '../families/properties/buildings';
import type { KeyedDataset } from '../load/types';
import { verifyStores } from '../index/verify';

const FILES = {
  complaints: 'properties/dob_complaints__nycdb.csv',
  facades: 'properties/facade_hazardous_reinspections__nycdob.csv',
  elevators: 'properties/elevator_devices_2015__converted.csv',
  ll84: 'properties/ll84_municipal_2021.csv',
  ll33: 'properties/ll33_energy_grades_2020_cbl.csv',
  hpd: 'properties/hpd_registrations__nycdb.csv',
  safety: 'properties/dob_safety_violations__nycdb.csv',
};
const present = Object.values(FILES).every((file) => nycDataPresent(file));
const describeWithFiles = present ? describe : describe.skip;

const AS_OF = new Date('2026-11-23T12:00:00Z');
type Store = TestNamespace['stores']['byMode']['test'];
const load = <Row>(store: Store, dataset: KeyedDataset<Row>, file: string) => ingestFile(store, dataset, file, AS_OF);

const UNKNOWN_BIN = (bin: string) =>
  `unknown BIN "${bin}": no loaded dataset places this building on a lot (load one that names BIN and BBL, such as elevators or DOB violations, first)`;

async function count(store: Store, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await store.pg.query(`select count(*)::int as n from (${sql}) counted`, params);
  return rows[0].n;
}

async function snapshot(store: Store) {
  const lots = await store.pg.query('select bbl, version from property_lots order by bbl');
  const filings = await store.pg.query('select * from property_filings order by source_dataset, source_id');
  const buildings = await store.pg.query('select bin, bbl, source_dataset from property_buildings order by bin');
  return { lots: lots.rows, filings: filings.rows, buildings: buildings.rows };
}

describeWithFiles('ingest of the compliance-evidence files (Postgres + Elasticsearch)', () => {
  let store: Store;
  useTestNamespace((ns) => (store = ns.stores.byMode.test));

  it('DOB complaints name only buildings: loaded before any dataset places them, every row is rejected by line as an unknown BIN and nothing is stored', async () => {
    const summary = await load(store, DOB_COMPLAINTS_LOAD, FILES.complaints);
    expect(summary).toMatchObject({ rowsRead: 100, rowsLoaded: 0, rowsMerged: 0, rowsRejected: 100, rejectionsByReason: { 'unknown BIN': 100 }, entitiesChanged: 0 });
    expect(summary.rejections[0]).toEqual({ line: 2, reason: UNKNOWN_BIN('4298330') });
    expect(summary.rejections.map((rejection) => rejection.line)).toEqual(Array.from({ length: 100 }, (_, index) => index + 2));
    expect(await count(store, 'select 1 from property_filings')).toBe(0);
    // No digest: the next run tries every row again.
    expect(await count(store, 'select 1 from dob_complaints_source_hashes')).toBe(0);
  });

  it('elevators: all 76,088 devices accounted for; each BIN with a lot becomes a building; a device with no lot but a known BIN joins it', async () => {
    const summary = await load(store, ELEVATORS_LOAD, FILES.elevators);
    expect(summary).toMatchObject({
      rowsRead: 76_088, rowsLoaded: 76_038, rowsMerged: 0, rowsRejected: 50,
      rejectionsByReason: { 'no tax lot in Borough/TAX_BLOCK/TAX_LOT': 27, 'unknown BIN': 23 },
      entitiesChanged: 32_072, documentsIndexed: 32_072,
    });
    expect(summary.rowsLoaded + summary.rowsMerged + summary.rowsRejected).toBe(summary.rowsRead);
    expect(summary.unknownValues).toMatchObject({ 'DV_APPROVAL_DATE "********"': 24, 'DV_STATUS_DATE "1991012"': 1 });
    expect(await count(store, "select 1 from property_filings where source_dataset = 'elevators'")).toBe(76_038);
    // 1F2661 as the file has it (lot 699/63 in Manhattan, BIN 1012417).
    const { rows } = await store.pg.query(`select bbl, bin, filed_on::text, status, category, facts from property_filings where source_dataset = 'elevators' and source_id = '1F2661'`);
    expect(rows).toEqual([{ bbl: '1006990063', bin: '1012417', filed_on: '2015-05-11', status: 'A', category: 'Freight (F)', facts: expect.objectContaining({ periodicDisposition: 'DF', approvedOn: null }) }]);
    // Every BIN of a stored device is a building (placed by a device with a lot, or found there).
    expect(await count(store, "select 1 from property_buildings where source_dataset = 'elevators'")).toBe(
      await count(store, "select distinct bin from property_filings where source_dataset = 'elevators' and bin is not null"),
    );
    const client = await store.pg.connect();
    try {
      expect(await lotsOfBins(client, ['1012417', '1099998'])).toEqual(new Map([['1012417', '1006990063']]));
    } finally {
      client.release();
    }
    // The 29 devices with no readable lot (blank, or NYCHA's 5-digit lots such as 40000): 23 rejected above, the other 6 (NYCHA
    // devices at Red Hook) on the lot another device places their BIN on.
    const joined = await store.pg.query(
      `select f.source_id, f.fields->>'tax_lot' as tax_lot, f.bbl, b.bbl as building_lot from property_filings f join property_buildings b using (bin)
       where f.source_dataset = 'elevators' and f.source_id = any($1) order by f.source_id`,
      [['3P3018', '3P3019', '3P3022', '3P3041', '3P3043', '3P3044']],
    );
    expect(joined.rows.map((row) => [row.source_id, row.tax_lot, row.bbl])).toEqual([
      ['3P3018', '40000', '3005380001'], ['3P3019', '50000', '3005380001'], ['3P3022', '20000', '3005380001'],
      ['3P3041', '10000', '3005490001'], ['3P3043', '20000', '3005380001'], ['3P3044', '30000', '3005380001'],
    ]);
    for (const row of joined.rows) expect(row.bbl).toBe(row.building_lot);
  }, 300_000);

  it('DOB complaints again: the 56 whose building the devices placed join its lot, the other 44 are rejected by line', async () => {
    const summary = await load(store, DOB_COMPLAINTS_LOAD, FILES.complaints);
    expect(summary).toMatchObject({ rowsRead: 100, rowsLoaded: 56, rowsRejected: 44, rejectionsByReason: { 'unknown BIN': 44 }, entitiesChanged: 45 });
    expect(summary.rejections.slice(0, 2)).toEqual([
      { line: 2, reason: UNKNOWN_BIN('4298330') },
      { line: 7, reason: UNKNOWN_BIN('1011217') },
    ]);
    // 157 Broome Street (BIN 1004077): three complaints on the lot its elevators stand on.
    const { rows } = await store.pg.query(`select source_id, bbl, filed_on::text, status, category from property_filings where source_dataset = 'dob-complaints' and bin = '1004077' order by source_id`);
    const [lot] = (await store.pg.query(`select bbl from property_buildings where bin = '1004077'`)).rows;
    expect(rows.map((row) => row.bbl)).toEqual([lot.bbl, lot.bbl, lot.bbl]);
    expect(rows[0]).toMatchObject({ source_id: '1347475', filed_on: '2013-04-23', status: 'CLOSED', category: '23' });
  });

  it('facade re-inspections, the LL84 municipal report, LL33 grades and HPD registrations: every row accounted for, lots created on first sight, stores agreeing', async () => {
    expect(await load(store, FACADE_FILINGS_LOAD, FILES.facades)).toMatchObject({ rowsRead: 791, rowsLoaded: 791, rowsMerged: 0, rowsRejected: 0, entitiesInFile: 318 });
    const ll84 = await load(store, ENERGY_BENCHMARKING_LOAD, FILES.ll84);
    // 168 rows repeat a building (same lot, BIN as written and name) of an earlier row: merged.
    expect(ll84).toMatchObject({ rowsRead: 3065, rowsLoaded: 2897, rowsMerged: 168, rowsRejected: 0, entitiesInFile: 2097 });
    expect(ll84.unknownValues['2021_source_eui_kbtu_ft "not a number"']).toBe(134);
    expect(await load(store, ENERGY_GRADES_LOAD, FILES.ll33)).toMatchObject({ rowsRead: 18_871, rowsLoaded: 18_871, rowsRejected: 0, entitiesInFile: 18_871 });
    expect(await load(store, HPD_REGISTRATIONS_LOAD, FILES.hpd)).toMatchObject({ rowsRead: 100, rowsLoaded: 100, rowsRejected: 0, entitiesInFile: 100 });
    const { rows } = await store.pg.query(`select bbl, bin, filed_on::text, end_on::text from property_filings where source_dataset = 'hpd-registrations' and source_id = '336228'`);
    expect(rows).toEqual([{ bbl: '3061760029', bin: '3157552', filed_on: '2017-08-07', end_on: '2018-09-01' }]);
    // A lot first named here has only what its BBL says.
    expect((await store.pg.query(`select borough, block, lot, address from property_lots where bbl = '3061760029'`)).rows).toEqual([{ borough: 'Brooklyn', block: 6176, lot: 29, address: null }]);
    // Placeholder BINs (LL84's 1999999, HPD's 3000000) never become buildings.
    expect(await count(store, `select 1 from property_buildings where bin ~ '^[1-5](000000|999999)$'`)).toBe(0);
    expect(await verifyStores(store, PROPERTIES)).toMatchObject({ ok: true, differenceCount: 0 });
  }, 300_000);

  it('the same files again change nothing, with the same accounting; a device that was waiting for its building now joins it', async () => {
    const before = await snapshot(store);
    expect(await load(store, FACADE_FILINGS_LOAD, FILES.facades)).toMatchObject({ rowsLoaded: 791, entitiesChanged: 0 });
    expect(await load(store, ENERGY_BENCHMARKING_LOAD, FILES.ll84)).toMatchObject({ rowsLoaded: 2897, rowsMerged: 168, entitiesChanged: 0 });
    expect(await load(store, HPD_REGISTRATIONS_LOAD, FILES.hpd)).toMatchObject({ rowsLoaded: 100, entitiesChanged: 0 });
    expect(await load(store, DOB_COMPLAINTS_LOAD, FILES.complaints)).toMatchObject({ rowsLoaded: 56, rowsRejected: 44, entitiesChanged: 0 });
    expect(await snapshot(store)).toEqual(before);
    // The facade, LL84 and HPD rows placed 3 more of the 23 buildings the devices named alone.
    const elevators = await load(store, ELEVATORS_LOAD, FILES.elevators);
    expect(elevators).toMatchObject({ rowsLoaded: 76_041, rowsRejected: 47, rejectionsByReason: { 'unknown BIN': 20 } });
    expect(elevators.entitiesChanged).toBeLessThanOrEqual(3);
    expect(await verifyStores(store, PROPERTIES)).toMatchObject({ ok: true, differenceCount: 0 });
  }, 600_000);

  it('a DOB safety violation without a lot joins it by BIN, with its violation and device type; one whose BIN is unknown is rejected', async () => {
    const header = fs.readFileSync(path.join(NYC_DATA_DIR, FILES.safety), 'utf8').split('\n')[0];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safety-'));
    const file = path.join(dir, 'safety.csv');
    // 1004077 is 157 Broome Street's building (placed by the devices); 1099998 is on no lot.
    const row = (number: string, bin: string) => `${bin},03/01/2013,${number},FTC-VT-CAT1-CO,VIOLATION ISSUED,Active,1P100,Elevator,12/31/2012,,,,157,BROOME STREET,New York,New York,10002,,,,,,,`;
    fs.writeFileSync(file, [header, row('VIO-TEST-1', '1004077'), row('VIO-TEST-2', '1099998')].join('\n'));
    try {
      const summary = await load(store, DOB_SAFETY_VIOLATIONS_LOAD, file);
      expect(summary).toMatchObject({ rowsRead: 2, rowsLoaded: 1, rowsRejected: 1, rejections: [{ line: 3, reason: UNKNOWN_BIN('1099998') }] });
      const [lot] = (await store.pg.query(`select bbl from property_buildings where bin = '1004077'`)).rows;
      const { rows } = await store.pg.query(`select bbl, bin, violation_type, device_type, is_open from property_violations where source_id = 'VIO-TEST-1'`);
      expect(rows).toEqual([{ bbl: lot.bbl, bin: '1004077', violation_type: 'FTC-VT-CAT1-CO', device_type: 'Elevator', is_open: true }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
