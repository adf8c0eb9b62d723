import type { RawRecord } from './columns';

/** A record as read (not yet typed), or a record the reader could not make out. */
export type RawItem = { line: number; record: RawRecord } | { line: number; reason: string };

export interface ReadOptions {
  /**
   * Added to every reported line number: when a URL is read page by page each page is a
   * separate document, but lines are reported as if the pages were one file.
   */
  lineOffset?: number;
  /**
   * Sees each well-formed record's values before a record is built of them (CSV: in the
   * header's column order); false drops it unbuilt and unyielded (the caller counts it).
   * A re-ingest digests, or skips, most records this way: building 27 keyed properties per
   * row was most of a pass's cost.
   */
  keep?: (values: string[], columns: readonly string[]) => boolean;
}
