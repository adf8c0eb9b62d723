import { BOROUGHS, Borough } from './boroughs';
import { boroughForZip, boroughZips, isNycZip, normalizeBorough, normalizeZip, nycZips } from './zips';
import { describeWithNycData, readNycCsv } from './testing/shared-data';

describe('ZIP codes', () => {
  it('reads the ZIP forms the exports use', () => {
    expect(normalizeZip('10014.0')).toBe('10014');
    expect(normalizeZip('N/A')).toBeNull();
    expect(normalizeZip(' 11211-1234 ')).toBe('11211');
    expect(normalizeZip('1021')).toBeNull();
  });

  // That each ZIP has exactly one borough is tested with the places that share the sets (search/places/index.test.ts).
  it('gives a ZIP the borough whose set holds it, and none to a ZIP outside the city', () => {
    for (const borough of BOROUGHS) for (const zip of boroughZips[borough]) expect([zip, boroughForZip(zip)]).toEqual([zip, borough]);
    expect(isNycZip('07002')).toBe(false);
    expect(boroughForZip('11542')).toBeNull();
    expect(boroughForZip(null)).toBeNull();
  });

  /**
   * The other way the code once read a ZIP's borough: USPS's numeric ranges. On every ZIP
   * the ZIP sets know, the ranges agree except where a range misses a ZIP; those gaps are
   * why the sets, not the ranges, are the rule.
   */
  it('agrees with the USPS ranges on every NYC ZIP, except the ZIPs the ranges miss', () => {
    const RANGES: Array<[number, number, Borough]> = [
      [10001, 10282, 'Manhattan'],
      [10301, 10314, 'Staten Island'],
      [10451, 10475, 'Bronx'],
      [11004, 11005, 'Queens'],
      [11101, 11120, 'Queens'],
      [11201, 11256, 'Brooklyn'],
      [11351, 11436, 'Queens'],
      [11691, 11697, 'Queens'],
    ];
    const byRange = (zip: string) => RANGES.find(([low, high]) => Number(zip) >= low && Number(zip) <= high)?.[2] ?? null;
    const differences = nycZips.filter((zip) => byRange(zip) !== boroughForZip(zip)).map((zip) => [zip, byRange(zip), boroughForZip(zip)]);
    expect(differences).toEqual([
      ['10285', null, 'Manhattan'],
      ['10286', null, 'Manhattan'],
      ['11001', null, 'Queens'],
      ['11040', null, 'Queens'],
    ]);
  });

  it('normalizes boroughs, falling back to the ZIP when BORO is 0', () => {
    expect(normalizeBorough('Manhattan', '10014')).toBe('Manhattan');
    expect(normalizeBorough('STATEN IS', null)).toBe('Staten Island');
    expect(normalizeBorough('3', null)).toBe('Brooklyn');
    expect(normalizeBorough('0', '10306')).toBe('Staten Island');
    expect(normalizeBorough('0', '11542')).toBe('Unknown');
    expect(normalizeBorough('', null)).toBe('Unknown');
  });
});

describeWithNycData('geo/nyc_zip_neighborhoods__uhf.csv')('ZIP codes on real rows', () => {
  it("agree with the NYS DOH UHF table's borough for each of its ZIPs", () => {
    const rows = readNycCsv('geo/nyc_zip_neighborhoods__uhf.csv');
    expect(rows).toHaveLength(178);
    for (const row of rows) expect({ zip: row.Zipcode, borough: boroughForZip(row.Zipcode) }).toEqual({ zip: row.Zipcode, borough: row.Borough });
  });

  it("give the borough DOHMH gives, but where DOHMH files LaGuardia's 11371 under Manhattan", () => {
    const disagreements = new Set<string>();
    for (const row of readNycCsv('restaurants/dohmh_inspections_api_dev_20260410.csv')) {
      const zip = normalizeZip(row.zipcode);
      if (row.boro === '0' || !zip || !isNycZip(zip)) continue;
      if (boroughForZip(zip) !== row.boro) disagreements.add(`${zip} ${boroughForZip(zip)}, DOHMH ${row.boro}`);
    }
    expect([...disagreements].sort()).toEqual(['11371 Queens, DOHMH Manhattan']);
  });
});
