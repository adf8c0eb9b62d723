import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../../src/nyc/testing/shared-data';
import type { RawRecord } from '../columns';
import type { DatasetSpec, SourceItem } from '../dataset';
import { fileSource, withoutRecord } from '../source';
import { DOB_JOBS, DOB_NOW_JOBS, DOB_NOW_PERMITS, DOB_PERMITS, PermitRow, repairMojibake } from './permits';

async function read<Status>(spec: DatasetSpec<PermitRow<Status>>, file: string): Promise<Array<SourceItem<PermitRow<Status>>>> {
  const items: Array<SourceItem<PermitRow<Status>>> = [];
  for await (const item of fileSource(spec, path.join(NYC_DATA_DIR, 'properties', file)).items) items.push(withoutRecord(item));
  return items;
}
const rowsOf = <Row>(items: Array<SourceItem<Row>>) => items.flatMap((item) => ('row' in item ? [item] : []));
const rejectionsOf = <Row>(items: Array<SourceItem<Row>>) => items.flatMap((item) => ('reason' in item ? [[item.line, item.reason]] : []));
const rowAt = <Row>(items: Array<SourceItem<Row>>, line: number) => rowsOf(items).find((item) => item.line === line)!.row;
const present = (file: string) => (nycDataPresent(`properties/${file}`) ? it : it.skip);

describe('DOB permit issuance source on the real files', () => {
  present('dob_permit_issuance__1000.csv')('1,000-row export re-saved by pandas: 999 rows, the Manhattan BIN on a Bronx lot rejected by line', async () => {
    const items = await read(DOB_PERMITS, 'dob_permit_issuance__1000.csv');
    expect(items.map((item) => item.line)).toEqual(Array.from({ length: 1000 }, (_, index) => index + 2));
    expect(rejectionsOf(items)).toEqual([[929, 'BIN 1064571 is in Manhattan, not in the borough of lot 2022150299 ("BRONX")']]);
    // Line 2: 1 MADISON AVE; 5-digit padded block and lot, doc '1' (pandas) read as 01, MM/DD/YYYY dates.
    expect(rowAt(items, 2)).toEqual({
      sourceId: '3905851', identifier: '141008987-01-EQ-OT', bbl: '1008530002', bin: '1088749', status: 'ISSUED / INITIAL',
      description: 'Construction equipment: other; job A3, alteration type 3 (one work type)',
      issuedAt: '2022-05-10', expiresAt: '2023-05-10', statusAt: '2022-05-10',
      statusColumns: { permitStatus: 'ISSUED', filingStatus: 'INITIAL', expiresAt: '2023-05-10' },
    });
    // Every PERMIT_SI_NO is its own permit.
    expect(new Set(rowsOf(items).map(({ row }) => row.sourceId)).size).toBe(999);
    // A permit IN PROCESS has no issuance date yet: its status date is the filing date.
    const inProcess = rowsOf(items).find(({ row }) => row.sourceId === '3905990')!.row;
    expect(inProcess).toMatchObject({ identifier: '220741543-01-DM', bbl: '2037760017', status: 'IN PROCESS / INITIAL', issuedAt: null, expiresAt: null, statusAt: '2022-05-10' });
    // A blank Permit Status keeps the filing status alone.
    expect(rowsOf(items).find(({ row }) => row.sourceId === '2775029')!.row).toMatchObject({ status: 'INITIAL', statusColumns: { permitStatus: null } });
  });

  present('dob_permit_issuance__anhd_mock.csv')('2019 export with times on its dates: 8 of 9 rows, ANHD\'s edited borough rejected', async () => {
    const items = await read(DOB_PERMITS, 'dob_permit_issuance__anhd_mock.csv');
    expect(rejectionsOf(items)).toEqual([[10, 'BIN 1000828 is in Manhattan, not in the borough of lot 2022600001 ("BRONX")']]);
    expect(rowAt(items, 2)).toMatchObject({
      sourceId: '3284455', identifier: '321577799-01-SG', bbl: '3023490001', bin: '3343247', status: 'ISSUED / INITIAL',
      description: 'Sign; job SG, sign', issuedAt: '2019-01-10', expiresAt: '2019-09-16',
    });
  });
});

describe('DOB job filings source on the real file', () => {
  present('dobjobs__nycdb.csv')('all 100 rows; the BBL column (a BIN) is not read, the lot comes from borough/block/lot', async () => {
    const items = await read(DOB_JOBS, 'dobjobs__nycdb.csv');
    expect(rejectionsOf(items)).toEqual([]);
    expect(rowAt(items, 2)).toEqual({
      sourceId: '440673852-01', identifier: '440673852-01', bbl: '4132280009', bin: '4284335', status: 'SIGNED OFF',
      description: 'FILING HEREWITH TAX ABATEMENT APPLICATION FOR INSTALLATION OF ROOF MOUNTED SOLAR PANELS. NO CHANGE IN USE, EGRESS OR OCCUPANCY.',
      issuedAt: '2021-05-03', expiresAt: null, statusAt: '2022-02-23',
      statusColumns: { jobStatus: 'X', jobStatusDescription: 'SIGNED OFF', signoffDate: '2022-02-23', specialActionStatus: 'N' },
    });
    // Line 14: withdrawn while in plan exam. Line 67: doc 05 of a new building, no Job Description.
    expect(rowAt(items, 14)).toMatchObject({ identifier: '340811269-01', bbl: '3049930003', status: 'PLAN EXAM - IN PROCESS / WITHDRAWN' });
    // Line 83: the export left an HTML entity in the description.
    expect(rowAt(items, 83).description).toContain('CHEEKWALLS & ASSOCIATED PLUMBING');
    expect(rowAt(items, 67)).toMatchObject({ identifier: '123053122-05', bbl: '1006210001', description: 'New building', issuedAt: '2017-03-16', statusAt: '2021-07-29' });
  });
});

describe('DOB NOW sources on the real files', () => {
  present('dob_now_jobs__nycdb.csv')('job filings: 95 of 100 rows, the five whose BBL column names another lot than borough/block/LOT rejected', async () => {
    const items = await read(DOB_NOW_JOBS, 'dob_now_jobs__nycdb.csv');
    expect(rejectionsOf(items)).toEqual([
      [13, 'BBL "4050660150" is not borough/block/lot 4050667508'],
      [14, 'BBL "4051840009" is not borough/block/lot 4051840010'],
      [36, 'BBL "1000280005" is not borough/block/lot 1000287502'],
      [42, 'BBL "1015327502" is not borough/block/lot 1015320004'],
      [98, 'BBL "3024147502" is not borough/block/lot 3024140027'],
    ]);
    expect(rowAt(items, 2)).toEqual({
      sourceId: 'B00472129-P1', identifier: 'B00472129-P1', bbl: '3011727502', bin: '3395389', status: 'Approved',
      description: 'Plumbing Work in conjunction with renovation of Apts 16N, 16W/15W & 15S',
      issuedAt: '2022-12-15', expiresAt: null, statusAt: '2022-12-21', statusColumns: { filingStatus: 'Approved', signoffDate: null },
    });
    // Line 75: the mojibake en dash is repaired; the filing is signed off.
    expect(rowAt(items, 75)).toMatchObject({ bbl: '3068960019', status: 'On Hold – Administrative Action', statusColumns: { signoffDate: '2022-08-01' } });
  });

  present('dob_now_approved_permits__anhd_mock.csv')('approved permits: 4 of 5 rows, ANHD\'s Bronx row with a Brooklyn BIN rejected; unpadded lots', async () => {
    const items = await read(DOB_NOW_PERMITS, 'dob_now_approved_permits__anhd_mock.csv');
    expect(rejectionsOf(items)).toEqual([[6, 'BIN 3322379 is in Brooklyn, not in the borough of lot 2022600001 ("BRONX")']]);
    expect(rowsOf(items).map(({ row }) => row.bbl)).toEqual(['1006277502', '4014700012', '1013197501', '1006130060']);
    expect(rowAt(items, 4)).toEqual({
      sourceId: 'M00002285-I1-SF|2018-01-16', identifier: 'M00002285-I1-SF', bbl: '1013197501', bin: '1071617', status: 'Issued / Initial Permit',
      description: 'INSTALLATION OF PIPE SCAFFOLD AS PER PLANS. NO CHANGE IN USE, EGRESS OR OCCUPANCY.',
      issuedAt: '2018-01-16', expiresAt: '2018-04-24', statusAt: '2018-01-16', statusColumns: { permitStatus: null, expiresAt: '2018-04-24' },
    });
  });
});

describe('permit sources on SODA JSON field names', () => {
  const parse = <Row>(spec: DatasetSpec<Row>, record: RawRecord) => spec.parse(record);

  it('reads the API spellings (job__, job_doc___, bin__ become job, job_doc, bin) and ISO timestamps', () => {
    // Keys as columnKey leaves them: 'job__' -> 'job', 'job_doc___' -> 'job_doc', 'permit_sequence__' -> 'permit_sequence'.
    expect(parse(DOB_PERMITS, {
      borough: 'MANHATTAN', bin: '1088749', job: '141008987', job_doc: '01', job_type: 'A3', block: '00853', lot: '00002',
      permit_status: 'ISSUED', filing_status: 'RENEWAL', permit_type: 'EW', permit_sequence: '02', permit_subtype: 'SP',
      filing_date: '2022-05-10T00:00:00.000', issuance_date: '2022-05-10T00:00:00.000', expiration_date: '2023-05-10T00:00:00.000', permit_si_no: '3905851',
    })).toMatchObject({ row: { sourceId: '3905851', identifier: '141008987-01-EW-SP', bbl: '1008530002', issuedAt: '2022-05-10', expiresAt: '2023-05-10', status: 'ISSUED / RENEWAL' } });
    expect(parse(DOB_NOW_JOBS, {
      job_filing_number: 'B00472129-P1', filing_status: 'LOC Issued', borough: 'BROOKLYN', block: '1172', lot: '7502', bin: '3395389', bbl: '3011727502',
      filing_date: '2022-12-15T00:00:00.000', current_status_date: '2022-12-21T17:12:01.000', signoff_date: '2023-01-05T00:00:00.000',
    })).toMatchObject({ row: { bbl: '3011727502', issuedAt: '2022-12-15', statusAt: '2022-12-21', statusColumns: { filingStatus: 'LOC Issued', signoffDate: '2023-01-05' } } });
  });

  it('keeps a row naming only its building for the load to join by BIN, and rejects one naming neither', () => {
    expect(parse(DOB_JOBS, { job: '1', doc: '01', borough: 'QUEENS', block: '', lot: '', bin: '4284335', job_status: 'X', pre_filing_date: '05/03/2021' }))
      .toMatchObject({ row: { sourceId: '1-01', bbl: null, bin: '4284335' } });
    expect(parse(DOB_JOBS, { job: '1', doc: '01', borough: 'QUEENS', block: '1', lot: '', bin: '4000000', job_status: 'X', pre_filing_date: '05/03/2021' }))
      .toEqual({ reason: 'no tax lot in borough/block/lot "QUEENS/1/"' });
    expect(parse(DOB_NOW_PERMITS, { work_permit: 'X', borough: 'BRONX', block: '1', lot: '1', issued_date: 'soon', expired_date: '' })).toEqual({ reason: 'unreadable Issued Date "soon"' });
    expect(parse(DOB_PERMITS, { job: '', borough: 'BRONX', block: '1', lot: '1' })).toEqual({ reason: 'missing Job #' });
  });

  it('repairs UTF-8 read as Latin-1 and leaves other text alone', () => {
    expect(repairMojibake('On Hold \u00e2\u0080\u0093 Administrative Action')).toBe('On Hold – Administrative Action');
    expect(repairMojibake('CAFÉ')).toBe('CAFÉ');
    expect(repairMojibake('Approved')).toBe('Approved');
    expect(repairMojibake(null)).toBeNull();
  });
});
