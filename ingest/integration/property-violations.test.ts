import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { TestNamespace, useTestNamespace } from '../../test/support/namespace';
import { ingestFile } from '../../test/support/ingest-file';
import { DOB_SAFETY_VIOLATIONS_LOAD, DOB_VIOLATIONS_LOAD, ECB_VIOLATIONS_LOAD, ELEVATORS_LOAD, PLUTO_LOAD, PROPERTIES } from '../families';
import type { KeyedDataset } from '../load/types';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { rederive } from '../load/rederive';
import { fileSource } from '../sources/source';

const DOB = 'properties/dob_violations__wow.csv';
const DOB_EXPORT = 'properties/dob_violations__nycdb.csv';
const ECB = 'properties/ecb_violations__wow.csv';
const SAFETY = 'properties/dob_safety_violations__nycdb.csv';
const present = [DOB, DOB_EXPORT, ECB, SAFETY].every((file) => nycDataPresent(file));
const describeWithDockets = present ? describe : describe.skip;

const AS_OF = new Date('2026-11-23T12:00:00Z');
const load = <Row>(store: TestNamespace['stores']['byMode']['test'], dataset: KeyedDataset<Row>, file: string, asOf = AS_OF) => ingestFile(store, dataset, file, asOf);

async function violationsOf(ns: TestNamespace, bbl: string) {
  const { rows } = await ns.stores.byMode.test.pg.query(
    `select source_dataset, identifier, agency, record_type, status, is_open, issued_at::text, status_at::text,
            penalty_imposed_cents::int, penalty_due_cents::int
     from property_violations where bbl = $1 order by source_dataset, identifier`,
    [bbl],
  );
  return rows;
}

async function snapshot(ns: TestNamespace) {
  const pg = ns.stores.byMode.test.pg;
  const lots = await pg.query('select bbl, version from property_lots order by bbl');
  const violations = await pg.query('select * from property_violations order by source_dataset, source_id');
  return { lots: lots.rows, violations: violations.rows };
}

describeWithDockets('ingest of the real violation dockets (Postgres + Elasticsearch)', () => {
  const ns = useTestNamespace();

  it('loads the DOB, ECB and DOB safety files with every row accounted for, lots created on first sight, and the stores agreeing', async () => {
    const store = ns.stores.byMode.test;
    // Line 50's borough is DOB's letter Q (Queens).
    expect(await load(store, DOB_VIOLATIONS_LOAD, DOB)).toMatchObject({
      rowsRead: 100, rowsLoaded: 100, rowsMerged: 0, rowsRejected: 0, rejections: [], unknownValues: {}, entitiesInFile: 95, entitiesChanged: 95, documentsIndexed: 95,
    });
    const { rows: queens } = await store.pg.query("select bbl from property_violations where source_dataset = 'dob-violations' and source_id = (select source_id from property_violations where bbl = '4019470018' limit 1)");
    expect(queens).toEqual([{ bbl: '4019470018' }]);
    // The portal export's one blank VIOLATION_CATEGORY loads (closed by its number's star) and is counted.
    // Lines 60 and 86 name no lot, only their building, which no dataset loaded yet places: retried by the next run.
    const unknownBin = (bin: string) => expect.stringMatching(new RegExp(`^unknown BIN "${bin}"`));
    expect(await load(store, DOB_VIOLATIONS_LOAD, DOB_EXPORT)).toMatchObject({
      rowsRead: 100, rowsLoaded: 98, rowsRejected: 2, unknownValues: { 'VIOLATION_CATEGORY ""': 1 }, entitiesInFile: 100, entitiesChanged: 98,
      rejections: [{ line: 60, reason: unknownBin('1001320') }, { line: 86, reason: unknownBin('2087708') }],
    });
    expect(await load(store, ECB_VIOLATIONS_LOAD, ECB)).toMatchObject({
      rowsRead: 100, rowsLoaded: 99, rowsMerged: 0, rowsRejected: 1, rejections: [{ line: 80, reason: unknownBin('3113984') }],
      unknownValues: {}, entitiesInFile: 100, entitiesChanged: 99,
    });
    expect(await load(store, DOB_SAFETY_VIOLATIONS_LOAD, SAFETY)).toMatchObject({ rowsRead: 9, rowsLoaded: 9, rowsRejected: 0, unknownValues: {}, entitiesChanged: 9 });

    const { rows: counts } = await store.pg.query(
      'select (select count(*)::int from property_violations) as violations, (select count(*)::int from property_lots) as lots, (select count(*)::int from property_lots where address is null) as unseen',
    );
    // 100 + 98 + 99 + 9 violations on 300 lots (1002850008 is in both the DOB and the ECB file), none of them in PLUTO yet.
    expect(counts[0]).toEqual({ violations: 306, lots: 300, unseen: 300 });
    const lot = await store.pg.query("select borough, block, lot, address from property_lots where bbl = '1002850008'");
    expect(lot.rows[0]).toEqual({ borough: 'Manhattan', block: 285, lot: 8, address: null });

    const report = await verifyStores(store, PROPERTIES);
    expect(report).toMatchObject({ ok: true, differenceCount: 0, counts: { properties: { postgres: 300, elasticsearch: 300 } } });
  });

  it('joins a DOB or ECB row that names only its building to the lot a loaded dataset places its BIN on', async () => {
    const store = ns.stores.byMode.test;
    // Two device rows of the 2015 elevator file: BIN 1001320 on 1-96-12, BIN 3113984 on 3-5006-6.
    const elevators = fs.readFileSync(path.join(NYC_DATA_DIR, 'properties/elevator_devices_2015__converted.csv'), 'utf8').split('\n');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elevators-'));
    const file = path.join(dir, 'elevators.csv');
    fs.writeFileSync(file, [elevators[0], elevators.find((line) => line.startsWith('1D10496,')), elevators.find((line) => line.startsWith('3P1884,'))].join('\n') + '\n');
    expect(await ingestDataset(store, ELEVATORS_LOAD, fileSource(ELEVATORS_LOAD.source, file), { asOf: AS_OF })).toMatchObject({ rowsLoaded: 2, rowsRejected: 0 });
    expect(await load(store, DOB_VIOLATIONS_LOAD, DOB_EXPORT)).toMatchObject({ rowsLoaded: 99, rowsRejected: 1, entitiesChanged: 1 });
    expect(await load(store, ECB_VIOLATIONS_LOAD, ECB)).toMatchObject({ rowsLoaded: 100, rowsRejected: 0, entitiesChanged: 1 });
    const { rows } = await store.pg.query(
      "select source_dataset, bbl, bin from property_violations where bin in ('1001320', '3113984') and source_dataset in ('dob-violations', 'ecb-violations') order by bin",
    );
    expect(rows).toEqual([
      { source_dataset: 'dob-violations', bbl: '1000960012', bin: '1001320' },
      { source_dataset: 'ecb-violations', bbl: '3050060006', bin: '3113984' },
    ]);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });

  it('stores the violations of a lot in two files as read by hand from them', async () => {
    // dob_violations__wow.csv line 30 and ecb_violations__wow.csv line 16: 193 Henry Street, Manhattan.
    expect(await violationsOf(ns, '1002850008')).toEqual([
      {
        source_dataset: 'dob-violations', identifier: 'VP*061517CBS03MC01', agency: 'DOB', record_type: 'dob_violation', status: 'VP*-VIOLATION UNSERVED ECB- DISMISSED',
        is_open: false, issued_at: '2017-06-15', status_at: '2017-06-28', penalty_imposed_cents: 0, penalty_due_cents: 0,
      },
      {
        source_dataset: 'ecb-violations', identifier: '35299809L', agency: 'ECB', record_type: 'ecb_violation', status: 'RESOLVE / CURED/IN-VIO / CURE ACCEPTED',
        is_open: false, issued_at: '2018-01-30', status_at: '2018-03-22', penalty_imposed_cents: 0, penalty_due_cents: 0,
      },
    ]);
    // ECB line 86: ACTIVE, defaulted, $8,000 imposed and all of it due.
    expect(await violationsOf(ns, '5040880013')).toMatchObject([
      { identifier: '34936466L', is_open: true, issued_at: '2013-05-11', status_at: '2013-07-03', penalty_imposed_cents: 800_000, penalty_due_cents: 800_000 },
    ]);
    // ECB line 44: resolved with an overpayment (BALANCE_DUE -2500.00): nothing due.
    expect(await violationsOf(ns, '1020900029')).toMatchObject([
      { identifier: '38264331K', is_open: false, issued_at: '2018-08-20', status_at: '2018-11-15', penalty_imposed_cents: 125_000, penalty_due_cents: 0 },
    ]);
    // DOB line 43: active failure to certify a class 1 ECB violation, not disposed.
    expect(await violationsOf(ns, '2038710030')).toMatchObject([{ identifier: 'V103118AEUHAZ100337', agency: 'DOB', is_open: true, issued_at: '2018-10-31', status_at: null }]);
    // DOB safety line 10: a dismissed elevator CAT1 failure to file.
    expect(await violationsOf(ns, '1017570001')).toEqual([
      {
        source_dataset: 'dob-safety-violations', identifier: 'VIO-FTC-VT-CAT1-202212-0008409', agency: 'DOB_NOW', record_type: 'dob_safety_violation', status: 'Dismissed',
        is_open: false, issued_at: '2023-10-23', status_at: null, penalty_imposed_cents: 0, penalty_due_cents: 0,
      },
    ]);
  });

  it('loading the same files again changes nothing', async () => {
    const store = ns.stores.byMode.test;
    const before = await snapshot(ns);
    for (const [dataset, file] of [[DOB_VIOLATIONS_LOAD, DOB], [DOB_VIOLATIONS_LOAD, DOB_EXPORT], [ECB_VIOLATIONS_LOAD, ECB], [DOB_SAFETY_VIOLATIONS_LOAD, SAFETY]] as const) {
      const again = await load(store, dataset as KeyedDataset<unknown>, file);
      expect(again).toMatchObject({ rowsRejected: again.rowsRead - again.rowsLoaded, rowsMerged: 0, entitiesChanged: 0, documentsIndexed: 0 });
    }
    expect(await snapshot(ns)).toEqual(before);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });

  it('re-derives isOpen on a new clock: an ECB violation is open while its hearing is ahead', async () => {
    const store = ns.stores.byMode.test;
    // 35299809L was heard on 2018-03-22: as of 2018-03-01 the hearing is ahead.
    expect((await rederive(store, PROPERTIES, new Date('2018-03-01T12:00:00Z'))).changed).toBeGreaterThan(0);
    expect(await violationsOf(ns, '1002850008')).toMatchObject([{ is_open: false }, { identifier: '35299809L', is_open: true }]);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
    await rederive(store, PROPERTIES, AS_OF);
    expect(await violationsOf(ns, '1002850008')).toMatchObject([{ is_open: false }, { identifier: '35299809L', is_open: false }]);
  });

  it('fills in a lot first seen on a docket when PLUTO arrives, keeping its violations', async () => {
    const store = ns.stores.byMode.test;
    const { rows: [before] } = await store.pg.query("select version from property_lots where bbl = '1002850008'");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pluto-'));
    const file = path.join(dir, 'pluto.csv');
    fs.writeFileSync(file, 'borough,bbl,address,bldgclass,landuse\nMN,1002850008,193 HENRY STREET,C7,04\n');
    expect(await ingestDataset(store, PLUTO_LOAD, fileSource(PLUTO_LOAD.source, file), { asOf: AS_OF })).toMatchObject({ rowsLoaded: 1, entitiesChanged: 1 });
    const { rows: [lot] } = await store.pg.query("select address, bldgclass, version from property_lots where bbl = '1002850008'");
    expect(lot).toMatchObject({ address: '193 HENRY STREET', bldgclass: 'C7' });
    expect(Number(lot.version)).toBeGreaterThan(Number(before.version));
    expect(await violationsOf(ns, '1002850008')).toHaveLength(2);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });

  it('a stored violation re-filed under another lot moves there and one whose values differ is updated; the lot it left changes too, and the same file again changes nothing', async () => {
    const store = ns.stores.byMode.test;
    // The WOW file's first two rows: 1-01500-00065 re-filed under block 01501, and 1-01340-00001's description amended.
    const [header, first, second] = fs.readFileSync(path.join(NYC_DATA_DIR, DOB), 'utf8').split('\n');
    expect(first).toContain('"1","1046964","01500","00065"');
    expect(second).toContain('"1","1038905","01340","00001"');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dob-moved-'));
    const file = path.join(dir, 'dob.csv');
    fs.writeFileSync(file, `${header}\n${first.replace('"01500","00065"', '"01501","00065"')}\n${second.replace('"THE BOROUGH COMMISSIONER', '"AMENDED: THE BOROUGH COMMISSIONER')}\n`);
    const [left, moved, amended] = ['1015000065', '1015010065', '1013400001'];
    const leftBefore = await violationsOf(ns, left);
    const { rows: versions } = await store.pg.query('select bbl, version from property_lots where bbl = any($1)', [[left, amended]]);
    expect(await load(store, DOB_VIOLATIONS_LOAD, file)).toMatchObject({ rowsRead: 2, rowsLoaded: 2, entitiesChanged: 3, documentsIndexed: 3 });
    expect(await violationsOf(ns, moved)).toEqual([expect.objectContaining({ source_dataset: 'dob-violations', identifier: leftBefore[0].identifier })]);
    expect(await violationsOf(ns, left)).toHaveLength(leftBefore.length - 1);
    const { rows: [{ description }] } = await store.pg.query("select description from property_violations where bbl = $1 and description like 'AMENDED:%'", [amended]);
    expect(description).toMatch(/^AMENDED: THE BOROUGH COMMISSIONER/);
    const { rows: after } = await store.pg.query('select bbl, version from property_lots where bbl = any($1)', [[left, amended]]);
    for (const { bbl, version } of after) expect(Number(version)).toBeGreaterThan(Number(versions.find((lot) => lot.bbl === bbl).version));
    const snapshotAfter = await snapshot(ns);
    expect(await load(store, DOB_VIOLATIONS_LOAD, file)).toMatchObject({ rowsLoaded: 2, entitiesChanged: 0, documentsIndexed: 0 });
    expect(await snapshot(ns)).toEqual(snapshotAfter);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });
});
