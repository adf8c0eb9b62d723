/**
 * What the project knows of a city data set it reads: what the city publishes of it and where
 * its records are held here. Each family declares its own (src/domain/<family>/datasets.ts);
 * the registry is every family's, in the families' order (src/families.ts; the ingest joins
 * each entry to its reader and keyed load in ingest/families/registry.ts). The API reads it to
 * say how fresh each data set is (GET /meta/sources) and what a deadline's evidence covers.
 */

/** How often the city publishes a data set anew ('fixed': a file published once, never updated). */
export type Cadence = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly' | 'fixed';

export interface DatasetFacts {
  /** The command-line word (`npm run ingest -- <name>`, `npm run sync -- <name>`) and its name everywhere. */
  name: string;
  /** The family its records belong to. */
  family: string;
  /** The data set's title as the city publishes it. */
  title: string;
  /** The portal's id (`<portal>/resource/<id>.json`); null for a file the portal does not publish, which only `npm run ingest -- <name> --file` loads. */
  socrataId: string | null;
  cadence: Cadence;
  /** The record a row is, and the entity it belongs to, in words. */
  key: string;
  /** Data sets to load first: their rows place what this one's rows name, such as a building's lot. */
  follows: readonly string[];
  /** The portal's system fields (`:id`, `:updated_at`) serve incremental fetches: a sync asks only for rows changed since the last one. */
  incremental: boolean;
  /** Where its reader's columns come from: a real sample of its current shape, or the portal's published column list. */
  shape: 'real sample' | 'published columns';
  /** Its records as held: the table, this data set's rows in it, and the column of a record's own date (null: none). */
  records: { table: string; where?: string; date: string | null };
  /**
   * What a full sync does with a record the city no longer publishes: `removed` (it stops
   * being served, and the change feed records what that changes) or `kept`, and why.
   */
  dropped: { action: 'removed' | 'kept'; why: string };
}

export const REMOVED = (what: string): DatasetFacts['dropped'] => ({ action: 'removed', why: `${what} stops being served` });
/** A file the portal does not publish is never synced: nothing is ever compared with it. */
export const NEVER_SYNCED: DatasetFacts['dropped'] = { action: 'kept', why: 'a file, never synced: loaded again by hand' };
