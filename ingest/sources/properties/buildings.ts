import { parseBin, parseBisDate, parseCityDate } from '../../../src/nyc';
import type { RawRecord } from '../columns';
import { RowRejection, spacedText, textField } from '../dataset';
import { rowBbl } from './tax-lot';

/**
 * One record of a compliance-evidence dataset (complaints, facade filings, elevator
 * devices, energy benchmarking and grades, HPD registrations), as property_filings stores
 * it: the lot or the building it names, its own date, status and class words, the typed
 * facts the deadline rules read (`Facts`, per dataset), and the source's fields.
 */
export interface FilingRow<Facts> {
  /** What the dataset keeps stable for the record. */
  sourceId: string;
  /** The lot; null when the row names only its building (joined by BIN at load). */
  bbl: string | null;
  /** Null when blank or a placeholder BIN. */
  bin: string | null;
  /** The record's own date (entered, inspected, registered). */
  filedOn: string | null;
  /** The date it lapses, where the dataset has one. */
  endOn: string | null;
  status: string | null;
  /** The record's class: complaint category, device type, energy grade. */
  category: string | null;
  facts: Facts;
  /** The row's fields as the dataset wrote them (trimmed, inner space runs made one, blanks left out), by column key. */
  fields: Record<string, string>;
}

/** A required text column; a blank one rejects the row. */
export function requiredText(record: RawRecord, key: string, label: string): string {
  const value = textField(record[key]);
  if (value === null) throw new RowRejection(`missing ${label}`);
  return value;
}

/** A date in either city format (MM/DD/YYYY, ISO); blank is null, anything else unreadable rejects the row. */
export function cityDate(record: RawRecord, key: string, label: string): string | null {
  const value = parseCityDate(record[key]);
  if (value === undefined) throw new RowRejection(`unreadable ${label} "${record[key]}"`);
  return value;
}

/** A date as BIS writes it (parseBisDate: MM/DD/YYYY, YYYYMMDD, ...); blank is null, anything else unreadable rejects the row. */
export function bisDate(record: RawRecord, key: string, label: string): string | null {
  const value = parseBisDate(record[key]);
  if (value === undefined) throw new RowRejection(`unreadable ${label} "${record[key]}"`);
  return value;
}

/** The source fields kept with a record: every non-blank column, padding runs made one space. */
export function sourceFields(record: RawRecord): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    const text = spacedText(value);
    if (text !== null && key !== '') fields[key] = text;
  }
  return fields;
}

/**
 * The building a row names by its BIN alone, its lot found at load through the buildings
 * other datasets place on lots; a row without a real BIN is rejected with `missing`.
 */
export function buildingOnly(binText: string | undefined, missing: string): { bbl: string | null; bin: string | null } {
  return lotOrBuilding(null, { borough: null, block: null, lot: null }, binText, missing);
}

/**
 * The lot and building a row names: the BBL from its BBL column or borough/block/lot
 * (agreeing when both, see rowBbl), the BIN from its BIN column (placeholders read as
 * none). A row with no lot but a real BIN is kept for the load to join by BIN; a row with
 * neither is rejected with `missing`.
 */
export function lotOrBuilding(
  bblText: string | null,
  parts: { borough: string | null; block: string | number | null; lot: string | number | null },
  binText: string | undefined,
  missing: string,
): { bbl: string | null; bin: string | null } {
  const bin = parseBin(binText);
  const named = bblText !== null || (parts.borough !== null && parts.block !== null && parts.lot !== null);
  if (!named && bin !== null) return { bbl: null, bin };
  try {
    return { bbl: rowBbl(bblText, parts, missing), bin };
  } catch (error) {
    // A lot that cannot be read (blank block, lot 0) still leaves the building to join by.
    if (error instanceof RowRejection && bin !== null && bblText === null) return { bbl: null, bin };
    throw error;
  }
}
