import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../../src/nyc/testing/shared-data';
import type { SourceItem } from '../dataset';
import { fileSource, withoutRecord } from '../source';
import { PAD_ADDRESSES, PadRow } from './pad';

const FILE = 'addresses/pad_bobaadr_sample.txt';

async function readAll(): Promise<Array<SourceItem<PadRow>>> {
  const items: Array<SourceItem<PadRow>> = [];
  for await (const item of fileSource(PAD_ADDRESSES, path.join(NYC_DATA_DIR, FILE)).items) items.push(withoutRecord(item));
  return items;
}

(nycDataPresent(FILE) ? describe : describe.skip)('PAD address source on the real sample (bobaadr.txt, CRLF)', () => {
  it('reads all 100 rows: 61 ranges with house numbers, 39 without rejected by line with their address type', async () => {
    const items = await readAll();
    expect(items).toHaveLength(100);
    expect(items.map((item) => item.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
    const rows = items.flatMap((item) => ('row' in item ? [item] : []));
    const rejected = items.flatMap((item) => ('reason' in item ? [item] : []));
    expect(rows).toHaveLength(61);
    expect(rejected).toHaveLength(39);
    const byReason = new Map<string, number>();
    for (const { reason } of rejected) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
    expect(Object.fromEntries(byReason)).toEqual({
      'no house number (address type N: a non-addressable place name)': 20,
      'no house number (address type W: a blank wall)': 17,
      'no house number (address type B: a non-addressable unnamed building)': 2,
    });
    expect(rejected[0]).toEqual({ line: 2, reason: 'no house number (address type N: a non-addressable place name)' });
    // Every range is on Governors Island's one lot.
    expect(new Set(rows.map(({ row }) => row.bbl))).toEqual(new Set(['1000010010']));
  });

  it('keeps the ends as written (letters, one-number ranges), the BIN, street, address type, B10SC and ZIP', async () => {
    const rows = (await readAll()).flatMap((item) => ('row' in item ? [item] : []));
    // Line 16: 25 ANDES ROAD, one number.
    expect(rows.find(({ line }) => line === 16)!.row).toEqual({
      bbl: '1000010010', bin: '1086410', street: 'ANDES ROAD', low: '25', high: '25', addressType: null, streetCode: '11173001010', zip: '10004',
    });
    // Line 22: 111A-111D ANDES ROAD (letter suffixes).
    expect(rows.find(({ line }) => line === 22)!.row).toMatchObject({ bin: '1086331', low: '111a', high: '111d' });
    // Line 65: 12C-12R BARRY ROAD.
    expect(rows.find(({ line }) => line === 65)!.row).toMatchObject({ bin: '1086350', street: 'BARRY ROAD', low: '12c', high: '12r', zip: '10004' });
    // Line 49: 13 BARRY ROAD with no ZIP.
    expect(rows.find(({ line }) => line === 49)!.row).toMatchObject({ low: '13', high: '13', zip: null });
  });
});

describe('PAD address source rules', () => {
  const header = 'boro,block,lot,bin,lhnd,hhnd,stname,addrtype,b10sc,zipcode';
  const parse = (line: string) => {
    const values = line.split(',');
    return PAD_ADDRESSES.parse(Object.fromEntries(header.split(',').map((key, i) => [key, values[i] ?? ''])));
  };

  it('reads Queens hyphenated ranges and placeholder BINs', () => {
    expect(parse('4,00600,0001,4000000,34-02,34-12,31 AVENUE, ,40123401010,11106')).toEqual({
      row: { bbl: '4006000001', bin: null, street: '31 AVENUE', low: '34-02', high: '34-12', addressType: null, streetCode: '40123401010', zip: '11106' },
    });
  });

  it('rejects ranges that are no range: mixed forms, opposite sides, low above high, unreadable numbers, no lot', () => {
    expect(parse('4,00600,0001,4000001,34-02,3412,31 AVENUE, ,,')).toEqual({ reason: 'house numbers "34-02" and "3412" mix hyphenated and plain forms' });
    expect(parse('1,00835,0041,1015862,350,351,5 AVENUE, ,,')).toEqual({ reason: 'house numbers "350" and "351" are on opposite sides of the street' });
    expect(parse('1,00835,0041,1015862,360,350,5 AVENUE, ,,')).toEqual({ reason: 'low house number "360" is above high "350"' });
    expect(parse('1,00835,0041,1015862,12 1/2,12 1/2,5 AVENUE, ,,')).toEqual({ reason: 'unreadable low house number "12 1/2"' });
    expect(parse('1,00000,0041,1015862,350,350,5 AVENUE, ,,')).toEqual({ reason: 'no tax lot in boro/block/lot "1/00000/0041"' });
    expect(parse('1,00835,0041,1015862,350,350,, ,,')).toEqual({ reason: 'no street name' });
  });
});
