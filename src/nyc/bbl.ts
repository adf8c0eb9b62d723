import { Borough, BOROUGHS, boroughCode, boroughOfCode, parseBorough } from './boroughs';

/**
 * BBL and BIN: how the city's data sets name a tax lot and a building.
 *
 * A BBL is 10 digits: borough code (1) + block (5, zero padded) + lot (4, zero padded).
 * The data sets write it in many ways, and these parsers read all the ones that occur
 * (see ../../shared/data/nyc/SCHEMAS.md): a BBL column ('3011510060'), a float from
 * PLUTO or a portal CSV ('2029580065.00', '5033620065.00000000'), and separate
 * borough / block / lot columns where the borough is a code, a name or PLUTO's letters
 * and block and lot come unpadded ('1151', '60'), padded ('01201', '0043') or over-padded
 * (DOB violations write a 5-digit lot, '00063').
 * Anything else is no BBL, not a guess: DOHMH's bbl column holding only the borough digit
 * ('1'), DOB job filings' "BBL" column holding a BIN ('4284335'), OATH's 'NOT NYC'.
 */

export interface TaxLot {
  borough: Borough;
  /** 1-99999 */
  block: number;
  /** 1-9999 */
  lot: number;
}

const MAX_BLOCK = 99_999;
const MAX_LOT = 9_999;

/** A block or lot number written with or without zero padding; null beyond `max` digits' worth. */
function parseLotNumber(text: string | number | null | undefined, max: number): number | null {
  const digits = String(text ?? '').trim();
  if (!/^\d{1,6}$/.test(digits)) return null;
  const value = Number(digits);
  return value >= 1 && value <= max ? value : null;
}

/** The 10-digit BBL of a tax lot. */
export function formatBbl({ borough, block, lot }: TaxLot): string {
  return `${boroughCode(borough)}${String(block).padStart(5, '0')}${String(lot).padStart(4, '0')}`;
}

/** Borough (code, name or PLUTO letters), block and lot as separate columns -> the 10-digit BBL, or null. */
export function bblFromParts(borough: string | number | null | undefined, block: string | number | null | undefined, lot: string | number | null | undefined): string | null {
  const taxLot = taxLotFromParts(borough, block, lot);
  return taxLot ? formatBbl(taxLot) : null;
}

export function taxLotFromParts(borough: string | number | null | undefined, block: string | number | null | undefined, lot: string | number | null | undefined): TaxLot | null {
  const parsedBorough = parseBorough(String(borough ?? ''));
  const parsedBlock = parseLotNumber(block, MAX_BLOCK);
  const parsedLot = parseLotNumber(lot, MAX_LOT);
  if (!parsedBorough || parsedBlock === null || parsedLot === null) return null;
  return { borough: parsedBorough, block: parsedBlock, lot: parsedLot };
}

/** '1001230045', '1001230045.00' (a float export), '1-00123-0045', '1 123 45', 'MN 123 45'. */
const WHOLE_BBL = /^([1-5])(\d{5})(\d{4})(?:\.0*)?$/;
const SEPARATED_BBL = /^([^\s/-]+(?: [a-z]+)?)[\s/-]+(\d{1,5})[\s/-]+(\d{1,5})$/i;

/** A BBL in any one-value form the city writes it -> the 10-digit BBL, or null. */
export function parseBbl(text: string | number | null | undefined): string | null {
  const taxLot = parseTaxLot(text);
  return taxLot ? formatBbl(taxLot) : null;
}

export function parseTaxLot(text: string | number | null | undefined): TaxLot | null {
  const value = String(text ?? '').trim();
  const whole = WHOLE_BBL.exec(value);
  if (whole) return taxLotFromParts(whole[1], whole[2], whole[3]);
  const separated = SEPARATED_BBL.exec(value);
  return separated ? taxLotFromParts(separated[1], separated[2], separated[3]) : null;
}

/**
 * The city's "million" BINs (1000000, 2000000, ... 5000000) and their x999999 kin (LL84's
 * `1999999`): a placeholder for a lot whose building has no BIN yet, not a building. They
 * read as no BIN.
 */
const PLACEHOLDER_BINS = new Set(BOROUGHS.flatMap((borough) => [`${boroughCode(borough)}000000`, `${boroughCode(borough)}999999`]));

/** A BIN that names no building: a million BIN (1000000 ... 5000000) or its x999999 kin. */
export function isPlaceholderBin(bin: string): boolean {
  return PLACEHOLDER_BINS.has(bin);
}

/** A 7-digit BIN whose first digit is the borough code -> the BIN, or null (placeholders too). */
export function parseBin(text: string | number | null | undefined): string | null {
  const match = /^([1-5]\d{6})(?:\.0*)?$/.exec(String(text ?? '').trim());
  if (!match || isPlaceholderBin(match[1])) return null;
  return match[1];
}

/** The borough a BIN (or BBL) starts with. */
export function boroughOfBin(bin: string): Borough | null {
  return boroughOfCode(Number(bin.charAt(0)));
}
