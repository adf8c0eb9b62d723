/**
 * The real formats name the same columns differently: a portal export writes
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

/** A record keyed by column key; absent columns read as undefined. */
export type RawRecord = Record<string, string | undefined>;

export function missingColumns(required: readonly string[], keys: string[]): string[] {
  return required.filter((column) => !keys.includes(column));
}

/** The file (or page) is not the data set it was given as: none of its rows can be read. */
export class WrongDatasetError extends Error {
  constructor(title: string, missing: string[]) {
    super(`not a ${title} file: missing column(s) ${missing.join(', ')}`);
  }
}
