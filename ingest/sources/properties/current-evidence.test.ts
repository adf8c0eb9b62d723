import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BOILER_COLUMNS,
  ELEVATOR_COLUMNS,
  FACADE_COLUMNS,
  LL84_COLUMNS,
  type PublishedRow,
  sodaTimestamp,
  writePublishedCsv,
  writePublishedJson,
} from '../../generate/published-evidence';
import { NYC_DATA_DIR, nycDataPresent } from '../../../src/nyc/testing/shared-data';
import type { DatasetSpec, SourceItem } from '../dataset';
import { fileSource, withoutRecord } from '../source';
import { boilerUnknownValues, DOB_NOW_BOILERS, DOB_NOW_ELEVATORS, DOB_NOW_FACADES, type DobNowBoilerRow } from './dob-now-safety';
import { LL84_DISCLOSURE } from './energy';
import { HPD_CONTACTS } from './hpd';

async function read<Row>(spec: DatasetSpec<Row>, file: string): Promise<Array<SourceItem<Row>>> {
  const items: Array<SourceItem<Row>> = [];
  for await (const item of fileSource(spec, file).items) items.push(withoutRecord(item));
  return items;
}
const rowsOf = <Row>(items: Array<SourceItem<Row>>) => items.flatMap((item) => ('row' in item ? [item.row] : []));
const rejectionsOf = <Row>(items: Array<SourceItem<Row>>) => items.flatMap((item) => ('reason' in item ? [[item.line, item.reason]] : []));

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'published-evidence-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The same rows read from the portal's CSV and from SODA JSON: both must read alike. */
async function bothFormats<Column extends string, Row>(spec: DatasetSpec<Row>, columns: readonly Column[], rows: Array<PublishedRow<Column>>): Promise<Array<SourceItem<Row>>> {
  const csv = path.join(dir, `${spec.name}.csv`);
  const json = path.join(dir, `${spec.name}.json`);
  writePublishedCsv(csv, columns, rows);
  writePublishedJson(json, rows);
  const [fromCsv, fromJson] = [await read(spec, csv), await read(spec, json)];
  // JSON counts records from 1, CSV from the line after its header.
  expect(fromJson.map((item) => ({ ...item, line: item.line + 1 }))).toEqual(fromCsv);
  return fromCsv;
}

const presentContacts = nycDataPresent('properties/hpd_contacts__nycdb.csv') ? it : it.skip;

describe('HPD Registration Contacts (feu5-w2e2)', () => {
  presentContacts('the real sample: all 100 contacts of 26 registrations, each naming only its registration', async () => {
    const items = await read(HPD_CONTACTS, path.join(NYC_DATA_DIR, 'properties/hpd_contacts__nycdb.csv'));
    expect(rejectionsOf(items)).toEqual([]);
    const rows = rowsOf(items);
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((row) => row.facts.registrationId)).size).toBe(26);
    expect(rows.every((row) => row.bbl === null && row.bin === null)).toBe(true);
    expect(rows[1]).toMatchObject({
      sourceId: '33193104',
      category: 'Agent',
      facts: {
        registrationContactId: '33193104', registrationId: '331931', type: 'Agent', contactDescription: 'CORP', corporationName: 'ZORIANO ASSOCIATES INC',
        title: null, firstName: 'GEORGE', middleInitial: null, lastName: 'RIGAS',
        businessAddress: { houseNumber: '26', streetName: 'DELAVEN ST', apartment: null, city: 'BKLYN', state: 'NY', zip: '11231' },
      },
    });
  });

  it('refuses a contact without its registration', async () => {
    const file = path.join(dir, 'contacts.csv');
    fs.writeFileSync(file, 'RegistrationContactID,RegistrationID,Type,CorporationName,FirstName,LastName\n1,,Agent,,ANN,LEE\n2,77,Agent,,ANN,LEE\n');
    const items = await read(HPD_CONTACTS, file);
    expect(rejectionsOf(items)).toEqual([[2, 'missing RegistrationID']]);
    expect(rowsOf(items).map((row) => row.facts.registrationId)).toEqual(['77']);
  });
});

describe('DOB NOW: Safety – Facades Compliance Filings (xubg-57si), published columns', () => {
  it('reads cycle, type, status and dates; a placeholder without a TR6 is named by its control number; a row with only a BIN joins later', async () => {
    const items = await bothFormats(DOB_NOW_FACADES, FACADE_COLUMNS, [
      { tr6_no: 'TR6-100', control_no: '50001', filing_type: 'Initial', cycle: '9', bin: '1012417', borough: 'MANHATTAN', block: '699', lot: '63', sequence_no: '1', submitted_on: sodaTimestamp('2021-06-01'), filing_status: 'SAFE', current_status: 'Accepted' },
      { control_no: '50002', filing_type: 'Auto-Generated', cycle: '10A', bin: '1085303', borough: 'MANHATTAN', block: '', lot: '', sequence_no: '1', filing_date: '02/21/2025', filing_status: 'No Report Filed' },
      { tr6_no: 'TR6-101', cycle: '10', borough: 'BROOKLYN', block: '', lot: '' },
      { tr6_no: 'TR6-102', cycle: '10', bin: '1012417', submitted_on: 'soon' },
    ]);
    expect(rejectionsOf(items)).toEqual([
      [4, 'no tax lot in borough/block/lot "BROOKLYN//" and no BIN (facade filing)'],
      [5, 'unreadable submitted_on "soon"'],
    ]);
    expect(rowsOf(items)).toEqual([
      expect.objectContaining({
        sourceId: 'TR6-100', bbl: '1006990063', bin: '1012417', filedOn: '2021-06-01', status: 'SAFE', category: 'Initial',
        facts: { tr6No: 'TR6-100', controlNo: '50001', cycle: '9', sequenceNo: '1', filingType: 'Initial', filingStatus: 'SAFE', currentStatus: 'Accepted', submittedOn: '2021-06-01', filingDate: null },
      }),
      expect.objectContaining({ sourceId: 'control:50002:10A:1:1085303', bbl: null, bin: '1085303', filedOn: '2025-02-21', status: 'No Report Filed', category: 'Auto-Generated' }),
    ]);
  });

  it('refuses a file of another shape (the hazardous-facade extract\'s header)', async () => {
    const file = path.join(dir, 'extract.csv');
    fs.writeFileSync(file, 'RCDISN,ECBNo,BIN,Block,Lot,ReInspectedDate,AttemptResult\n1,2,1012417,699,63,01/02/2020,Compliance\n');
    await expect(read(DOB_NOW_FACADES, file)).rejects.toThrow(/DOB NOW: Safety – Facades Compliance Filings/);
  });
});

describe('DOB NOW: Elevator Safety Compliance (e5aq-a4j2), published columns', () => {
  it('reads each device with its report years and latest reports; the BBL column decides the lot, else borough/block/lot, else the BIN', async () => {
    const items = await bothFormats(DOB_NOW_ELEVATORS, ELEVATOR_COLUMNS, [
      { device_number: '2P907', device_type: 'Elevator', device_status: 'Active', periodic_report_year: '2026', periodic_latest_inspection: sodaTimestamp('2026-03-12'), cat1_report_year: '2025', cat1_latest_report_filed: sodaTimestamp('2025-07-21'), cat5_latest_report_filed: sodaTimestamp('2024-02-01'), bin: '1012417', bbl: '1006990063', borough: 'Manhattan', block: '00699', lot: '0063' },
      { device_number: '1E55', device_type: 'Escalator', device_status: 'Active', bin: '3081044', borough: 'BROOKLYN', block: '5133', lot: '7' },
      { device_number: '1P99', device_type: 'Elevator', device_status: 'Dismantled', bin: '1085303', status_date: '01/05/2019' },
      { device_type: 'Elevator', bin: '1085303' },
    ]);
    expect(rejectionsOf(items)).toEqual([[5, 'missing device_number']]);
    expect(rowsOf(items)).toEqual([
      expect.objectContaining({
        sourceId: '2P907', bbl: '1006990063', bin: '1012417', filedOn: '2026-03-12', status: 'Active', category: 'Elevator',
        facts: {
          deviceNumber: '2P907', deviceType: 'Elevator', deviceStatus: 'Active', statusDate: null, equipmentType: null,
          periodicReportYear: 2026, periodicLatestInspection: '2026-03-12', cat1ReportYear: 2025, cat1LatestReportFiled: '2025-07-21', cat5LatestReportFiled: '2024-02-01',
        },
      }),
      expect.objectContaining({ sourceId: '1E55', bbl: '3051330007', bin: '3081044', filedOn: null }),
      expect.objectContaining({ sourceId: '1P99', bbl: null, bin: '1085303', facts: expect.objectContaining({ deviceStatus: 'Dismantled', statusDate: '2019-01-05' }) }),
    ]);
  });
});

describe('DOB NOW: Safety Boiler (52dp-yji6), published columns', () => {
  it('reads each report by its tracking number (its leading year the inspection year), joined later by bin_number; defects read as yes unless the column says no', async () => {
    const items = await bothFormats(DOB_NOW_BOILERS, BOILER_COLUMNS, [
      { tracking_number: '2018-40000046320Y0001-121306', boiler_id: '40000046320Y0001', report_type: 'Initial', inspection_type: 'External', inspection_date: '11/02/2018 00:00:00', defects_exist: 'No', report_status: 'Accepted', bin_number: '4433339' },
      { tracking_number: 'X-1', boiler_id: 'B1', inspection_date: '01/05/2025 00:00:00', defects_exist: 'Yes', report_status: 'Rejected', bin_number: '4433339' },
      { tracking_number: 'X-2', boiler_id: 'B1', defects_exist: 'Maybe', report_status: 'Accepted', bin_number: '4433339' },
      { tracking_number: 'X-3', boiler_id: 'B1', bin_number: '' },
      { boiler_id: 'B1', bin_number: '4433339' },
    ]);
    expect(rejectionsOf(items)).toEqual([[5, 'no BIN in bin_number ""'], [6, 'missing tracking_number']]);
    const rows = rowsOf(items);
    expect(rows[0]).toMatchObject({
      sourceId: '2018-40000046320Y0001-121306', bbl: null, bin: '4433339', filedOn: '2018-11-02', status: 'Accepted',
      facts: { boilerId: '40000046320Y0001', reportType: 'Initial', reportYear: 2018, inspectionType: 'External', inspectionDate: '2018-11-02', defectsExist: false, reportStatus: 'Accepted' },
    });
    expect(rows[1].facts).toMatchObject({ reportYear: 2025, defectsExist: true });
    expect(rows[2].facts).toMatchObject({ reportYear: null, defectsExist: true });
    expect(rows.map((row) => boilerUnknownValues(row as DobNowBoilerRow))).toEqual([[], [], ['defects_exist "Maybe"']]);
  });
});

describe('Energy and Water Data Disclosure for LL84 (5zyy-y8am), published columns', () => {
  it('reads each property and report year with every lot and building it names; no lot and no building rejects', async () => {
    const items = await bothFormats(LL84_DISCLOSURE, LL84_COLUMNS, [
      { property_id: '53687992', property_name: 'Office Tower', report_year: '2024', nyc_borough_block_and_lot: '1013380030', nyc_building_identification: '1090642', energy_star_score: '71', report_submission_date: sodaTimestamp('2025-04-28') },
      { property_id: '66074492', report_year: '2024', nyc_borough_block_and_lot: '1000160001;1000160002', nyc_building_identification: '1000001;1000002;1090643', energy_star_score: 'Not Available' },
      { property_id: '70000001', report_year: '2023', nyc_borough_block_and_lot: 'Not Available', nyc_building_identification: '3081044' },
      { property_id: '70000002', report_year: '2023', nyc_borough_block_and_lot: 'Not Available', nyc_building_identification: 'Not Available' },
      { property_id: '70000003', report_year: 'CY2023', nyc_borough_block_and_lot: '1013380030' },
    ]);
    expect(rejectionsOf(items)).toEqual([
      [5, 'no tax lot in nyc_borough_block_and_lot "Not Available" and no BIN in nyc_building_identification "Not Available"'],
      [6, 'unreadable report_year "CY2023"'],
    ]);
    expect(rowsOf(items)).toEqual([
      expect.objectContaining({
        sourceId: '53687992|2024', bbl: '1013380030', bin: '1090642', filedOn: '2025-04-28', category: '2024',
        facts: { propertyId: '53687992', reportYear: 2024, submittedOn: '2025-04-28', propertyName: 'Office Tower', energyStarScore: 71, bbls: ['1013380030'], bins: ['1090642'] },
      }),
      // Two lots: the row is stored once per lot, and no one of the three buildings is placed on either.
      expect.objectContaining({ sourceId: '66074492|2024', bbl: '1000160001', bin: null, filedOn: null, facts: expect.objectContaining({ energyStarScore: null, bbls: ['1000160001', '1000160002'] }) }),
      expect.objectContaining({ sourceId: '70000001|2023', bbl: null, bin: '3081044' }),
    ]);
  });
});
