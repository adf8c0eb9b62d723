import { Borough, normalizeCoordinates, normalizeZip, parseTaxLot } from '../../../src/nyc';
import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, RowRejection, spacedText, textField } from '../dataset';
import { rowBbl } from './tax-lot';

/** One PLUTO tax lot, as the properties family stores it. */
export interface PlutoRow {
  bbl: string;
  borough: Borough;
  block: number;
  lot: number;
  address: string | null;
  zip: string | null;
  /** Building class ('A5', 'D6'). */
  bldgclass: string | null;
  /** Land use category, two digits '01'-'11'. */
  landuse: string | null;
  /** Fractional in PLUTO (2.5, 1.67): partial stories. */
  numfloors: number | null;
  unitsres: number | null;
  unitstotal: number | null;
  /** Square feet. */
  bldgarea: number | null;
  lotarea: number | null;
  numbldgs: number | null;
  /** Null where PLUTO writes 0 (unknown). */
  yearbuilt: number | null;
  /** Community district, borough digit + district ('308'). */
  cd: string | null;
  ownername: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The same column under each release's name: DCP's CSVs and SODA write `block`, `lot`,
 * `zipcode`, `cd`; the current portal export `Tax block`, `Tax lot`, `postcode`, `community board`.
 */
function column(record: RawRecord, ...keys: string[]): string | undefined {
  for (const key of keys) if (record[key] !== undefined) return record[key];
  return undefined;
}

/**
 * A number as PLUTO writes it: plain ('3'), float-formatted by DCP or pandas ('2.0000000',
 * '10010.0'), or with thousands separators in the current portal export ('1,700').
 */
function numberValue(record: RawRecord, label: string, ...keys: string[]): number | null {
  const text = textField(column(record, ...keys));
  if (text === null) return null;
  const value = Number(/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text);
  if (!Number.isFinite(value)) throw new RowRejection(`unreadable ${label} "${text}"`);
  return value;
}

/** A count or an area: a number, never negative. */
function quantity(record: RawRecord, label: string, ...keys: string[]): number | null {
  const value = numberValue(record, label, ...keys);
  if (value !== null && value < 0) throw new RowRejection(`unreadable ${label} "${column(record, ...keys)}"`);
  return value;
}

function wholeNumber(record: RawRecord, label: string, ...keys: string[]): number | null {
  const value = quantity(record, label, ...keys);
  if (value !== null && !Number.isInteger(value)) throw new RowRejection(`unreadable ${label} "${column(record, ...keys)}"`);
  return value;
}

/** Land use comes as '4' or '04'; stored as PLUTO's two-digit code. */
function landUse(record: RawRecord): string | null {
  const value = wholeNumber(record, 'LANDUSE', 'landuse');
  if (value === null) return null;
  if (value < 1 || value > 11) throw new RowRejection(`unknown LANDUSE "${record.landuse}"`);
  return String(value).padStart(2, '0');
}

/** The lot's BBL, from the BBL column (a float in DCP's CSVs) or borough + block + lot. */
function lotBbl(record: RawRecord): string {
  const block = wholeNumber(record, 'BLOCK', 'block', 'tax_block');
  const lot = wholeNumber(record, 'LOT', 'lot', 'tax_lot');
  const borough = textField(record.borough) ?? textField(record.borocode);
  return rowBbl(textField(record.bbl), { borough, block, lot }, 'missing BBL (no BBL, nor borough, block and lot)');
}

function parse(record: RawRecord): PlutoRow {
  const bbl = lotBbl(record);
  const { borough, block, lot } = parseTaxLot(bbl)!;
  const yearBuilt = wholeNumber(record, 'YEARBUILT', 'yearbuilt');
  const district = wholeNumber(record, 'CD', 'cd', 'community_board');
  const { latitude, longitude } = normalizeCoordinates(numberValue(record, 'LATITUDE', 'latitude'), numberValue(record, 'LONGITUDE', 'longitude'));
  return {
    bbl,
    borough,
    block,
    lot,
    address: spacedText(record.address),
    zip: normalizeZip(column(record, 'zipcode', 'postcode')),
    bldgclass: textField(record.bldgclass)?.toUpperCase() ?? null,
    landuse: landUse(record),
    numfloors: quantity(record, 'NUMFLOORS', 'numfloors'),
    unitsres: wholeNumber(record, 'UNITSRES', 'unitsres'),
    unitstotal: wholeNumber(record, 'UNITSTOTAL', 'unitstotal'),
    bldgarea: wholeNumber(record, 'BLDGAREA', 'bldgarea'),
    lotarea: wholeNumber(record, 'LOTAREA', 'lotarea'),
    numbldgs: wholeNumber(record, 'NUMBLDGS', 'numbldgs'),
    // PLUTO's 0 is "not known", never a year.
    yearbuilt: yearBuilt === 0 ? null : yearBuilt,
    cd: district === null || district === 0 ? null : String(district),
    ownername: spacedText(record.ownername),
    latitude,
    longitude,
  };
}

/**
 * PLUTO (64uk-42ks and DCP's releases): one row per tax lot. Every release names and
 * formats columns its own way (see ../shared/data/nyc/SCHEMAS.md); a release without some
 * columns, or with some left blank, still loads: what is missing is null.
 */
export const PLUTO: DatasetSpec<PlutoRow> = {
  name: 'pluto',
  title: 'PLUTO',
  requiredColumns: ['borough', 'bbl', 'address', 'bldgclass', 'landuse'],
  // SODA leaves out keys whose value is null: a lot always has its borough and BBL.
  requiredJsonKeys: ['borough', 'bbl'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parse),
};
