import type { RawRecord } from './columns';
import type { RawItem, ReadOptions } from './raw-items';

export type SourceFormat = 'csv' | 'json';

export type ParsedRecord<Row> = { row: Row } | { reason: string };

/**
 * What a family declares about one of the city's data sets; the readers, the file and URL
 * sources and the keyed load do the rest.
 */
export interface DatasetSpec<Row> {
  /** Its name on the command line (`npm run ingest -- <name> --file|--url`) and in reports. */
  name: string;
  /** What the file is, for the error that refuses any other file: "not a <title> file". */
  title: string;
  /** Column keys (columnKey form) a CSV header must have, or it is not this data set. */
  requiredColumns: readonly string[];
  /** SODA JSON leaves out keys whose value is null: the first record must carry these. */
  requiredJsonKeys: readonly string[];
  /** Portal and SODA CSV exports, SODA JSON; each from a file or paged from a URL. */
  formats: readonly SourceFormat[];
  /** One raw record (either format) into a typed row, or the reason it cannot be used. */
  parse(record: RawRecord): ParsedRecord<Row>;
}

/** A typed row (with the record it was parsed from) or a rejected record, each with the line it came from. */
export type SourceItem<Row> = { line: number; row: Row; record?: RawRecord } | { line: number; reason: string; record?: RawRecord };

export interface Source<Row> {
  /** For logs and the run record: the file path or URL. */
  description: string;
  items: AsyncIterable<SourceItem<Row>>;
  /** Bytes consumed so far and, for files, in total: the progress bar's ETA. */
  bytesRead(): number;
  totalBytes: number | null;
  /**
   * A file's records read again from its start, not parsed (each call a new read): a
   * re-ingest digests them before parsing any. `keep` sees each record's values first; the
   * records it refuses are neither built nor yielded.
   */
  rawRecords?(keep?: ReadOptions['keep']): { records: AsyncIterable<RawItem>; bytesRead(): number };
}

/** Thrown by a row parser: the row is rejected with this message as its reason. */
export class RowRejection extends Error {}

/** A parser that throws RowRejection, as a DatasetSpec parse (other errors are bugs and propagate). */
export function rejectingParser<Row>(parse: (record: RawRecord) => Row): (record: RawRecord) => ParsedRecord<Row> {
  return (record) => {
    try {
      return { row: parse(record) };
    } catch (error) {
      if (error instanceof RowRejection) return { reason: error.message };
      throw error;
    }
  };
}

/** A trimmed text field; empty is null. */
export function textField(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** A trimmed text field with its runs of spaces made one: the exports pad fixed-width fields ('WEST   88 STREET'). */
export function spacedText(value: string | undefined): string | null {
  return textField(value)?.replace(/\s+/g, ' ') ?? null;
}

/** A number field; empty is null, anything else unreadable rejects the row. */
export function numberField(record: RawRecord, key: string, label: string): number | null {
  const value = textField(record[key]);
  if (value === null) return null;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new RowRejection(`unreadable ${label} "${value}"`);
  return parsed;
}
