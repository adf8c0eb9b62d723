import { bblFromParts, boroughOfBin, isPlaceholderBin, parseBbl, parseBin, parseTaxLot } from './bbl';
import { parseBorough } from './boroughs';
import { describeWithNycData, readNycCsv } from './testing/shared-data';

describe('BBL', () => {
  it('reads every one-value form to the 10-digit BBL', () => {
    for (const text of ['1001230045', '1-00123-0045', '1 123 45', '1001230045.00000000', '1001230045.00', ' 1/00123/0045 ', 'MN 123 45', 'manhattan-123-45']) {
      expect(parseBbl(text)).toBe('1001230045');
    }
    expect(parseBbl(3011510060)).toBe('3011510060');
    expect(parseTaxLot('4-10898-2')).toEqual({ borough: 'Queens', block: 10898, lot: 2 });
  });

  it('builds the BBL from borough, block and lot columns in every padding', () => {
    expect(bblFromParts('1', '01201', '00063')).toBe('1012010063');
    expect(bblFromParts('BK', '1151', '60')).toBe('3011510060');
    expect(bblFromParts('STATEN IS', '437', '7')).toBe('5004370007');
    expect(bblFromParts('Staten Island', 437, 7)).toBe('5004370007');
    expect(bblFromParts(2, '02958', '0065')).toBe('2029580065');
    expect(bblFromParts('QN', '16350', '9999')).toBe('4163509999');
  });

  it('is no BBL rather than a guess', () => {
    for (const text of ['', '1', '4284335', '1001230045.5', '6001230045', '0001230045', '10012300451', 'N/A', null, undefined]) {
      expect(parseBbl(text)).toBeNull();
    }
    expect(bblFromParts('NOT NYC', '02822', '0147')).toBeNull();
    expect(bblFromParts('0', '123', '45')).toBeNull();
    expect(bblFromParts('1', '0', '45')).toBeNull();
    expect(bblFromParts('1', '123', '0')).toBeNull();
    expect(bblFromParts('1', '123456', '45')).toBeNull();
    // A 5-digit lot is only a padded 4-digit one (the 2015 elevator device list has '75018').
    expect(bblFromParts('1', '471', '75018')).toBeNull();
    expect(bblFromParts('', '99999', '99999')).toBeNull();
  });
});

describe('BIN', () => {
  it('is 7 digits starting with the borough code', () => {
    expect(parseBin('1031486')).toBe('1031486');
    expect(parseBin(' 4080791 ')).toBe('4080791');
    expect(parseBin(3395389)).toBe('3395389');
    expect(boroughOfBin('3395389')).toBe('Brooklyn');
    for (const text of ['', '0123456', '6123456', '103148', '10314860', 'Not Available', null]) expect(parseBin(text)).toBeNull();
  });

  it("reads the city's million placeholders as no BIN", () => {
    for (const text of ['1000000', '2000000', '3000000', '4000000', '5000000']) expect(parseBin(text)).toBeNull();
    for (const text of ['1999999', '5999999', '1999999.0']) expect(parseBin(text)).toBeNull();
    expect(parseBin('1000001')).toBe('1000001');
    for (const bin of ['1000000', '3000000', '1999999', '4999999']) expect(isPlaceholderBin(bin)).toBe(true);
    for (const bin of ['1000001', '1999998', '3157552']) expect(isPlaceholderBin(bin)).toBe(false);
  });
});

interface Columns {
  bbl?: string;
  borough: string;
  block: string;
  lot: string;
  bin?: string;
}

/**
 * Reads every row of a real file. Returns how many rows gave a BBL from their parts, and
 * where the row contradicts itself: a BBL column that names another lot than the
 * borough/block/lot columns, or a BIN from another borough. Each parser reads each value
 * right; the contradictions are the data's own, and listed exactly so a new one shows.
 */
function readRealRows(file: string, columns: Columns) {
  let parsed = 0;
  const contradictions: string[] = [];
  for (const row of readNycCsv(file)) {
    const fromParts = bblFromParts(row[columns.borough], row[columns.block], row[columns.lot]);
    if (fromParts) parsed += 1;
    const parts = `${row[columns.borough]}/${row[columns.block]}/${row[columns.lot]}`;
    if (columns.bbl && row[columns.bbl] && parseBbl(row[columns.bbl]) !== fromParts) contradictions.push(`BBL ${row[columns.bbl]} vs ${parts}`);
    const bin = columns.bin ? parseBin(row[columns.bin]) : null;
    if (bin && fromParts && boroughOfBin(bin) !== parseBorough(row[columns.borough])) contradictions.push(`BIN ${bin} vs ${parts}`);
  }
  return { parsed, contradictions };
}

describe('BBL and BIN on real rows', () => {
  const plutoFiles = ['BK', 'BX', 'MN', 'QN', 'SI'].map((code) => `properties/pluto_16v2_${code}__nycdb.csv`);
  describeWithNycData(plutoFiles[0])('PLUTO 16v2: letters for the borough, BBL as a float in four of five files', () => {
    it.each(plutoFiles)('%s', (file) => {
      expect(readRealRows(file, { bbl: 'BBL', borough: 'Borough', block: 'Block', lot: 'Lot' })).toEqual({ parsed: 100, contradictions: [] });
    });
  });

  describeWithNycData('properties/pluto_20v8__nycdb.csv')('PLUTO 20v8, 25v2 and latest: BBL with 8 decimals, or plain beside display-name columns', () => {
    it('20v8', () => expect(readRealRows('properties/pluto_20v8__nycdb.csv', { bbl: 'bbl', borough: 'borough', block: 'block', lot: 'lot' })).toEqual({ parsed: 10, contradictions: [] }));
    it('25v2', () => expect(readRealRows('properties/pluto_25v2_1__nycdb.csv', { bbl: 'bbl', borough: 'borough', block: 'block', lot: 'lot' })).toEqual({ parsed: 5, contradictions: [] }));
    it('latest, by letters and by borough code', () => {
      expect(readRealRows('properties/pluto_latest__nycdb.csv', { bbl: 'BBL', borough: 'borough', block: 'Tax block', lot: 'Tax lot' })).toEqual({ parsed: 5, contradictions: [] });
      expect(readRealRows('properties/pluto_latest__nycdb.csv', { bbl: 'BBL', borough: 'borocode', block: 'Tax block', lot: 'Tax lot' })).toEqual({ parsed: 5, contradictions: [] });
    });
  });

  describeWithNycData('properties/dob_violations__nycdb.csv')('DOB and ECB violations: borough codes, padded blocks, 4- and 5-digit lots', () => {
    it('DOB violations: two rows without block or lot', () => {
      expect(readRealRows('properties/dob_violations__nycdb.csv', { borough: 'BORO', block: 'BLOCK', lot: 'LOT', bin: 'BIN' })).toEqual({ parsed: 98, contradictions: [] });
      const first = readNycCsv('properties/dob_violations__nycdb.csv')[0];
      expect([first.BORO, first.BLOCK, first.LOT]).toEqual(['1', '01201', '00063']);
      expect(bblFromParts(first.BORO, first.BLOCK, first.LOT)).toBe('1012010063');
    });
    it("DOB violations (API names): one row's borough is 'Q', which no data set documents", () => {
      expect(readRealRows('properties/dob_violations__wow.csv', { borough: 'boro', block: 'block', lot: 'lot', bin: 'bin' })).toEqual({ parsed: 99, contradictions: [] });
    });
    it('ECB violations', () => {
      expect(readRealRows('properties/ecb_violations__nycdb.csv', { borough: 'BORO', block: 'BLOCK', lot: 'LOT', bin: 'BIN' })).toEqual({ parsed: 5, contradictions: [] });
      expect(readRealRows('properties/ecb_violations__wow.csv', { borough: 'boro', block: 'block', lot: 'lot', bin: 'bin' })).toEqual({ parsed: 99, contradictions: ['BIN 2109478 vs 4/02605/0040'] });
    });
  });

  describeWithNycData('properties/dob_now_jobs__nycdb.csv')('DOB NOW, DOB permits, safety violations, HPD, LL84: names or codes, unpadded numbers', () => {
    it('DOB NOW jobs: the BBL column names the billing lot of some condominium and merged lots', () => {
      expect(readRealRows('properties/dob_now_jobs__nycdb.csv', { bbl: 'BBL', borough: 'Borough', block: 'Block', lot: 'LOT', bin: 'Bin' })).toEqual({
        parsed: 100,
        contradictions: [
          'BBL 4050660150 vs QUEENS/5066/7508',
          'BBL 4051840009 vs QUEENS/5184/10',
          'BBL 1000280005 vs MANHATTAN/28/7502',
          'BBL 1015327502 vs MANHATTAN/1532/4',
          'BBL 3024147502 vs BROOKLYN/2414/27',
        ],
      });
    });
    it('DOB permits', () => {
      expect(readRealRows('properties/dob_permit_issuance__1000.csv', { borough: 'BOROUGH', block: 'Block', lot: 'Lot', bin: 'Bin #' })).toEqual({ parsed: 1000, contradictions: ['BIN 1064571 vs BRONX/02215/00299'] });
    });
    it('DOB safety violations', () => {
      expect(readRealRows('properties/dob_safety_violations__nycdb.csv', { bbl: 'BBL', borough: 'Borough', block: 'Block', lot: 'Lot', bin: 'BIN' })).toEqual({ parsed: 9, contradictions: [] });
    });
    it('HPD registrations and the CONH pilot list', () => {
      expect(readRealRows('properties/hpd_registrations__nycdb.csv', { borough: 'BoroID', block: 'Block', lot: 'Lot', bin: 'BIN' })).toEqual({ parsed: 100, contradictions: [] });
      expect(readRealRows('owners/hpd_conh_pilot_buildings.csv', { bbl: 'BBL', borough: 'Borough', block: 'Block', lot: 'Lot', bin: 'BIN' })).toEqual({ parsed: 1107, contradictions: [] });
    });
    it("LL84: borough codes, and 'Not Available' for a BIN", () => {
      const { parsed, contradictions } = readRealRows('properties/ll84_municipal_2021.csv', { borough: 'Borough', block: 'Block', lot: 'Lot', bin: 'BIN' });
      expect(parsed).toBe(3065);
      // A third row's BIN 1999999 is a placeholder (no building), not a Manhattan building on a Bronx lot.
      expect(contradictions).toHaveLength(2);
      expect(parseBin('Not Available')).toBeNull();
    });
  });

  describeWithNycData('properties/dobjobs__nycdb.csv')('DOB BIS job filings: the "BBL" column is not a BBL', () => {
    it('reads none of its values as a BBL, and builds the BBL from the parts', () => {
      for (const row of readNycCsv('properties/dobjobs__nycdb.csv')) expect(parseBbl(row.BBL)).toBeNull();
      expect(readRealRows('properties/dobjobs__nycdb.csv', { borough: 'Borough', block: 'Block', lot: 'Lot', bin: 'Bin #' })).toEqual({ parsed: 100, contradictions: [] });
    });
  });

  describeWithNycData('addresses/geocoded_addresses_dcp.csv')('Geosupport output and PAD', () => {
    it('geocoded addresses: BBL and BIN begin with the borough code', () => {
      let parsed = 0;
      for (const row of readNycCsv('addresses/geocoded_addresses_dcp.csv')) {
        if (!row.bbl) continue;
        expect(parseBbl(row.bbl)).toBe(row.bbl);
        expect(row.bbl.charAt(0)).toBe(row.borough_code);
        const bin = parseBin(row.bin);
        if (bin) expect(bin.charAt(0)).toBe(row.borough_code);
        parsed += 1;
      }
      expect(parsed).toBe(1981);
    });

    it('PAD: padded parts, and a million BIN for a lot without a building', () => {
      expect(readRealRows('addresses/pad_bobaadr_sample.txt', { borough: 'boro', block: 'block', lot: 'lot', bin: 'bin' })).toEqual({ parsed: 100, contradictions: [] });
      const placeholder = readNycCsv('addresses/pad_bobaadr_sample.txt').find((row) => row.bin === '1000000');
      expect(placeholder?.stname.trim()).toBe('GOVERNORS ISLAND NOLAN PARK');
      expect(parseBin(placeholder?.bin)).toBeNull();
    });
  });

  describeWithNycData('restaurants/dohmh_inspections_api_dev_20260410.csv')('DOHMH restaurants', () => {
    it('reads a 10-digit bbl; the borough digit alone and block 0 lot 0 are no BBL', () => {
      const values = new Set(readNycCsv('restaurants/dohmh_inspections_api_dev_20260410.csv').map((row) => row.bbl));
      for (const bbl of values) expect(parseBbl(bbl)).toBe(/^\d{10}$/.test(bbl) && !/^\d0{9}$/.test(bbl) ? bbl : null);
      expect(values.has('1')).toBe(true);
      expect(values.has('4000000000')).toBe(true);
    });
  });

  describeWithNycData('properties/dob_permit_issuance__1000.csv')('placeholder BINs in the real data', () => {
    it('occur and read as no BIN', () => {
      const seen = new Set<string>();
      for (const row of readNycCsv('properties/dob_permit_issuance__1000.csv')) if (/^[1-5]000000$/.test(row['Bin #'])) seen.add(row['Bin #']);
      for (const row of readNycCsv('properties/dobjobs__nycdb.csv')) if (/^[1-5]000000$/.test(row.BBL)) seen.add(row.BBL);
      expect(seen.size).toBeGreaterThan(1);
      for (const bin of seen) expect(parseBin(bin)).toBeNull();
    });
  });
});
