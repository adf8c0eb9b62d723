import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { createTestNamespace, TestNamespace } from '../../test/support/namespace';
import { PAD_ADDRESSES_LOAD, PROPERTIES } from '../families';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { fileSource } from '../sources/source';

const SAMPLE = 'addresses/pad_bobaadr_sample.txt';
const AS_OF = new Date('2026-11-23T12:00:00Z');
type Store = TestNamespace['stores']['byMode']['test'];

const load = (store: Store, file: string) => ingestDataset(store, PAD_ADDRESSES_LOAD, fileSource(PAD_ADDRESSES_LOAD.source, file), { asOf: AS_OF });

const HEADER = '"boro","block","lot","bin","lhnd","lhns","lcontpar","lsos","hhnd","hhns","hcontpar","hsos","scboro","sc5","sclgc","stname","addrtype","realb7sc","validlgcs","dapsflag","naubflag","parity","b10sc","segid","zipcode","physical_id"';
/** A bobaadr.txt row as PAD writes it (quoted, fixed-width, CRLF). */
const padLine = (bbl: string, bin: string, low: string, high: string, street: string, type = ' ', zip = '10118') =>
  [bbl[0], bbl.slice(1, 6), bbl.slice(6), bin, low, '', ' ', 'L', high, '', ' ', 'L', bbl[0], '00000', '01', street, type, '', '01', ' ', ' ', '2', `${bbl[0]}0000001010`, '', zip, ''].map((value) => `"${value}"`).join(',');

async function ranges(store: Store, bbl: string) {
  const { rows } = await store.pg.query('select bin, street, street_code, low_house, high_house, address_type, zip from property_address_ranges where bbl = $1 order by street, low_house, bin', [bbl]);
  return rows;
}

describe('ingest of PAD address ranges (Postgres + Elasticsearch)', () => {
  let ns: TestNamespace;
  let store: Store;
  let dir: string;
  beforeAll(async () => {
    ns = await createTestNamespace();
    store = ns.stores.byMode.test;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pad-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await ns.cleanup();
  });
  const write = (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${[HEADER, ...lines].join('\r\n')}\r\n`);
    return file;
  };

  (nycDataPresent(SAMPLE) ? it : it.skip)('the real sample: every row accounted for, Governors Island created from its BBL with its ranges indexed, verify clean, the same file again changes nothing', async () => {
    const summary = await load(store, path.join(NYC_DATA_DIR, SAMPLE));
    expect(summary).toMatchObject({
      rowsRead: 100, rowsLoaded: 61, rowsMerged: 0, rowsRejected: 39,
      rejectionsByReason: { 'no house number (address type N: a non-addressable place name)': 20, 'no house number (address type W: a blank wall)': 17, 'no house number (address type B: a non-addressable unnamed building)': 2 },
      entitiesChanged: 1, documentsIndexed: 1,
    });
    expect(summary.rowsLoaded + summary.rowsMerged + summary.rowsRejected).toBe(summary.rowsRead);
    expect(summary.rejections[0]).toEqual({ line: 2, reason: 'no house number (address type N: a non-addressable place name)' });
    const stored = await ranges(store, '1000010010');
    expect(stored).toHaveLength(61);
    expect(stored.find((range) => range.low_house === '111a')).toEqual({ bin: '1086331', street: 'ANDES ROAD', street_code: '11173001010', low_house: '111a', high_house: '111d', address_type: null, zip: '10004' });
    const lot = await store.pg.query("select borough, block, lot, address from property_lots where bbl = '1000010010'");
    expect(lot.rows).toEqual([{ borough: 'Manhattan', block: 1, lot: 10, address: null }]);

    const document = (await store.es.get({ index: store.indexAlias('properties'), id: '1000010010' }))._source as { addressRanges: Array<{ streets: string[]; low: number; high: number; parity: number; queens: boolean }> };
    // 61 rows; a range repeated by another building or address type is one.
    expect(document.addressRanges.length).toBeGreaterThan(50);
    expect(document.addressRanges).toContainEqual({ streets: ['andes road'], low: (111 * 1000) * 27 + 1, high: (111 * 1000) * 27 + 4, parity: 1, queens: false });

    expect(await verifyStores(store, PROPERTIES)).toMatchObject({ ok: true, differenceCount: 0 });
    const again = await load(store, path.join(NYC_DATA_DIR, SAMPLE));
    expect(again).toMatchObject({ rowsRead: 100, rowsLoaded: 61, rowsRejected: 39, entitiesChanged: 0, documentsIndexed: 0 });
  });

  it('a repeated range is merged; a lot\'s ranges are replaced by a later file that lists them otherwise; a lot PLUTO has not named is created', async () => {
    const first = write('first.txt', [
      padLine('1008350041', '1015862', '350 ', '360 ', '5 AVENUE '),
      padLine('1008350041', '1015862', '350 ', '360 ', '5 AVENUE '),
      padLine('1008350041', '1015862', '1 ', '11 ', 'WEST 34 STREET '),
      padLine('4006000001', '4000000', '34-02 ', '34-20 ', '31 AVENUE ', ' ', '11106'),
    ]);
    expect(await load(store, first)).toMatchObject({ rowsRead: 4, rowsLoaded: 3, rowsMerged: 1, rowsRejected: 0, entitiesChanged: 2, documentsIndexed: 2 });
    expect(await ranges(store, '1008350041')).toEqual([
      { bin: '1015862', street: '5 AVENUE', street_code: '10000001010', low_house: '350', high_house: '360', address_type: null, zip: '10118' },
      { bin: '1015862', street: 'WEST 34 STREET', street_code: '10000001010', low_house: '1', high_house: '11', address_type: null, zip: '10118' },
    ]);
    expect(await ranges(store, '4006000001')).toEqual([{ bin: null, street: '31 AVENUE', street_code: '40000001010', low_house: '34-02', high_house: '34-20', address_type: null, zip: '11106' }]);
    const queens = (await store.es.get({ index: store.indexAlias('properties'), id: '4006000001' }))._source as Record<string, unknown>;
    expect(queens.addressRanges).toEqual([{ streets: ['31 avenue'], low: (34 * 1000 + 2) * 27, high: (34 * 1000 + 20) * 27, parity: 0, queens: true }]);

    // The 5th Avenue range narrowed: the lot's list is replaced; the Queens lot is not in the file and keeps its range.
    const second = write('second.txt', [padLine('1008350041', '1015862', '350 ', '358 ', '5 AVENUE '), padLine('1008350041', '1015862', '1 ', '11 ', 'WEST 34 STREET ')]);
    expect(await load(store, second)).toMatchObject({ rowsRead: 2, rowsLoaded: 2, entitiesChanged: 1, documentsIndexed: 1 });
    expect((await ranges(store, '1008350041')).map((range) => `${range.low_house}-${range.high_house} ${range.street}`)).toEqual(['350-358 5 AVENUE', '1-11 WEST 34 STREET']);
    expect(await ranges(store, '4006000001')).toHaveLength(1);
    expect(await verifyStores(store, PROPERTIES)).toMatchObject({ ok: true, differenceCount: 0 });
  });
});
