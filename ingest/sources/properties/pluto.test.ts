import path from 'node:path';
import { Readable } from 'node:stream';
import { NYC_DATA_DIR, nycDataPresent } from '../../../src/nyc/testing/shared-data';
import { readCsvRecords } from '../csv-records';
import type { SourceItem } from '../dataset';
import { fileSource, typedItems } from '../source';
import { PLUTO, PlutoRow } from './pluto';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

type Item = SourceItem<PlutoRow>;
const rowsOf = (items: Item[]) => items.flatMap((item) => ('row' in item ? [item] : []));
const rejectionsOf = (items: Item[]) => items.flatMap((item) => ('reason' in item ? [[item.line, item.reason]] : []));

/** Every PLUTO vintage in the shared folder, with its rows (one per lot; none rejected). */
const VINTAGES: Array<{ file: string; rows: number }> = [
  { file: 'pluto_16v2_BK__nycdb.csv', rows: 100 },
  { file: 'pluto_16v2_BX__nycdb.csv', rows: 100 },
  { file: 'pluto_16v2_MN__nycdb.csv', rows: 100 },
  { file: 'pluto_16v2_QN__nycdb.csv', rows: 100 },
  { file: 'pluto_16v2_SI__nycdb.csv', rows: 100 },
  { file: 'pluto_20v8__nycdb.csv', rows: 10 },
  { file: 'pluto_25v2_1__nycdb.csv', rows: 5 },
  { file: 'pluto_latest__nycdb.csv', rows: 5 },
];

async function readVintage(file: string): Promise<Item[]> {
  return collect(fileSource(PLUTO, path.join(NYC_DATA_DIR, 'properties', file)).items);
}

describe('PLUTO source on every real vintage', () => {
  for (const { file, rows } of VINTAGES) {
    (nycDataPresent(`properties/${file}`) ? it : it.skip)(`${file}: ${rows} lots loaded, none rejected, BBL column and borough/block/lot agreeing`, async () => {
      const items = await readVintage(file);
      expect(rejectionsOf(items)).toEqual([]);
      expect(items).toHaveLength(rows);
      expect(items.map((item) => item.line)).toEqual(Array.from({ length: rows }, (_, index) => index + 2));
      expect(new Set(rowsOf(items).map(({ row }) => row.bbl)).size).toBe(rows);
    });
  }

  const present = (file: string) => (nycDataPresent(`properties/${file}`) ? it : it.skip);

  present('pluto_16v2_BX__nycdb.csv')('reads 16v2: BBL as a float, borough letters, no coordinates', async () => {
    const [first] = rowsOf(await readVintage('pluto_16v2_BX__nycdb.csv'));
    expect(first.row).toEqual({
      bbl: '2029580065', borough: 'Bronx', block: 2958, lot: 65, address: '871 EAST 175 STREET', zip: '10460',
      bldgclass: 'S2', landuse: '04', numfloors: 2, unitsres: 2, unitstotal: 3, bldgarea: 2175, lotarea: 2061, numbldgs: 1,
      yearbuilt: 1931, cd: '206', ownername: '871 E. 175TH STREET R', latitude: null, longitude: null,
    });
  });

  present('pluto_16v2_QN__nycdb.csv')('reads a vacant lot: address without a house number, year built 0 as unknown', async () => {
    const rows = rowsOf(await readVintage('pluto_16v2_QN__nycdb.csv'));
    expect(rows[1]).toMatchObject({ line: 3, row: { bbl: '4099570015', address: 'ETON STREET', landuse: '11', bldgclass: 'V0', numfloors: 0, numbldgs: 0, yearbuilt: null } });
  });

  present('pluto_20v8__nycdb.csv')('reads 20v8: float-formatted numbers and coordinates', async () => {
    const [first] = rowsOf(await readVintage('pluto_20v8__nycdb.csv'));
    expect(first.row).toMatchObject({
      bbl: '5033620065', borough: 'Staten Island', address: '243 HURLBERT STREET', ownername: 'GONZALEZ, HAROLD', numbldgs: 2, numfloors: 2,
      landuse: '01', cd: '502', zip: '10305', latitude: 40.5914004, longitude: -74.0850135,
    });
  });

  present('pluto_25v2_1__nycdb.csv')('reads 25v2.1: a Queens hyphenated house number, an owner name with odd spacing', async () => {
    const [first] = rowsOf(await readVintage('pluto_25v2_1__nycdb.csv'));
    expect(first.row).toMatchObject({ bbl: '4064210038', address: '148-11 58 AVENUE', ownername: 'LAM , MANKIN', yearbuilt: 1950, latitude: 40.7439549 });
  });

  present('pluto_latest__nycdb.csv')('reads the current export: Tax block/Tax lot/postcode/community board, thousands separators', async () => {
    const [first] = rowsOf(await readVintage('pluto_latest__nycdb.csv'));
    expect(first.row).toEqual({
      bbl: '2054800111', borough: 'Bronx', block: 5480, lot: 111, address: '761 CLARENCE AVENUE', zip: '10465',
      bldgclass: 'A5', landuse: '01', numfloors: 2, unitsres: 1, unitstotal: 1, bldgarea: 1683, lotarea: 1700, numbldgs: 1,
      yearbuilt: 1950, cd: '210', ownername: 'RODRIGUEZ, JOSE R', latitude: 40.830953, longitude: -73.8165508,
    });
  });
});

// The 20v8 header, and its first row with the fields a test changes replaced by {name}.
const HEADER = 'borough,block,lot,cd,zipcode,address,bldgclass,landuse,ownername,lotarea,bldgarea,numbldgs,numfloors,unitsres,unitstotal,yearbuilt,bbl,latitude,longitude,version';
function line(fields: Partial<Record<string, string>> = {}): string {
  const row: Record<string, string> = {
    borough: 'SI', block: '3362', lot: '65', cd: '502', zipcode: '10305', address: '243 HURLBERT STREET', bldgclass: 'A1', landuse: '01',
    ownername: '"GONZALEZ, HAROLD"', lotarea: '5136', bldgarea: '2392', numbldgs: '2', numfloors: '2.0000000', unitsres: '1', unitstotal: '1',
    yearbuilt: '1960', bbl: '5033620065.00000000', latitude: '40.5914004', longitude: '-74.0850135', version: '20v8', ...fields,
  };
  return HEADER.split(',').map((name) => row[name]).join(',');
}

async function readText(lines: string[]): Promise<Item[]> {
  return collect(typedItems(PLUTO, readCsvRecords(Readable.from([[HEADER, ...lines].join('\n')]), PLUTO)));
}

describe('PLUTO source quirks and rejections', () => {
  it('reads pandas-saved floats, a BBL from borough code/block/lot alone, and blank columns as unknown', async () => {
    const items = await readText([
      line({ zipcode: '10305.0', block: '3362.0', lot: '65.0', bbl: '5033620065.0', cd: '502.0', landuse: '1.0' }),
      line({ bbl: '', borough: '5', lot: '66' }),
      line({ bbl: '', borough: 'Staten Island', lot: '67', address: '', ownername: '', numfloors: '', latitude: '', longitude: '', landuse: '' }),
    ]);
    expect(rejectionsOf(items)).toEqual([]);
    const [pandas, code, sparse] = rowsOf(items).map(({ row }) => row);
    expect(pandas).toMatchObject({ bbl: '5033620065', block: 3362, lot: 65, zip: '10305', cd: '502', landuse: '01' });
    expect(code).toMatchObject({ bbl: '5033620066', borough: 'Staten Island' });
    expect(sparse).toMatchObject({ bbl: '5033620067', address: null, ownername: null, numfloors: null, latitude: null, longitude: null, landuse: null, bldgclass: 'A1' });
  });

  it('rejects rows with no lot, or with values it cannot read, by line and reason', async () => {
    const items = await readText([
      line(),
      line({ bbl: '', borough: '', block: '', lot: '' }),
      line({ bbl: '6033620065' }),
      line({ bbl: '5033620066' }),
      line({ numfloors: 'two' }),
      line({ unitsres: '1.5' }),
      line({ landuse: '14' }),
      line({ lotarea: '-5' }),
      '5,3362',
    ]);
    expect(rejectionsOf(items)).toEqual([
      [3, 'missing BBL (no BBL, nor borough, block and lot)'],
      [4, 'invalid BBL "6033620065"'],
      [5, 'BBL "5033620066" is not borough/block/lot 5033620065'],
      [6, 'unreadable NUMFLOORS "two"'],
      [7, 'unreadable UNITSRES "1.5"'],
      [8, 'unknown LANDUSE "14"'],
      [9, 'unreadable LOTAREA "-5"'],
      [10, 'expected 20 fields, found 2'],
    ]);
    expect(rowsOf(items).map((item) => item.line)).toEqual([2]);
  });

  it('refuses a file that is not PLUTO', async () => {
    await expect(collect(readCsvRecords(Readable.from(['BBL,ADDRESS\n1000010001,1 BROADWAY\n']), PLUTO))).rejects.toThrow(/not a PLUTO file: missing column\(s\) borough, bldgclass, landuse/);
  });
});
