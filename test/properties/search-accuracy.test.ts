import { BOROUGHS, boroughZips } from '../../src/nyc';
import { describeWithNycData, nycDataPresent, readNycCsv } from '../../src/nyc/testing/shared-data';
import { startTestApi, TestApi } from '../support/api';
import { ingestSearchLots, type SearchLot } from './search-support';

/**
 * Top-1 accuracy of GET /properties/search on real addresses as people typed them:
 * addresses/geocoded_addresses_dcp.csv (raw `address`, `city`, `zip`) against the BBL
 * Geosupport gave each. The lots are made from Geosupport's answers (the BBL, its normalized
 * house number and street as PLUTO writes an address, the borough of borough_code, the ZIP)
 * and loaded through the real PLUTO ingest into a throwaway namespace; one lot per BBL (the
 * first row's address; a lot whose other rows name another address keeps only the first).
 * Each row is then asked through the API in three forms a user might type, and the lot must
 * come first. Rows Geosupport could not place (no BBL) are left out.
 *
 * Measured (README "Address search accuracy"): 1,980 of 1,981 rows (99.95%) over 649 lots in
 * each of the three forms, also with a twin of every address in another borough for the two
 * forms with city and ZIP; the one miss is a row naming its lot's second address
 * (144 Roxbury Ave, a lot loaded as 400 SEABREEZE AVENUE). The address alone among twins:
 * 94.09% (the Staten Island rows lose to their Manhattan twins' lower BBLs).
 */
const FILE = 'addresses/geocoded_addresses_dcp.csv';
const FLOOR = 0.95;
const BOROUGH_CODES = new Set(['1', '2', '3', '4', '5']);

type Row = Record<string, string>;

const FORMS: Array<[string, (row: Row) => string]> = [
  ['address', (row) => row.address],
  ['address, city zip', (row) => `${row.address}, ${row.city} ${row.zip}`],
  ['address city zip', (row) => `${row.address} ${row.city} ${row.zip}`],
];

/** PLUTO's way of writing an address: house number, one space, the street (Geosupport pads its words). */
const plutoAddress = (row: Row) => `${row.f1_normalized_hn.trim()} ${row.f1_normalized_sn.trim().replace(/\s+/g, ' ')}`;

interface Measured {
  rate: number;
  report: string;
}

/** Every row asked through the API as `typed`; the misses grouped by kind. */
async function measure(api: TestApi, rows: Row[], lots: Map<string, SearchLot>, form: string, typed: (row: Row) => string): Promise<Measured> {
  const answers = new Map<string, string[]>();
  const misses: Record<string, string[]> = {};
  let hits = 0;
  for (const row of rows) {
    const q = typed(row).slice(0, 120);
    if (!answers.has(q)) {
      const res = await api.get(`/api/v1/properties/search?q=${encodeURIComponent(q)}&limit=10`);
      expect([q, res.status]).toEqual([q, 200]);
      answers.set(q, res.body.data.map((lot: { bbl: string }) => lot.bbl));
    }
    const found = answers.get(q)!;
    if (found[0] === row.bbl) {
      hits += 1;
      continue;
    }
    const otherAddress = lots.get(row.bbl)!.address !== plutoAddress(row);
    const kind = otherAddress
      ? "the lot's other address (one address per lot loaded)"
      : found.length === 0
        ? 'nothing found'
        : found.includes(row.bbl)
          ? `found at rank ${found.indexOf(row.bbl) + 1}`
          : 'another lot found, not this one';
    (misses[kind] ??= []).push(`${q} -> ${found.slice(0, 3).join(' ') || '[]'} (want ${row.bbl} ${plutoAddress(row)})`);
  }
  const rate = hits / rows.length;
  const lines = Object.entries(misses).map(([kind, list]) => `  ${kind}: ${list.length}\n    ${list.slice(0, 10).join('\n    ')}`);
  return { rate, report: `top-1 [${form}]: ${hits}/${rows.length} = ${(100 * rate).toFixed(2)}% over ${lots.size} lots (${answers.size} distinct queries)${lines.length ? `\n${lines.join('\n')}` : ''}` };
}

const rows = nycDataPresent(FILE) ? readNycCsv(FILE).filter((row) => /^[1-5]\d{9}$/.test(row.bbl) && BOROUGH_CODES.has(row.borough_code) && row.f1_normalized_sn.trim() !== '') : [];
const lots = new Map<string, SearchLot>();
for (const row of rows) if (!lots.has(row.bbl)) lots.set(row.bbl, { bbl: row.bbl, address: plutoAddress(row), zip: row.zip });

describeWithNycData(FILE)('address search accuracy on the real geocoded addresses', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    const summary = await ingestSearchLots(api.ns.stores.byMode.live, [...lots.values()]);
    expect(summary).toMatchObject({ rowsLoaded: lots.size, rowsRejected: 0, documentsIndexed: lots.size });
  }, 120_000);
  afterAll(() => api.stop());

  it.each(FORMS)('finds the lot first for at least 95%% of the rows, typed as: %s', async (form, typed) => {
    expect(rows.length).toBeGreaterThan(1900);
    const { rate, report } = await measure(api, rows, lots, form, typed);
    console.log(report);
    expect(rate).toBeGreaterThanOrEqual(FLOOR);
  }, 120_000);
});

/**
 * The same rows against an index where every address also exists in another borough (a twin
 * lot: same address, the next borough's digit in its BBL, a ZIP of that borough), as many
 * city addresses do (100 Broadway is in Manhattan and Brooklyn). The address alone is then
 * ambiguous (the lower BBL comes first: measured, not asserted); with the city and ZIP typed,
 * the place must pick the right lot.
 */
describeWithNycData(FILE)('address search accuracy when every address also exists in another borough', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    const twins: SearchLot[] = [];
    for (const lot of lots.values()) {
      const borough = (Number(lot.bbl[0]) % 5) + 1;
      const bbl = `${borough}${lot.bbl.slice(1)}`;
      if (!lots.has(bbl)) twins.push({ bbl, address: lot.address, zip: boroughZips[BOROUGHS[borough - 1]][0] });
    }
    const all = [...lots.values(), ...twins];
    const summary = await ingestSearchLots(api.ns.stores.byMode.live, all);
    expect(summary).toMatchObject({ rowsLoaded: all.length, rowsRejected: 0 });
  }, 120_000);
  afterAll(() => api.stop());

  it.each(FORMS.slice(1))('finds the lot first for at least 95%% of the rows, typed as: %s', async (form, typed) => {
    const { rate, report } = await measure(api, rows, lots, `${form}; with twins`, typed);
    console.log(report);
    expect(rate).toBeGreaterThanOrEqual(FLOOR);
  }, 120_000);

  it('measures the address alone (ambiguous by construction)', async () => {
    console.log((await measure(api, rows, lots, 'address; with twins', FORMS[0][1])).report.split('\n')[0]);
  }, 120_000);
});
