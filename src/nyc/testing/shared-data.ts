import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

/** The city's real data in the shared folder beside the repository; tests that read it skip when it is absent. */
export const NYC_DATA_DIR = path.resolve(__dirname, '../../../../shared/data/nyc');

export function nycDataPresent(file: string): boolean {
  return fs.existsSync(path.join(NYC_DATA_DIR, file));
}

/** `describe` when the file is there, `describe.skip` otherwise. */
export function describeWithNycData(file: string): jest.Describe {
  return nycDataPresent(file) ? describe : describe.skip;
}

/** The rows of a CSV from the shared folder, keyed by header (some files end lines with CR only). */
export function readNycCsv(file: string): Array<Record<string, string>> {
  // Jest runs a skipped describe's body to collect its tests: without the file there is nothing to read.
  if (!nycDataPresent(file)) return [];
  const text = fs.readFileSync(path.join(NYC_DATA_DIR, file), 'utf8');
  return parse(text, { columns: true, skip_empty_lines: true, relax_column_count: true, bom: true, record_delimiter: ['\r\n', '\n', '\r'] });
}
