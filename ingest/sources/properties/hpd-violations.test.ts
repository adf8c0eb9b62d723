import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../../src/nyc/testing/shared-data';
import type { SourceItem } from '../dataset';
import { fileSource, withoutRecord } from '../source';
import { HPD_VIOLATIONS, type HpdViolationRow } from './violations';

async function read(file: string): Promise<Array<SourceItem<HpdViolationRow>>> {
  const items: Array<SourceItem<HpdViolationRow>> = [];
  for await (const item of fileSource(HPD_VIOLATIONS, file).items) items.push(withoutRecord(item));
  return items;
}
const rowsOf = (items: Array<SourceItem<HpdViolationRow>>) => items.flatMap((item) => ('row' in item ? [{ line: item.line, row: item.row }] : []));
const rejectionsOf = (items: Array<SourceItem<HpdViolationRow>>) => items.flatMap((item) => ('reason' in item ? [[item.line, item.reason]] : []));

const SAMPLE = 'properties/hpd_violations__nycdb.csv';
const present = nycDataPresent(SAMPLE) ? it : it.skip;

describe('HPD violations source (wvxf-dwi5) on the real file', () => {
  present('portal export: all 100 rows, BBL column agreeing with BoroID/Block/Lot, MM/DD/YYYY dates, the class kept', async () => {
    const items = await read(path.join(NYC_DATA_DIR, SAMPLE));
    expect(items.map((item) => item.line)).toEqual(Array.from({ length: 100 }, (_, index) => index + 2));
    expect(rejectionsOf(items)).toEqual([]);
    const rows = rowsOf(items);
    expect(rows.find((item) => item.line === 5)!.row).toEqual({
      sourceId: '10000003', identifier: '10000003', bbl: '1021740217', bin: '1064213', status: 'VIOLATION CLOSED',
      description: 'SECTION 27-2005 ADM CODE & 309 M/D LAW ABATE THE NUISANCE CONSISTING OF SCALDING HOT WATER IN THE ENTIRE APARTMENT LOCATED AT APT 2D, 2nd STORY, 2nd APARTMENT FROM NORTH AT EAST',
      issuedAt: '2013-10-10', statusAt: '2013-10-23',
      statusColumns: { violationStatus: 'Close', currentStatus: 'VIOLATION CLOSED' },
      violationClass: 'C',
    });
    const count = (pick: (row: HpdViolationRow) => unknown) => {
      const counts: Record<string, number> = {};
      for (const { row } of rows) counts[String(pick(row))] = (counts[String(pick(row))] ?? 0) + 1;
      return counts;
    };
    expect(count((row) => row.violationClass)).toEqual({ A: 26, B: 65, C: 9 });
    expect(count((row) => row.statusColumns.violationStatus)).toEqual({ Open: 27, Close: 73 });
    expect(count((row) => row.status)).toEqual({ 'VIOLATION CLOSED': 44, 'VIOLATION DISMISSED': 29, 'NOV SENT OUT': 24, 'INVALID CERTIFICATION': 2, 'NOT COMPLIED WITH': 1 });
    expect(rows.every(({ row }) => row.bbl !== null && row.issuedAt !== null && row.statusAt !== null)).toBe(true);
  });
});

describe('HPD violations source on the SODA API shape', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hpd-violations-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** As the portal serves /resource/wvxf-dwi5.json: lowercase fields, floating timestamps, numbers as text, null fields left out. */
  const SODA = [
    {
      violationid: '15738252', buildingid: '64466', registrationid: '130466', boroid: '2', boro: 'BRONX', housenumber: '2090', streetname: 'GRAND CONCOURSE',
      zip: '10453', apartment: '5B', story: '5', block: '3170', lot: '10', class: 'C', inspectiondate: '2023-02-14T00:00:00.000',
      approveddate: '2023-02-15T00:00:00.000', originalcertifybydate: '2023-02-19T00:00:00.000', originalcorrectbydate: '2023-02-16T00:00:00.000',
      ordernumber: '577', novid: '8399421', novdescription: 'SECTION 27-2017.4  ADM CODE ABATE THE NUISANCE CONSISTING OF MICE   IN THE ENTIRE APARTMENT',
      novissueddate: '2023-02-16T00:00:00.000', currentstatusid: '2', currentstatus: 'NOV SENT OUT', currentstatusdate: '2023-02-16T00:00:00.000',
      novtype: 'Original', violationstatus: 'Open', rentimpairing: 'N', latitude: '40.852', longitude: '-73.905', bin: '2007763', bbl: '2031700010',
    },
    {
      // Not yet noticed, no BBL or BIN column: dated by its inspection, its lot from BoroID/Block/Lot.
      violationid: '15738253', boroid: '3', block: '4704', lot: '44', class: 'a', inspectiondate: '2023-03-01T00:00:00.000',
      currentstatus: 'VIOLATION DISMISSED', currentstatusdate: '2023-04-02T00:00:00.000', violationstatus: 'Close',
    },
    // No lot and no building: rejected with its line.
    { violationid: '15738254', boroid: '1', class: 'B', inspectiondate: '2023-03-01T00:00:00.000', currentstatus: 'NOV SENT OUT', violationstatus: 'Open' },
    // Only the building: kept for the load to join by BIN.
    { violationid: '15738255', boroid: '1', block: '0', lot: '0', bin: '1000001', class: 'B', inspectiondate: '2023-03-01T00:00:00.000', currentstatus: 'NOV SENT OUT', violationstatus: 'Open' },
    { violationid: '15738256', boroid: '1', block: '1', lot: '1', class: 'B', inspectiondate: 'not a date', currentstatus: 'NOV SENT OUT', violationstatus: 'Open' },
  ];

  it('reads the fields by the names the portal serves them', async () => {
    const file = path.join(dir, 'hpd.json');
    fs.writeFileSync(file, JSON.stringify(SODA));
    const items = await read(file);
    expect(rowsOf(items)).toEqual([
      {
        line: 1,
        row: {
          sourceId: '15738252', identifier: '15738252', bbl: '2031700010', bin: '2007763', status: 'NOV SENT OUT',
          description: 'SECTION 27-2017.4 ADM CODE ABATE THE NUISANCE CONSISTING OF MICE IN THE ENTIRE APARTMENT',
          issuedAt: '2023-02-16', statusAt: '2023-02-16', statusColumns: { violationStatus: 'Open', currentStatus: 'NOV SENT OUT' }, violationClass: 'C',
        },
      },
      {
        line: 2,
        row: {
          sourceId: '15738253', identifier: '15738253', bbl: '3047040044', bin: null, status: 'VIOLATION DISMISSED', description: null,
          issuedAt: '2023-03-01', statusAt: '2023-04-02', statusColumns: { violationStatus: 'Close', currentStatus: 'VIOLATION DISMISSED' }, violationClass: 'A',
        },
      },
      { line: 4, row: expect.objectContaining({ sourceId: '15738255', bbl: null, bin: '1000001' }) },
    ]);
    expect(rejectionsOf(items)).toEqual([
      [3, 'no tax lot in BoroID/Block/Lot "1//" and no BIN'],
      [5, 'unreadable InspectionDate "not a date"'],
    ]);
  });

  it('reads a portal CSV export with the same columns alike', async () => {
    const file = path.join(dir, 'hpd.csv');
    const header = ['ViolationID', 'BoroID', 'Block', 'Lot', 'Class', 'InspectionDate', 'NOVDescription', 'NOVIssuedDate', 'CurrentStatus', 'CurrentStatusDate', 'ViolationStatus', 'BIN', 'BBL'];
    fs.writeFileSync(file, `${header.join(',')}\n15738252,2,3170,10,C,02/14/2023,MICE,02/16/2023,NOV SENT OUT,02/16/2023,Open,2007763,2031700010\n`);
    expect(rowsOf(await read(file))).toEqual([
      {
        line: 2,
        row: {
          sourceId: '15738252', identifier: '15738252', bbl: '2031700010', bin: '2007763', status: 'NOV SENT OUT', description: 'MICE',
          issuedAt: '2023-02-16', statusAt: '2023-02-16', statusColumns: { violationStatus: 'Open', currentStatus: 'NOV SENT OUT' }, violationClass: 'C',
        },
      },
    ]);
  });

  it('refuses a file that is not this data set', async () => {
    const file = path.join(dir, 'other.csv');
    fs.writeFileSync(file, 'ViolationID,Block\n1,2\n');
    await expect(read(file)).rejects.toThrow(/not a HPD Housing Maintenance Code Violations file: missing column\(s\) boroid, lot, class/);
  });
});
