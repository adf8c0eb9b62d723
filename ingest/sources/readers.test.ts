import fs from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import type { RestaurantSourceRow } from '../../src/domain/restaurants/grouping';
import { describeWithSamples, SAMPLES } from '../../src/domain/restaurants/testing/samples';
import { readCsvRecords } from './csv-records';
import type { SourceItem as AnySourceItem } from './dataset';
import { readJsonRecords } from './json-records';
import { RESTAURANT_INSPECTIONS } from './restaurants';
import { fileSource, typedItems } from './source';
import { pageUrl, retryDelayMs } from './url-source';

type SourceItem = AnySourceItem<RestaurantSourceRow>;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const HEADER = 'CAMIS,DBA,BORO,BUILDING,STREET,ZIPCODE,PHONE,CUISINE DESCRIPTION,INSPECTION DATE,ACTION,VIOLATION CODE,VIOLATION DESCRIPTION,CRITICAL FLAG,SCORE,GRADE,GRADE DATE,RECORD DATE,INSPECTION TYPE,Latitude,Longitude,Community Board,Council District,Census Tract,BIN,BBL,NTA,Location Point1';
const GOOD = '41243535,EMPIRE CORNER II,Manhattan,1415,5 AVENUE,10029,2124105756,Chinese,04/02/2024,Violations were cited in the following area(s).,10F,"Non-food contact surface, not kept clean.",Not Critical,5,A,04/02/2024,10/09/2024,Cycle Inspection / Re-inspection,40.800487432208,-73.946572413814,111,09,018400,1051660,1016210069,MN34,';

describe('restaurant source readers', () => {
  it('shows each well-formed record to keep in header order before building it; refused records are not yielded', async () => {
    const text = [HEADER, GOOD, GOOD.replace('41243535', '50000001'), '41243535,SHORT ROW'].join('\n');
    const seen: string[] = [];
    const keep = (values: string[], columns: readonly string[]) => {
      expect(columns[0]).toBe('camis');
      expect(values).toHaveLength(columns.length);
      seen.push(values[0]);
      return values[0] !== '41243535';
    };
    const items = await collect(readCsvRecords(Readable.from([text]), RESTAURANT_INSPECTIONS, { keep }));
    expect(seen).toEqual(['41243535', '50000001']);
    expect(items.map((item) => ('reason' in item ? [item.line, item.reason] : [item.line, item.record.camis]))).toEqual([
      [3, '50000001'],
      [4, 'expected 27 fields, found 2'],
    ]);
  });

  it('types a portal export row and rejects bad rows with their line and reason', async () => {
    const text = [
      HEADER,
      GOOD,
      GOOD.replace('41243535', 'ABC'),
      GOOD.replace('04/02/2024,Violations', '02/31/2024,Violations'),
      GOOD.replace(',5,A,', ',-3,A,'),
      GOOD.replace(',5,A,', ',5,G,'),
      '41243535,SHORT ROW',
      GOOD.replace('40.800487432208,-73.946572413814', '0,0'),
    ].join('\n');
    const items = await collect(typedItems(RESTAURANT_INSPECTIONS, readCsvRecords(Readable.from([text]), RESTAURANT_INSPECTIONS)));
    expect(items.map((item) => ('reason' in item ? [item.line, item.reason] : [item.line, 'ok']))).toEqual([
      [2, 'ok'],
      [3, 'invalid CAMIS "ABC"'],
      [4, 'unreadable INSPECTION DATE "02/31/2024"'],
      [5, 'invalid SCORE "-3"'],
      [6, 'ok'],
      [7, 'expected 27 fields, found 2'],
      [8, 'ok'],
    ]);
    const first = items[0] as Extract<SourceItem, { row: unknown }>;
    expect(first.row).toMatchObject({
      camis: '41243535', name: 'EMPIRE CORNER II', inspectionDate: '2024-04-02', violationCode: '10F', criticalFlag: 'Not Critical',
      score: 5, grade: 'A', gradeDate: '2024-04-02', latitude: 40.800487432208, longitude: -73.946572413814, zip: '10029',
    });
    expect((items[6] as Extract<SourceItem, { row: unknown }>).row).toMatchObject({ latitude: null, longitude: null });
    // A stray grade letter: the citation is kept, the grade is not a posted one.
    expect((items[4] as Extract<SourceItem, { row: unknown }>).row).toMatchObject({ grade: null, score: 5, violationCode: '10F' });
  });

  it('refuses a file that is not the restaurant data set', async () => {
    await expect(collect(readCsvRecords(Readable.from(['a,b,c\n1,2,3\n']), RESTAURANT_INSPECTIONS))).rejects.toThrow(/missing column\(s\) camis, dba, inspection_date/);
  });

  it('streams JSON arrays split anywhere, including inside strings and escapes', async () => {
    const objects = [
      { camis: '1', dba: 'A "QUOTED" {BRACE} NAME', inspection_date: '2024-01-02T00:00:00.000' },
      { camis: '2', dba: 'B', inspection_date: '1900-01-01T00:00:00.000', location: { latitude: '40.7', longitude: '-73.9' } },
    ];
    const text = JSON.stringify(objects);
    const chunks = text.match(/.{1,7}/gs)!;
    const items = await collect(typedItems(RESTAURANT_INSPECTIONS, readJsonRecords(Readable.from(chunks), RESTAURANT_INSPECTIONS)));
    expect(items.map((item) => item.line)).toEqual([1, 2]);
    expect(items.map((item) => ('row' in item ? item.row.name : item.reason))).toEqual(['A "QUOTED" {BRACE} NAME', 'B']);
    expect((items[1] as Extract<SourceItem, { row: unknown }>).row).toMatchObject({ inspectionDate: null, latitude: 40.7, longitude: -73.9 });
  });

  it('asks SODA for pages with a stable order', () => {
    const url = pageUrl('https://data.cityofnewyork.us/resource/43nn-pn8j.json?boro=Queens', 100, 50);
    expect(url.searchParams.get('$limit')).toBe('50');
    expect(url.searchParams.get('$offset')).toBe('100');
    expect(url.searchParams.get('$order')).toBe(':id');
    expect(url.searchParams.get('boro')).toBe('Queens');
  });

  it('waits twice as long before each further retry of a page', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, 1000))).toEqual([1000, 2000, 4000, 8000]);
  });
});

describeWithSamples('restaurant source readers on the real samples', () => {
  it('reads the same typed rows from the API sample as CSV and as SODA JSON', async () => {
    const csvItems = await collect(fileSource(RESTAURANT_INSPECTIONS, SAMPLES.api).items);
    const records: Array<Record<string, string>> = parse(fs.readFileSync(SAMPLES.api), { columns: true });
    const json = JSON.stringify(records.map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== ''))));
    const jsonItems = await collect(typedItems(RESTAURANT_INSPECTIONS, readJsonRecords(Readable.from([json]), RESTAURANT_INSPECTIONS)));
    expect(jsonItems).toHaveLength(3667);
    expect(jsonItems.map((item) => ('row' in item ? item.row : item))).toEqual(csvItems.map((item) => ('row' in item ? item.row : item)));
  });
});
