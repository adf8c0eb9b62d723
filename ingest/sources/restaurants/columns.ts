/**
 * Both real formats name the same columns differently: the portal export writes
 * 'INSPECTION DATE' and 'Latitude', the SODA API 'inspection_date' and 'latitude'.
 * Lower-casing and turning every run of punctuation into '_' makes them one vocabulary.
 */
export function columnKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Without these a file is not the DOHMH restaurant inspection data set at all. */
export const REQUIRED_COLUMNS = ['camis', 'dba', 'inspection_date'] as const;

/** A record keyed by column key; absent columns read as undefined. */
export type RawRecord = Record<string, string | undefined>;

export function missingColumns(keys: string[]): string[] {
  return REQUIRED_COLUMNS.filter((column) => !keys.includes(column));
}

export class NotARestaurantFileError extends Error {
  constructor(missing: string[]) {
    super(`not a DOHMH restaurant inspection file: missing column(s) ${missing.join(', ')}`);
  }
}
