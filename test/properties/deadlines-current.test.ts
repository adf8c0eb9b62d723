import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  datasetNamed,
  DOB_NOW_BOILERS_LOAD,
  DOB_NOW_ELEVATORS_LOAD,
  DOB_NOW_FACADES_LOAD,
  DOB_VIOLATIONS_LOAD,
  ELEVATORS_LOAD,
  HPD_CONTACTS_LOAD,
  HPD_REGISTRATIONS_LOAD,
  LL84_DISCLOSURE_LOAD,
  PROPERTIES,
} from '../../ingest/families';
import type { KeyedDataset } from '../../ingest/load/types';
import {
  BOILER_COLUMNS,
  ELEVATOR_COLUMNS,
  FACADE_COLUMNS,
  LL84_COLUMNS,
  type PublishedRow,
  sodaTimestamp,
  writePublishedCsv,
} from '../../ingest/generate/published-evidence';
import { verifyStores } from '../../ingest/index/verify';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { startTestApi, TestApi } from '../support/api';
import { ingestFile } from '../support/ingest-file';

/**
 * The current evidence datasets loaded from rows written in their published shape (no real
 * sample of them is at hand), read by GET /properties/{bbl}/deadlines on the test clock
 * (2026-04-01): each rule reads the current dataset over the older file, and one known complete
 * past a due date may call it missed.
 */
const TODAY = '2026-04-01';
const BASE = '/api/v1/properties';

// Lot A (BIN 1012417, block 699: FISP sub-cycle 10A), lot B (BIN 1022579), lots C and D (LL84 only), lot F (a DOB violation only).
const A = '1006990063';
const B = '1009940054';
const C = '1000160001';
const D = '1013380030';
const F = '1012010063';

const CONTACTS = 'properties/hpd_contacts__nycdb.csv';

describe('GET /properties/{bbl}/deadlines from the current evidence datasets (published shape)', () => {
  let api: TestApi;
  let dir: string;
  const store = () => api.ns.stores.byMode.test;
  const load = <Row>(dataset: KeyedDataset<Row>, file: string) => ingestFile(store(), dataset, file, new Date(`${TODAY}T12:00:00Z`));
  const written = <Column extends string>(name: string, columns: readonly Column[], rows: Array<PublishedRow<Column>>) => {
    const file = path.join(dir, `${name}.csv`);
    writePublishedCsv(file, columns, rows);
    return file;
  };
  const deadlines = async (bbl: string): Promise<Map<string, any>> => {
    const res = await api.get(`${BASE}/${bbl}/deadlines`, { key: api.keys.test });
    expect(res.status).toBe(200);
    return new Map(res.body.data.map((item: any) => [item.kind, item]));
  };

  beforeAll(async () => {
    api = await startTestApi();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'current-evidence-'));
    // The older device file too (a 2015 inspection of lot A): the current dataset must win.
    const older = path.join(dir, 'elevators-2015.csv');
    fs.writeFileSync(older, 'DV_DEVICE_NUMBER,Device Status,BIN,TAX_BLOCK,TAX_LOT,Borough,Device Type,DV_LASTPER_INSP_DATE\n1P1,A,1012417,699,63,Manhattan,Passenger Elevator (P),20150511\n');
    await load(ELEVATORS_LOAD, older);
    await load(DOB_NOW_ELEVATORS_LOAD, written('elevators', ELEVATOR_COLUMNS, [
      // Inspected for 2025 (ok until 2027-01-14), and a device last inspected in 2023 (the 2025 inspection owed by 2026-01-14 is missing).
      { device_number: '1P1', device_type: 'Elevator', device_status: 'Active', periodic_report_year: '2025', periodic_latest_inspection: sodaTimestamp('2025-03-12'), cat1_report_year: '2025', cat1_latest_report_filed: sodaTimestamp('2025-07-21'), cat5_latest_report_filed: sodaTimestamp('2024-02-01'), bin: '1012417', bbl: A },
      { device_number: '1P2', device_type: 'Elevator', device_status: 'Active', periodic_report_year: '2023', periodic_latest_inspection: sodaTimestamp('2023-05-01'), cat1_report_year: '2025', cat1_latest_report_filed: sodaTimestamp('2025-07-21'), cat5_latest_report_filed: sodaTimestamp('2024-02-01'), bin: '1012417', bbl: A },
      // Lot B's device, inspected this year: the file is known complete to 2026-03-12.
      { device_number: '1P3', device_type: 'Elevator', device_status: 'Active', periodic_report_year: '2026', periodic_latest_inspection: sodaTimestamp('2026-03-12'), bin: '1022579', bbl: B },
    ]));
    await load(DOB_NOW_BOILERS_LOAD, written('boilers', BOILER_COLUMNS, [
      // Joined by the BINs the elevator rows placed. Lot A inspected for 2025; lot B last for 2023; the file goes to 2026-02-15.
      { tracking_number: '2025-1012417B01-1', boiler_id: '1012417B01', report_type: 'Initial', inspection_date: '02/01/2025 00:00:00', defects_exist: 'No', report_status: 'Accepted', bin_number: '1012417' },
      { tracking_number: '2026-1012417B01-1', boiler_id: '1012417B01', report_type: 'Initial', inspection_date: '02/15/2026 00:00:00', defects_exist: 'No', report_status: 'Accepted', bin_number: '1012417' },
      { tracking_number: '2023-1022579B01-1', boiler_id: '1022579B01', report_type: 'Initial', inspection_date: '03/01/2023 00:00:00', defects_exist: 'No', report_status: 'Accepted', bin_number: '1022579' },
    ]));
    await load(LL84_DISCLOSURE_LOAD, written('ll84', LL84_COLUMNS, [
      // One property on lots A and C reported 2024; lot D only 2023; another property reported 2025 on 2026-03-01.
      { property_id: '1', report_year: '2024', nyc_borough_block_and_lot: `${A};${C}`, nyc_building_identification: '1012417', report_submission_date: sodaTimestamp('2025-04-28') },
      { property_id: '2', report_year: '2023', nyc_borough_block_and_lot: D, report_submission_date: sodaTimestamp('2024-04-01') },
      { property_id: '3', report_year: '2025', nyc_borough_block_and_lot: B, report_submission_date: sodaTimestamp('2026-03-01') },
    ]));
    await load(DOB_NOW_FACADES_LOAD, written('facades', FACADE_COLUMNS, [
      { tr6_no: 'TR6-1', control_no: '1', filing_type: 'Initial', cycle: '9', bin: '1012417', borough: 'MANHATTAN', block: '699', lot: '63', submitted_on: sodaTimestamp('2021-06-01'), filing_status: 'SAFE' },
    ]));
    // An open elevator affirmation-of-correction violation on a lot nothing else describes.
    const violations = path.join(dir, 'dob-violations.csv');
    fs.writeFileSync(violations, [
      'ISN_DOB_BIS_VIOL,BORO,BIN,BLOCK,LOT,ISSUE_DATE,VIOLATION_TYPE_CODE,VIOLATION_NUMBER,NUMBER,VIOLATION_CATEGORY,VIOLATION_TYPE',
      '9000001,1,,01201,00063,20250915,ACC1,00001,V091525ACC100001,V-DOB VIOLATION - ACTIVE,ACC1-(OTHER BLDGS TYPES) - ELEVATOR AFFIRMATION OF CORRECTION',
    ].join('\n'));
    await load(DOB_VIOLATIONS_LOAD, violations);
  }, 300_000);
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await api.stop();
  });

  it('each data set answers to its command-line name', () => {
    for (const dataset of [HPD_CONTACTS_LOAD, DOB_NOW_FACADES_LOAD, DOB_NOW_ELEVATORS_LOAD, DOB_NOW_BOILERS_LOAD, LL84_DISCLOSURE_LOAD]) expect(datasetNamed(dataset.source.name)).toBe(dataset);
    expect([HPD_CONTACTS_LOAD, DOB_NOW_FACADES_LOAD, DOB_NOW_ELEVATORS_LOAD, DOB_NOW_BOILERS_LOAD, LL84_DISCLOSURE_LOAD].map((dataset) => dataset.source.name)).toEqual([
      'hpd-contacts', 'dob-now-facades', 'dob-now-elevators', 'dob-now-boilers', 'll84-disclosure',
    ]);
  });

  it('elevators: read from DOB NOW over the 2015 file; a device behind is overdue, verifiably, the file being complete past its due date', async () => {
    const items = await deadlines(A);
    expect(items.get('elevator_periodic')).toMatchObject({
      status: 'overdue', verifiable: true, dueDate: '2026-01-14', lastEvidenceAt: '2023-05-01', evidenceDataset: 'dob-now-elevators', evidenceAsOf: '2026-03-12',
    });
    // CAT1 of 2025 on file for both: ok until 2027-01-21. CAT5 of 2024-02: due 2029-03-21.
    expect(items.get('elevator_cat1')).toMatchObject({ status: 'ok', verifiable: true, dueDate: '2027-01-21', evidenceDataset: 'dob-now-elevators' });
    expect(items.get('elevator_cat5')).toMatchObject({ status: 'ok', dueDate: '2029-03-21', lastEvidenceAt: '2024-02-01' });
  });

  it('boilers: DOB NOW boiler reports joined by BIN; a missing 2025 report is overdue where the file goes past 2026-01-14', async () => {
    // Inspected for 2025 and 2026: the 2027 inspection is next, owed by 2028-01-14.
    expect((await deadlines(A)).get('boiler_inspection')).toMatchObject({ status: 'ok', verifiable: true, dueDate: '2028-01-14', lastEvidenceAt: '2026-02-15', evidenceDataset: 'dob-now-boilers', evidenceAsOf: '2026-02-15' });
    expect((await deadlines(B)).get('boiler_inspection')).toMatchObject({ status: 'overdue', verifiable: true, dueDate: '2026-01-14', lastEvidenceAt: '2023-03-01', evidenceAsOf: '2026-02-15' });
  });

  it('benchmarking: the LL84 disclosure counts a submission for every lot its property names; a missing year is overdue once the disclosure goes past its due date', async () => {
    for (const bbl of [A, C]) expect((await deadlines(bbl)).get('benchmarking')).toMatchObject({ status: 'due_soon', verifiable: true, dueDate: '2026-05-01', lastEvidenceAt: '2025-04-28', evidenceDataset: 'll84-disclosure', evidenceAsOf: '2026-03-01' });
    expect((await deadlines(D)).get('benchmarking')).toMatchObject({ status: 'overdue', verifiable: true, dueDate: '2025-05-01', lastEvidenceAt: '2024-04-01' });
  });

  it('facades: the DOB NOW cycle 9 report holds until sub-cycle 10A closes', async () => {
    expect((await deadlines(A)).get('facade_filing')).toMatchObject({ status: 'ok', verifiable: true, dueDate: '2027-02-21', lastEvidenceAt: '2021-06-01', evidenceDataset: 'dob-now-facades', evidenceAsOf: '2021-06-01' });
  });

  it('an open DOB elevator affirmation-of-correction violation needs action on a lot no other data set describes', async () => {
    const items = await deadlines(F);
    expect(items.get('elevator_cat1')).toMatchObject({ status: 'action_needed', evidenceDataset: 'dob-violations', evidenceAsOf: '2025-09-15', basis: expect.stringContaining('DOB Violations (3h2n-5cm9) shows an open failure-to-file') });
    expect(items.has('elevator_periodic')).toBe(false);
  });

  it('the stores agree after these loads', async () => {
    expect(await verifyStores(store(), PROPERTIES)).toMatchObject({ ok: true, differenceCount: 0 });
  });

  (nycDataPresent(CONTACTS) ? it : it.skip)('HPD contacts (the real sample) join their registration\'s lot: rejected by line until it is loaded, then all 100 held; the same file again changes nothing', async () => {
    const before = await load(HPD_CONTACTS_LOAD, path.join(NYC_DATA_DIR, CONTACTS));
    expect(before).toMatchObject({ rowsRead: 100, rowsLoaded: 0, rowsRejected: 100, rejectionsByReason: { 'unknown RegistrationID': 100 } });
    // Registrations in tesw-yqqr's shape for the sample's 26 registration ids, all on lot A.
    const ids = [...new Set(fs.readFileSync(path.join(NYC_DATA_DIR, CONTACTS), 'utf8').trim().split('\n').slice(1).map((line) => line.split(',')[1]))];
    const registrations = path.join(dir, 'registrations.csv');
    fs.writeFileSync(registrations, ['RegistrationID,BuildingID,BoroID,Block,Lot,BIN,LastRegistrationDate,RegistrationEndDate', ...ids.map((id) => `${id},1,1,699,63,1012417,08/01/2025,09/01/2026`)].join('\n'));
    await load(HPD_REGISTRATIONS_LOAD, registrations);
    expect(await load(HPD_CONTACTS_LOAD, path.join(NYC_DATA_DIR, CONTACTS))).toMatchObject({ rowsRead: 100, rowsLoaded: 100, rowsRejected: 0 });
    const { rows } = await store().pg.query("select bbl, count(*)::int as n from property_filings where source_dataset = 'hpd-contacts' group by bbl");
    expect(rows).toEqual([{ bbl: A, n: 100 }]);
    expect(await load(HPD_CONTACTS_LOAD, path.join(NYC_DATA_DIR, CONTACTS))).toMatchObject({ rowsLoaded: 100, entitiesChanged: 0 });
    expect(await verifyStores(store(), PROPERTIES)).toMatchObject({ ok: true, differenceCount: 0 });
  });
});
