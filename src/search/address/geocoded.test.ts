import { houseNumberKey, houseNumberReadings } from '../../nyc';
import { describeWithNycData, readNycCsv } from '../../nyc/testing/shared-data';
import { canonicalStreet, parseAddressQuery } from './index';

/**
 * Every address of geocoded_addresses_dcp.csv as people typed it, through parseAddressQuery,
 * against Geosupport's normalized house number and street (f1_normalized_hn / _sn). The
 * house numbers meet at their keys (`10318` and Geosupport's `103-18` both `10318`), the
 * streets at canonicalStreet. Rows Geosupport could not place (non-NYC ZIP: no street) are
 * left out. None of these BBLs is in the PLUTO samples, so Geosupport is the only reference.
 */
const FILE = 'addresses/geocoded_addresses_dcp.csv';
/** Measured: 1,993 of 1,993 (100%) agree with the address alone, with city and ZIP after a comma, and for Geosupport's own output. */
const FLOOR = 0.99;

interface Outcome {
  agreed: number;
  total: number;
  disagreements: string[];
}

function compare(rows: Array<Record<string, string>>, typed: (row: Record<string, string>) => string): Outcome {
  const disagreements: string[] = [];
  for (const row of rows) {
    const parsed = parseAddressQuery(typed(row));
    const got = `${parsed.houseNumber ? houseNumberKey(parsed.houseNumber) : ''} | ${parsed.street}`;
    const expected = `${houseNumberKey(row.f1_normalized_hn)} | ${canonicalStreet(row.f1_normalized_sn)}`;
    if (got !== expected) disagreements.push(`${typed(row)}: ${got} != ${expected}`);
  }
  return { agreed: rows.length - disagreements.length, total: rows.length, disagreements };
}

function report(label: string, outcome: Outcome): number {
  const rate = outcome.agreed / outcome.total;
  console.log(
    `${label}: ${outcome.agreed}/${outcome.total} = ${(100 * rate).toFixed(2)}% agree with Geosupport` +
      (outcome.disagreements.length ? `\n  ${outcome.disagreements.slice(0, 30).join('\n  ')}` : ''),
  );
  return rate;
}

describeWithNycData(FILE)('parseAddressQuery on the real geocoded addresses', () => {
  const rows = readNycCsv(FILE).filter((row) => row.f1_normalized_sn.trim() !== '');

  it('reads house number and street as Geosupport does, from the address alone', () => {
    expect(rows.length).toBeGreaterThan(1900);
    expect(report('address', compare(rows, (row) => row.address))).toBeGreaterThanOrEqual(FLOOR);
  });

  it('still does with the city and ZIP typed after a comma, and finds the ZIP', () => {
    const typed = (row: Record<string, string>) => `${row.address}, ${row.city} ${row.state} ${row.zip}`;
    expect(report('address, city state zip', compare(rows, typed))).toBeGreaterThanOrEqual(FLOOR);
    const zipMissed = rows.filter((row) => !parseAddressQuery(typed(row)).places.some((place) => place.kind === 'zip' && place.names.includes(row.zip)));
    // The ZIPs outside the city's USPS sets are not places (the rows Geosupport answered "not a NYC ZIP" are already out).
    expect(zipMissed.map((row) => row.zip)).toEqual([]);
  });

  it('reads Geosupport\'s own normalized address as itself', () => {
    const typed = (row: Record<string, string>) => `${row.f1_normalized_hn} ${row.f1_normalized_sn}`;
    expect(report('Geosupport normalized', compare(rows, typed))).toBe(1);
  });

  it('measures the city and ZIP typed without a comma', () => {
    const typed = (row: Record<string, string>) => `${row.address} ${row.city} ${row.zip}`;
    // Measured 98.39%: postal cities the places data does not know (Oakland Gardens, Cambria Heights, Arverne) stay in the street.
    expect(report('address city zip (no comma)', compare(rows, typed))).toBeGreaterThanOrEqual(0.98);
  });

  it('reads the numbers Geosupport hyphenated as their Queens reading', () => {
    const hyphenInserted = rows.filter((row) => row.f1_message.includes('HYPHEN INSERTED'));
    expect(hyphenInserted.length).toBeGreaterThan(300);
    for (const row of hyphenInserted) {
      const houseNumber = parseAddressQuery(row.address).houseNumber;
      expect([row.address, houseNumber && houseNumberReadings(houseNumber).map((reading) => reading.text)]).toEqual([
        row.address,
        [row.hnum.toLowerCase(), row.f1_normalized_hn.toLowerCase()],
      ]);
    }
  });
});
