import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { TestNamespace, useTestNamespace } from '../../test/support/namespace';
import { ingestFile } from '../../test/support/ingest-file';
import { DOB_JOBS_LOAD, DOB_NOW_JOBS_LOAD, DOB_NOW_PERMITS_LOAD, DOB_PERMITS_LOAD, PROPERTIES } from '../families';
import type { KeyedDataset } from '../load/types';
import { verifyStores } from '../index/verify';
import { rederive } from '../load/rederive';

const PERMITS = 'properties/dob_permit_issuance__1000.csv';
const PERMITS_2019 = 'properties/dob_permit_issuance__anhd_mock.csv';
const JOBS = 'properties/dobjobs__nycdb.csv';
const NOW_JOBS = 'properties/dob_now_jobs__nycdb.csv';
const NOW_PERMITS = 'properties/dob_now_approved_permits__anhd_mock.csv';
const FILES: Array<[KeyedDataset<unknown>, string]> = [
  [DOB_PERMITS_LOAD as KeyedDataset<unknown>, PERMITS],
  [DOB_PERMITS_LOAD as KeyedDataset<unknown>, PERMITS_2019],
  [DOB_JOBS_LOAD as KeyedDataset<unknown>, JOBS],
  [DOB_NOW_JOBS_LOAD as KeyedDataset<unknown>, NOW_JOBS],
  [DOB_NOW_PERMITS_LOAD as KeyedDataset<unknown>, NOW_PERMITS],
];
const present = FILES.every(([, file]) => nycDataPresent(file));
const describeWithPermits = present ? describe : describe.skip;

const AS_OF = new Date('2026-11-23T12:00:00Z');
type Store = TestNamespace['stores']['byMode']['test'];
const load = <Row>(store: Store, dataset: KeyedDataset<Row>, file: string, asOf = AS_OF) => ingestFile(store, dataset, file, asOf);

async function permitsOf(ns: TestNamespace, bbl: string) {
  const { rows } = await ns.stores.byMode.test.pg.query(
    `select source_dataset, source_id, identifier, agency, record_type, status, description, is_open,
            issued_at::text, expires_at::text, status_at::text
     from property_permits where bbl = $1 order by source_dataset, source_id`,
    [bbl],
  );
  return rows;
}

async function snapshot(ns: TestNamespace) {
  const pg = ns.stores.byMode.test.pg;
  const lots = await pg.query('select bbl, version from property_lots order by bbl');
  const permits = await pg.query('select * from property_permits order by source_dataset, source_id');
  return { lots: lots.rows, permits: permits.rows };
}

describeWithPermits('ingest of the real permit and job filing files (Postgres + Elasticsearch)', () => {
  const ns = useTestNamespace();

  it('loads the five files with every row accounted for, lots created on first sight, and the stores agreeing', async () => {
    const store = ns.stores.byMode.test;
    expect(await load(store, DOB_PERMITS_LOAD, PERMITS)).toMatchObject({
      rowsRead: 1000, rowsLoaded: 999, rowsMerged: 0, rowsRejected: 1,
      rejections: [{ line: 929, reason: 'BIN 1064571 is in Manhattan, not in the borough of lot 2022150299 ("BRONX")' }],
      // Four old rows have a blank Permit Status: loaded, read as in force, counted.
      unknownValues: { 'Permit Status ""': 4 }, entitiesInFile: 715, entitiesChanged: 715, documentsIndexed: 715,
    });
    expect(await load(store, DOB_PERMITS_LOAD, PERMITS_2019)).toMatchObject({
      rowsRead: 9, rowsLoaded: 8, rowsRejected: 1, rejections: [{ line: 10 }], unknownValues: {}, entitiesInFile: 8,
    });
    expect(await load(store, DOB_JOBS_LOAD, JOBS)).toMatchObject({
      rowsRead: 100, rowsLoaded: 100, rowsMerged: 0, rowsRejected: 0, unknownValues: { 'SPECIAL_ACTION_STATUS "C"': 4 }, entitiesInFile: 93,
    });
    expect(await load(store, DOB_NOW_JOBS_LOAD, NOW_JOBS)).toMatchObject({
      rowsRead: 100, rowsLoaded: 95, rowsRejected: 5, unknownValues: {}, entitiesInFile: 95,
    });
    expect(await load(store, DOB_NOW_PERMITS_LOAD, NOW_PERMITS)).toMatchObject({
      rowsRead: 5, rowsLoaded: 4, rowsRejected: 1, rejections: [{ line: 6, reason: 'BIN 3322379 is in Brooklyn, not in the borough of lot 2022600001 ("BRONX")' }], entitiesInFile: 4,
    });

    const { rows: [counts] } = await store.pg.query(
      `select (select count(*)::int from property_permits) as permits, (select count(*)::int from property_lots) as lots,
              (select count(*)::int from property_permits where agency = 'DOB' and record_type = 'permit') as bis_permits,
              (select count(*)::int from property_permits where agency = 'DOB_NOW' and record_type = 'job_filing') as now_jobs`,
    );
    // 999 + 8 + 100 + 95 + 4 records on 904 distinct lots (11 lots are in two files).
    expect(counts).toEqual({ permits: 1206, lots: 904, bis_permits: 1007, now_jobs: 95 });
    expect((await verifyStores(store, PROPERTIES))).toMatchObject({ ok: true, differenceCount: 0, counts: { properties: { postgres: 904, elasticsearch: 904 } } });
  });

  it('stores the records of lots in two files as read by hand from them', async () => {
    // dob_permit_issuance__1000.csv line 48 and dobjobs__nycdb.csv line 13: Brooklyn block 6035 lot 56.
    expect(await permitsOf(ns, '3060350056')).toEqual([
      {
        source_dataset: 'dob-jobs', source_id: '340812311-01', identifier: '340812311-01', agency: 'DOB', record_type: 'job_filing', status: 'SIGNED OFF',
        description: 'FILING FOR BPP AS PER PLANS FILED HEREWITH ALT-1 FILING.', is_open: false, issued_at: '2021-05-13', expires_at: null, status_at: '2022-04-12',
      },
      {
        source_dataset: 'dob-permits', source_id: '3905896', identifier: '340785662-01-AL', agency: 'DOB', record_type: 'permit', status: 'ISSUED / RENEWAL',
        description: 'Alteration; job A1, alteration type 1 (change of use, egress or occupancy)',
        // Expired on 2023-04-01, before the run's clock.
        is_open: false, issued_at: '2022-05-10', expires_at: '2023-04-01', status_at: '2022-05-10',
      },
    ]);
    // Permit line 18 and DOB NOW job line 30: Manhattan block 978 lot 1; the DOB NOW job has its letter of completion.
    expect(await permitsOf(ns, '1009780001')).toMatchObject([
      { source_dataset: 'dob-now-jobs', identifier: 'M00885045-I1', agency: 'DOB_NOW', record_type: 'job_filing', status: 'LOC Issued', is_open: false, issued_at: '2023-06-18', status_at: '2023-10-13' },
      { source_dataset: 'dob-permits', identifier: '123897907-01-PL', status: 'ISSUED / RENEWAL', is_open: false, issued_at: '2022-05-10', expires_at: '2023-05-10' },
    ]);
    // dob_now_jobs__nycdb.csv line 2: approved, not signed off: open.
    expect(await permitsOf(ns, '3011727502')).toMatchObject([{ identifier: 'B00472129-P1', status: 'Approved', is_open: true, expires_at: null }]);
    const { rows: [lot] } = await ns.stores.byMode.test.pg.query("select borough, block, lot, address from property_lots where bbl = '3060350056'");
    expect(lot).toEqual({ borough: 'Brooklyn', block: 6035, lot: 56, address: null });
  });

  it('loading the same files again changes nothing', async () => {
    const store = ns.stores.byMode.test;
    const before = await snapshot(ns);
    for (const [dataset, file] of FILES) {
      const again = await load(store, dataset, file);
      expect(again).toMatchObject({ rowsRejected: again.rowsRead - again.rowsLoaded, rowsMerged: 0, entitiesChanged: 0, documentsIndexed: 0 });
    }
    expect(await snapshot(ns)).toEqual(before);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });

  it('a changed row updates its record and only its lot', async () => {
    const store = ns.stores.byMode.test;
    const lines = fs.readFileSync(path.join(NYC_DATA_DIR, PERMITS_2019), 'utf8').split(/\r?\n/);
    // Line 2 (PERMIT_SI_NO 3284455, lot 3023490001) now says REVOKED.
    expect(lines[1]).toContain(',ISSUED,INITIAL,');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'permits-'));
    const file = path.join(dir, 'permits.csv');
    fs.writeFileSync(file, [lines[0], lines[1].replace(',ISSUED,INITIAL,', ',REVOKED,INITIAL,')].join('\n'));
    const { rows: [before] } = await store.pg.query("select version from property_lots where bbl = '3023490001'");
    // Rolled back to 2019-02-01, when the permit was in force, so only the status decides.
    expect(await load(store, DOB_PERMITS_LOAD, file, new Date('2019-02-01T12:00:00Z'))).toMatchObject({ rowsRead: 1, rowsLoaded: 1, entitiesChanged: 1, documentsIndexed: 1 });
    expect(await permitsOf(ns, '3023490001')).toMatchObject([{ source_id: '3284455', status: 'REVOKED / INITIAL', is_open: false }]);
    const { rows: [after] } = await store.pg.query("select version from property_lots where bbl = '3023490001'");
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
    // The original row again: back to ISSUED, closed as of the clock (expired 2019-09-16).
    expect(await load(store, DOB_PERMITS_LOAD, PERMITS_2019)).toMatchObject({ entitiesChanged: 1 });
    expect(await permitsOf(ns, '3023490001')).toMatchObject([{ status: 'ISSUED / INITIAL', is_open: false, expires_at: '2019-09-16' }]);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });

  it('joins a row that names only its building to the lot the loaded rows place it on, and rejects an unknown BIN', async () => {
    const store = ns.stores.byMode.test;
    const { rows: [building] } = await store.pg.query("select bbl, source_dataset from property_buildings where bin = '4284335'");
    // dobjobs__nycdb.csv line 2 placed BIN 4284335 on Queens block 13228 lot 9.
    expect(building).toEqual({ bbl: '4132280009', source_dataset: 'dob-jobs' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'permits-'));
    const file = path.join(dir, 'now-jobs.csv');
    fs.writeFileSync(file, [
      'Job Filing Number,Filing Status,Borough,Block,LOT,Bin,BBL,Filing Date,Current Status Date,Signoff Date,Job Description',
      'Q00000001-I1,Approved,QUEENS,,,4284335,,01/05/2026 12:00:00 AM,01/06/2026 10:00:00 AM,,Solar panels',
      'Q00000002-I1,Approved,QUEENS,,,4999998,,01/05/2026 12:00:00 AM,,,Unknown building',
      ',Approved,,,,,,,,,',
    ].join('\n'));
    expect(await load(store, DOB_NOW_JOBS_LOAD, file)).toMatchObject({
      rowsRead: 3, rowsLoaded: 1, rowsRejected: 2,
      rejections: expect.arrayContaining([
        { line: 3, reason: expect.stringContaining('unknown BIN "4999998"') },
        { line: 4, reason: 'missing Job Filing Number' },
      ]),
      entitiesChanged: 1,
    });
    expect(await permitsOf(ns, '4132280009')).toMatchObject([
      { source_dataset: 'dob-jobs', identifier: '440673852-01' },
      { source_dataset: 'dob-now-jobs', identifier: 'Q00000001-I1', status: 'Approved', is_open: true, issued_at: '2026-01-05', status_at: '2026-01-06' },
    ]);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });

  it('re-derives isOpen on a new clock: a permit is open until its expiration date passes', async () => {
    const store = ns.stores.byMode.test;
    expect((await rederive(store, PROPERTIES, new Date('2023-04-01T12:00:00Z'))).changed).toBeGreaterThan(0);
    expect(await permitsOf(ns, '3060350056')).toMatchObject([{ source_dataset: 'dob-jobs', is_open: false }, { source_id: '3905896', is_open: true }]);
    await rederive(store, PROPERTIES, new Date('2023-04-02T12:00:00Z'));
    expect(await permitsOf(ns, '3060350056')).toMatchObject([{ is_open: false }, { source_id: '3905896', is_open: false }]);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });
});
