import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../../src/nyc/testing/shared-data';
import type { DatasetSpec, SourceItem } from '../dataset';
import { fileSource, withoutRecord } from '../source';
import { DOB_SAFETY_VIOLATIONS, DOB_VIOLATIONS, ECB_VIOLATIONS, ViolationRow } from './violations';

async function read<Row extends Omit<ViolationRow<unknown>, 'bbl'>>(spec: DatasetSpec<Row>, file: string): Promise<Array<SourceItem<Row>>> {
  const items: Array<SourceItem<Row>> = [];
  for await (const item of fileSource(spec, path.join(NYC_DATA_DIR, 'properties', file)).items) items.push(withoutRecord(item));
  return items;
}
const rowsOf = <Row>(items: Array<SourceItem<Row>>) => items.flatMap((item) => ('row' in item ? [item] : []));
const rejectionsOf = <Row>(items: Array<SourceItem<Row>>) => items.flatMap((item) => ('reason' in item ? [[item.line, item.reason]] : []));
const present = (file: string) => (nycDataPresent(`properties/${file}`) ? it : it.skip);

describe('DOB violations source on the real files', () => {
  present('dob_violations__nycdb.csv')('portal export: all 100 rows, the two without block or lot kept by their BIN for the load to join; 5-digit lots, YYYYMMDD dates', async () => {
    const items = await read(DOB_VIOLATIONS, 'dob_violations__nycdb.csv');
    expect(items.map((item) => item.line)).toEqual(Array.from({ length: 100 }, (_, index) => index + 2));
    expect(rejectionsOf(items)).toEqual([]);
    expect(rowsOf(items)).toHaveLength(100);
    expect(rowsOf(items).filter(({ row }) => row.bbl === null).map(({ line, row }) => [line, row.bin])).toEqual([[60, '1001320'], [86, '2087708']]);
    expect(rowsOf(items)[0]).toEqual({
      line: 2,
      row: {
        sourceId: '544483', identifier: 'V*050498LL629108969', bbl: '1012010063', bin: '1031486', status: 'V*-DOB VIOLATION - DISMISSED',
        description: 'LL6291-LOCAL LAW 62/91 - BOILERS', issuedAt: '1998-05-04', statusAt: '2004-07-16',
        statusColumns: { category: 'V*-DOB VIOLATION - DISMISSED', number: 'V*050498LL629108969' },
        violationType: 'LL6291',
      },
    });
    // Line 52: the category is blank; the number's 'V%*' prefix still says closed.
    expect(rowsOf(items).find((item) => item.line === 52)!.row).toMatchObject({ status: null, statusColumns: { category: null, number: 'V%*081500UB4112/00' } });
  });

  present('dob_violations__wow.csv')('SODA API names: all 100 rows, the borough written "Q" read as Queens; padded VIOLATION_TYPE cut to its label', async () => {
    const items = await read(DOB_VIOLATIONS, 'dob_violations__wow.csv');
    expect(items).toHaveLength(100);
    expect(rejectionsOf(items)).toEqual([]);
    expect(rowsOf(items).find((item) => item.line === 50)!.row.bbl).toBe('4019470018');
    const rows = rowsOf(items);
    expect(rows[0].row).toMatchObject({ sourceId: '2399078', bbl: '1015000065', description: 'E-ELEVATOR', issuedAt: '2019-09-23', statusAt: '2019-11-13', violationType: 'E' });
    // VIOLATION_TYPE_CODE: which obligation an open violation concerns (an elevator affirmation of correction here).
    expect(rows.filter(({ row }) => ['ACC1', 'ACJ1', 'EVCAT1', 'LBLVIO', 'HBLVIO'].includes(row.violationType ?? '')).length).toBe(29);
    // An active violation not yet disposed: no status date.
    expect(rows.find((item) => item.line === 43)!.row).toMatchObject({
      identifier: 'V103118AEUHAZ100337', bbl: '2038710030', status: 'V-DOB VIOLATION - ACTIVE', statusAt: null,
      description: 'FAILURE TO CERTIFY CORRECTION ON IMMEDIATELY HAZARDOUS (CLASS 1) ECB VIOLATION',
    });
  });
});

describe('ECB violations source on the real files', () => {
  present('ecb_violations__nycdb.csv')('portal export: all 5 rows; 4- and 5-digit lots, money with .00', async () => {
    const items = await read(ECB_VIOLATIONS, 'ecb_violations__nycdb.csv');
    expect(rejectionsOf(items)).toEqual([]);
    expect(rowsOf(items).map(({ row }) => row.bbl)).toEqual(['4033880022', '1000330011', '2025680057', '1003980018', '1015177501']);
    expect(rowsOf(items)[0].row).toEqual({
      sourceId: '34830294Z', identifier: '34830294Z', bbl: '4033880022', bin: '4080791', status: 'RESOLVE / DEFAULT / CERTIFICATE ACCEPTED',
      description: 'FAILURE TO COMPLY EITH COMM ORDER TO FILE A CERT OF CORRECTION WITH THE DEPT OF BLDGS.NOTED:RESPONDENT FAILED TO COMPLY WITH THE COMMISSIONERS ORDER TO CORRECT THE VIOLATIING CONDITONS AND FILE A CERT OF CORR',
      issuedAt: '2010-01-29', statusAt: '2010-05-25',
      statusColumns: { violationStatus: 'RESOLVE', hearingStatus: 'DEFAULT', certificationStatus: 'CERTIFICATE ACCEPTED', hearingDate: '2010-05-25', penaltyImposedCents: 400_000, balanceDueCents: 0 },
    });
  });

  present('ecb_violations__wow.csv')('SODA API names: all 100 rows, the one without block and lot kept by its BIN; negative balance kept as written', async () => {
    const items = await read(ECB_VIOLATIONS, 'ecb_violations__wow.csv');
    expect(items).toHaveLength(100);
    expect(rejectionsOf(items)).toEqual([]);
    expect(rowsOf(items).find((item) => item.line === 80)!.row).toMatchObject({ bbl: null, bin: '3113984' });
    const byLine = new Map(rowsOf(items).map((item) => [item.line, item.row]));
    expect(byLine.get(44)!.statusColumns).toEqual({
      violationStatus: 'RESOLVE', hearingStatus: 'IN VIOLATION', certificationStatus: 'CERTIFICATE ACCEPTED', hearingDate: '2018-11-15', penaltyImposedCents: 125_000, balanceDueCents: -250_000,
    });
    expect(byLine.get(86)).toMatchObject({ identifier: '34936466L', bbl: '5040880013', bin: '5056986', issuedAt: '2013-05-11', statusAt: '2013-07-03' });
  });
});

describe('DOB safety violations source on the real file', () => {
  present('dob_safety_violations__nycdb.csv')('all 9 rows; MM/DD/YYYY dates, BBL column agreeing with borough name/block/lot', async () => {
    const items = await read(DOB_SAFETY_VIOLATIONS, 'dob_safety_violations__nycdb.csv');
    expect(rejectionsOf(items)).toEqual([]);
    expect(items).toHaveLength(9);
    expect(rowsOf(items)[6].row).toEqual({
      sourceId: 'VIO-FTC-VT-CAT1-202112-0004936', identifier: 'VIO-FTC-VT-CAT1-202112-0004936', bbl: '1007937507', bin: '1087701', status: 'Active',
      description: 'Violation Issued-Failure To File 2021 Cat1 Test Affirmation of Correction', issuedAt: '2023-10-23', statusAt: null,
      statusColumns: { violationStatus: 'Active' }, violationType: 'FTC-VT-CAT1-CO', deviceType: 'Elevator',
    });
    // The type and device columns as the dataset writes them.
    expect(rowsOf(items).map(({ row }) => [row.violationType, row.deviceType])).toEqual([
      ['LL6291', 'Boiler'], ['LBLVIO', 'Boiler'], ['LBLVIO', 'Boiler'], ['LL6291', 'Boiler'], ['LBLVIO', 'Boiler'], ['LBLVIO', 'Boiler'], ['FTC-VT-CAT1-CO', 'Elevator'], ['LBLVIO', 'Boiler'], ['FTC-VT-CAT1-HA', 'Elevator'],
    ]);
  });
});
