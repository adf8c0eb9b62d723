import type { Pool, PoolClient } from 'pg';
import type { ChangeKinds } from '../../src/domain/changes';
import type { DatasetFacts } from '../../src/domain/datasets';
import type { IndexedDocument } from '../index/bulk';
import type { RawRecord } from '../sources/columns';
import type { DatasetSpec } from '../sources/dataset';

/** One Elasticsearch index of a family, read through the store's alias of the same name. */
export interface FamilyIndex {
  /** The alias, and its definition's file: index-mappings/<name>.json. */
  name: string;
  /** Merged to one segment after a rebuild: small indices read on every keystroke answer fastest so. */
  forceMerge?: boolean;
}

/**
 * What the generic indexing runs on (outbox relay, rebuild, verify, rederive): a family's
 * entities, the Postgres rows that are their truth, and the documents built from them.
 */
export interface Family {
  /** `--family` on the command line, ingest_runs.family. */
  name: string;
  /** Its entities in words, for progress and reports ('establishments'). */
  entities: string;
  /** One row per entity, keyed by `key` (the keys query); its `version` column is every document's external version. */
  entityTable: string;
  key: string;
  /** Where the entity table's versions come from. */
  versionSequence: string;
  /** Transactional outbox: rows (id bigserial, <key>), written in the transaction of each change. */
  outbox: string;
  indices: readonly FamilyIndex[];
  /** Aliases of earlier releases: an upgrade deletes them and their indices. */
  legacyAliases: readonly string[];
  /** Names this family's advisory locks: `<lockName>-ingest`, `<lockName>-indexer`, per schema. */
  lockName: string;
  /**
   * Every document of these entities by index name, built from Postgres alone: the relay,
   * the rebuild and verify all call this, so they cannot disagree.
   */
  buildDocuments(pg: Pool | PoolClient, keys: string[]): Promise<Record<string, IndexedDocument[]>>;
  /**
   * Recomputes the derived values of these entities as of `asOf` in the caller's
   * transaction and writes those that differ; returns the keys written.
   */
  rederive(client: PoolClient, keys: string[], asOf: Date): Promise<string[]>;
  /** What the change feed reads of an entity to tell what changed (ingest/changes/feed.ts); a family without it records no changes. */
  changes?: ChangeStateQuery;
}

/** One entity's state as the change feed compares it, with where it is (for webhook selection). */
export interface ChangeStateRow {
  key: string;
  zip: string | null;
  borough: string | null;
  /** The state its family's kinds compare (ChangeKinds' State). */
  state: object;
}

/**
 * A family's change-feed state query: `sql` takes $1 the keys and $2 the clock's date and
 * answers a ChangeStateRow per entity; `withClock` adds what the rules compute on the clock.
 */
export interface ChangeStateQuery {
  /** The family's kinds of change: what the feed records of two states. */
  kinds: ChangeKinds<object>;
  sql: string;
  withClock?: (client: PoolClient, rows: ChangeStateRow[], asOf: Date) => Promise<void>;
}

/** Staged rows of some entities, in file order, each with its source line. */
export type NumberedRows<Row> = Array<{ line: number; row: Row }>;

/**
 * A data set loaded by the keyed-load skeleton (staging, digests, row accounting, lock,
 * chunked transactions, outbox) into one family.
 */
export interface KeyedDataset<Row> {
  family: Family;
  source: DatasetSpec<Row>;
  /** The entity a row belongs to. Never holds a tab or newline (staging splits on them). */
  keyOf(row: Row): string;
  /** The row as staged and digested: its JSON, less what changes with every export and says nothing of the records. */
  stagedJson(row: Row): string;
  /** Salts every digest: change it when the way rows become canonical records changes (with `rawKeyColumn`, also when the way records are parsed changes). */
  digestSalt: string;
  /**
   * The column key of the raw column naming a record's entity before it is parsed: its
   * trimmed value is keyOf of the parsed row whenever the row is accepted (empty: no
   * entity). A data set with it is digested from its raw records (ingest/load/raw-digests.ts),
   * so a re-ingest skips the unchanged entities without parsing their rows (their
   * accounting is replayed). Not with `unknownValues`, which counts every row read.
   */
  rawKeyColumn?: string;
  /** With `rawKeyColumn`: the column keys its digest leaves out, those that change with every export and say nothing of the records. */
  volatileColumns?: readonly string[];
  /** The digest of each entity's rows last applied, with that application's accounting: (<key>, hash, rows_loaded, rows_merged). */
  sourceHashes: string;
  /**
   * Applies every staged row of these entities in the caller's transaction: canonical
   * upserts, derived values of what changed. Returns the lines merged into an earlier row
   * as duplicates, and the keys of the entities it changed (the skeleton gives those new
   * versions and outbox rows). A row that only the stores can tell is unusable (a building
   * no loaded dataset has placed on a lot) is returned in `rejected` with its reason: the
   * run counts and reports it as rejected, and its entity's digest is not recorded, so the
   * next run tries it again.
   */
  apply(client: PoolClient, rows: NumberedRows<Row>, asOf: Date): Promise<{ duplicateLines: number[]; changed: string[]; rejected?: Array<{ line: number; reason: string }> }>;
  /**
   * Every statement of a chunk's transaction (the apply, versions, outbox, change feed,
   * digests) reads its tables by the chunk's keys through an index: the chunk is planned
   * without sequential scans, hash or merge joins (pipeline.ts keyedPlans), so a chunk costs
   * its keys whatever the tables hold. Only for a data set whose every such statement has an
   * index to look its keys up by: a join without one would become a nested loop of scans.
   */
  keyedPlans?: boolean;
  /**
   * The values of a row (a status column's) that the dataset's mapping does not know, as
   * `COLUMN "value"`: the row still loads, read as the mapping documents, and the run's
   * summary counts each value so a new city vocabulary is seen. Every row read is counted,
   * whether or not its entity is applied again.
   */
  unknownValues?(row: Row, asOf: Date): string[];
  /**
   * What other families derive from this data set as a whole (DerivedStep), run after every
   * load of it: set by ingest/families/index.ts from the families' declarations.
   */
  derived?: readonly DerivedStep[];
  /**
   * What a full sync (ingest/sync) does with this data set's records the city no longer
   * publishes. Without it they are kept (the registry's `removal` says why for the data set).
   */
  removal?: RecordRemoval<Row>;
}

/** How a full sync removes the records of a data set absent from the pass. */
export interface RecordRemoval<Row> {
  /** A record's id as the data set stores it, from its row. */
  recordId(row: Row): string;
  /**
   * The same id from a row the reader rejected, so its record (read from an earlier row) is
   * not taken for dropped; null when the raw row does not tell it. A full pass with a
   * rejected row whose id is unknown removes nothing.
   */
  recordIdOfRaw(record: RawRecord): string | null;
  /**
   * Deletes the data set's records whose id is not in `seen` (a temporary table with one text
   * column, id) in the caller's transaction; returns how many, and the entities they changed.
   */
  remove(client: PoolClient, seen: string, asOf: Date): Promise<{ removed: number; changed: string[] }>;
}

/**
 * What a family derives from other families' data sets as a whole (owner portfolios join lots
 * across the city), rather than entity by entity: run after every load of one of those data
 * sets, changed or not, in a transaction of its own under the load's lock, then its family's
 * outbox is drained. A run killed between a load's last chunk and this leaves the derived
 * tables as they were; the next load of the data set runs it again.
 */
export interface DerivedStep {
  family: Family;
  /** The data sets (registry names) whose loads it follows. */
  from: readonly string[];
  /** Resolves to what it made, for the load's summary (e.g. portfolios, lots, changed), or nothing. */
  run(client: PoolClient, asOf: Date): Promise<Record<string, number> | void>;
}

/**
 * A family as the ingest knows it, the one thing its folder under ingest/families exports to
 * the rest: its indexing descriptor, every data set it loads (what it declares of each, and its keyed load), and
 * its test-mode fixture (a file per data set, in load order). ingest/families/index.ts lists
 * them once; the registry, the command line, the fixture, the worker and the bench read that list.
 */
export interface IngestFamily {
  family: Family;
  /** What the family declares of its data sets (src/domain/<family>/datasets.ts), in load order: each is one of `datasets`. */
  facts: readonly DatasetFacts[];
  datasets: readonly KeyedDataset<unknown>[];
  fixture: ReadonlyArray<{ dataset: KeyedDataset<unknown>; file: string }>;
  /** What it derives from other families' data sets (its entities have no data set of their own). */
  derived?: readonly DerivedStep[];
}

