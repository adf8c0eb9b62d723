import type { PoolClient } from 'pg';
import { inTransaction, withAdvisoryLock } from '../../src/db/transaction';
import type { DataStore } from '../../src/stores';
import type { Family, KeyedDataset, NumberedRows } from './types';
import { mergeAfterLargeLoad, pauseRefreshes, refreshIndices, restoreRefreshes } from '../index/indices';
import { drainOutbox, startBackgroundRelay } from '../index/outbox-relay';
import { textField, type Source, type SourceItem } from '../sources/dataset';
import { recordChanges } from './changes';
import { recordChangeFeed } from '../changes/feed';
import { Progress, silentProgress } from './progress';
import { RawDigests } from './raw-digests';
import { createStagingTable, dropStagingTable, indexStagingTable, nextStagedChunk, RawDigestsOfRun, recordDigests, stageRows } from './staging';

export interface IngestOptions {
  /** The clock of every derived value; defaults to now. The fixture passes its reference date. */
  asOf?: Date;
  /** Rows per staging insert. */
  batchSize?: number;
  /** Entities per transaction while applying (at most). */
  chunkSize?: number;
  /** Staged rows per transaction while applying (at most, unless one entity alone has more): bounds memory. */
  chunkRows?: number;
  progress?: Progress;
  /** Drain the outbox into Elasticsearch at the end (default true). */
  index?: boolean;
  /** Test seam: runs after each committed chunk (throwing here simulates a crash). */
  afterChunk?: (chunkNumber: number) => void | Promise<void>;
  /**
   * Runs in the transaction of the last chunk applied (in one of its own when the last chunk
   * changed nothing), once every row is applied: what must commit with the run's last rows,
   * such as a sync's position on the portal. A run killed before it leaves it unwritten.
   */
  finish?: (client: PoolClient) => Promise<void>;
}

export interface IngestSummary {
  runId: number;
  source: string;
  rowsRead: number;
  rowsLoaded: number;
  rowsMerged: number;
  rowsRejected: number;
  /** Rejections grouped by reason (values quoted in a reason are dropped from the key). */
  rejectionsByReason: Record<string, number>;
  /** Rows whose status values the dataset's mapping does not know (still loaded), by `COLUMN "value"`. */
  unknownValues: Record<string, number>;
  /** The first rejections (all of them are in ingest_rejections for the run). */
  rejections: Array<{ line: number; reason: string }>;
  /** The family's entities (for restaurants, establishments) the source has rows of, and those the run changed. */
  entitiesInFile: number;
  entitiesChanged: number;
  documentsIndexed: number;
  durationMs: number;
  /** Wall time of each phase: reading (parse and stage), applying (with indexing alongside), final indexing. */
  phasesMs: { reading: number; applying: number; indexing: number };
  /**
   * Each derived step the load ran (DerivedStep, e.g. the owners' regrouping): its family, its
   * wall time (inside applying), what it reported, and the indexing of its family's outbox after.
   */
  derived: Array<{ family: string; ms: number; figures: Record<string, number>; indexMs: number; documents: number }>;
}

const REJECTION_SAMPLE = 100;
/** Loads of at least this many rows index with Elasticsearch's periodic refreshes paused (a smaller one meets few refreshes and would pay two settings updates). */
const PAUSE_REFRESHES_FROM_ROWS = 20_000;

/**
 * A chunk of a data set with keyedPlans, planned as index lookups of its keys: the planner
 * prices a few thousand keys' lookups above a hash join over a whole table, which then costs
 * what the table holds, not what the chunk changes. Local to the chunk's transaction.
 */
const KEYED_PLANS = 'set local enable_seqscan = off; set local enable_hashjoin = off; set local enable_mergejoin = off';
const DEFAULT_PLANS = 'set local enable_seqscan to default; set local enable_hashjoin to default; set local enable_mergejoin to default';

const ingestLock = (store: DataStore, family: Family) => `${family.lockName}-ingest:${store.schema}`;

/** One ingest (or rebuild, or rederive) of a family at a time per data schema: a session advisory lock, held for the whole run. */
export function withIngestLock<T>(store: DataStore, family: Family, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return withAdvisoryLock(store.pg, ingestLock(store, family), work);
}

/** withIngestLock when no run of the family holds it now; `{ locked: false }` at once otherwise. */
export function withIngestLockIfFree<T>(store: DataStore, family: Family, work: (client: PoolClient) => Promise<T>): Promise<{ locked: true; result: T } | { locked: false }> {
  return withAdvisoryLock(store.pg, ingestLock(store, family), work, { wait: false });
}

interface AppliedCounts {
  rowsLoaded: number;
  rowsMerged: number;
  /** Rows the dataset's apply rejected (already written to ingest_rejections). */
  rowsRejected: number;
  changed: number;
}

/**
 * Applies the staged rows entity by entity in chunks, each chunk one transaction: the
 * dataset's canonical upserts and derived values, new versions and outbox rows of what
 * changed, and the digests. Entities whose rows digest as last time are skipped.
 */
async function applyStagedRows<Row>(
  client: PoolClient,
  dataset: KeyedDataset<Row>,
  options: {
    runId: number;
    asOf: Date;
    chunkSize: number;
    chunkRows: number;
    progress: Progress;
    rawDigests?: RawDigestsOfRun;
    afterChunk?: (chunkNumber: number) => void | Promise<void>;
    finish?: (client: PoolClient) => Promise<void>;
  },
): Promise<AppliedCounts> {
  const counts: AppliedCounts = { rowsLoaded: 0, rowsMerged: 0, rowsRejected: 0, changed: 0 };
  let applied = 0;
  let chunkNumber = 0;
  let finished = false;
  for (let after = ''; ; ) {
    // Entities whose rows digest as last time cannot change: only the others are read back and applied.
    const { keys, unchanged, changed, rows: staged } = await nextStagedChunk<Row>(client, dataset, after, { entities: options.chunkSize, rows: options.chunkRows }, options.rawDigests);
    if (keys.length === 0) break;
    after = keys[keys.length - 1];
    counts.rowsLoaded += unchanged.loaded;
    counts.rowsMerged += unchanged.merged;
    if (staged.length) counts.changed += await inTransaction(client, async () => {
      if (dataset.keyedPlans) await client.query(KEYED_PLANS);
      const result = await dataset.apply(client, staged, options.asOf);
      const rejected = result.rejected ?? [];
      counts.rowsLoaded += staged.length - result.duplicateLines.length - rejected.length;
      counts.rowsMerged += result.duplicateLines.length;
      counts.rowsRejected += rejected.length;
      const all = [...new Set(result.changed)].sort();
      await recordChanges(client, dataset.family, all);
      await recordChangeFeed(client, dataset.family, all, options.asOf);
      let applied = changed;
      if (rejected.length) {
        await client.query('insert into ingest_rejections (run_id, line, reason) select $1, * from unnest($2::integer[], $3::text[])', [
          options.runId, rejected.map((r) => r.line), rejected.map((r) => r.reason),
        ]);
        // An entity with a rejected row keeps no digest: the next run applies it again.
        const rejectedLines = new Set(rejected.map((r) => r.line));
        const retried = new Set(staged.filter(({ line }) => rejectedLines.has(line)).map(({ row }) => dataset.keyOf(row)));
        applied = changed.filter((digest) => !retried.has(digest.key));
      }
      await recordDigests(client, dataset, applied, staged, result.duplicateLines);
      if (options.finish) {
        const { rows: more } = await client.query('select exists (select 1 from ingest_staging where key > $1) as more', [after]);
        if (!more[0].more) {
          // What finishes a run (a full sync's removal of what the city dropped) reads whole tables.
          if (dataset.keyedPlans) await client.query(DEFAULT_PLANS);
          await options.finish(client);
          finished = true;
        }
      }
      return all.length;
    });
    chunkNumber += 1;
    applied += keys.length;
    options.progress.update(applied, counts.rowsLoaded + counts.rowsMerged);
    await options.afterChunk?.(chunkNumber);
  }
  if (options.finish && !finished) await inTransaction(client, options.finish);
  return counts;
}

/**
 * A file's records read again for a data set digested from its raw records: those of the
 * entities unchanged since their last application are counted, neither built nor parsed;
 * the others are parsed. An entity with a rejected row is noted: its digest is not recorded.
 */
async function* parsedUnlessUnchanged<Row>(
  dataset: KeyedDataset<Row>,
  source: Source<Row>,
  digests: RawDigests,
  unchanged: ReadonlySet<string>,
  undigested: Set<string>,
): AsyncGenerator<SourceItem<Row> | { line: number; unchanged: number }> {
  let skipped = 0;
  const keep = (values: string[], columns: readonly string[]) => {
    const key = digests.keyOfValues(values, columns);
    if (key === null || !unchanged.has(key)) return true;
    skipped += 1;
    return false;
  };
  for await (const item of source.rawRecords!(keep).records) {
    if (skipped) {
      yield { line: item.line, unchanged: skipped };
      skipped = 0;
    }
    if ('reason' in item) {
      yield item;
      continue;
    }
    const key = textField(item.record[dataset.rawKeyColumn!]);
    const parsed = dataset.source.parse(item.record);
    if ('reason' in parsed) {
      if (key !== null) undigested.add(key);
      yield { line: item.line, reason: parsed.reason };
      continue;
    }
    if (dataset.keyOf(parsed.row) !== key) throw new Error(`${dataset.source.name}: line ${item.line} names entity "${key}" as read and "${dataset.keyOf(parsed.row)}" parsed`);
    yield { line: item.line, row: parsed.row };
  }
  if (skipped) yield { line: 0, unchanged: skipped };
}

/**
 * Reads a source of a data set into its family's canonical tables, recomputes derived
 * values of the entities whose records changed, and (by default) drains the outbox to
 * Elasticsearch. Every row is accounted for: loaded, merged into an earlier duplicate, or
 * rejected with its line and reason. Each chunk of entities is one transaction covering
 * its canonical rows, derived values and outbox rows, so a run killed at any point leaves
 * the stores consistent and the next run completes it. The same file twice changes nothing.
 */
export async function ingestDataset<Row>(store: DataStore, dataset: KeyedDataset<Row>, source: Source<Row>, options: IngestOptions = {}): Promise<IngestSummary> {
  const family = dataset.family;
  const started = Date.now();
  const asOf = options.asOf ?? new Date();
  const batchSize = options.batchSize ?? 5000;
  const chunkSize = options.chunkSize ?? 2000;
  const chunkRows = options.chunkRows ?? 10_000;
  const progress = options.progress ?? silentProgress;

  let relayedDocuments = 0;
  const phasesMs = { reading: 0, applying: 0, indexing: 0 };
  const derived: IngestSummary['derived'] = [];
  const summary = await withIngestLock(store, family, async (client) => {
    const run = await client.query('insert into ingest_runs (family, source, as_of) values ($1, $2, $3) returning id', [family.name, source.description, asOf]);
    const runId = Number(run.rows[0].id);
    await createStagingTable(client);
    // Every commit of a load waits for its WAL to reach the disk (few commits: one per
    // chunk): what the relay may already have indexed, and what the run reports as loaded,
    // must survive a Postgres crash. A chunk's rows are sorted by key and line for its
    // digests in memory, not on disk; reset before the client goes back to the pool.
    await client.query(`set work_mem = '64MB'`);
    try {
      // 1. Stream the source into staging; rejections go straight to the report table.
      //    A data set digested from its raw records skips its unchanged entities: from a
      //    file before parsing them (a first pass digests), from a URL after staging them.
      const digests = dataset.rawKeyColumn ? new RawDigests(dataset as KeyedDataset<unknown>) : null;
      const undigested = new Set<string>();
      let unchanged: Awaited<ReturnType<RawDigests['unchanged']>> = { keys: new Set(), loaded: 0, merged: 0 };
      let items: AsyncIterable<SourceItem<Row> | { line: number; unchanged: number }> = source.items;
      if (digests && source.rawRecords) {
        progress.phase('digesting', source.totalBytes, 'bytes');
        // Every record is digested from its values as read; none is built or yielded.
        let count = 0;
        const { records, bytesRead } = source.rawRecords((values, columns) => {
          digests.addValues(values, columns);
          if (++count % 50_000 === 0) progress.update(bytesRead(), count);
          return false;
        });
        for await (const _rejected of records) count += 1;
        unchanged = await digests.unchanged(client);
        items = parsedUnlessUnchanged(dataset, source, digests, unchanged.keys, undigested);
      }
      progress.phase('reading', source.totalBytes, 'bytes');
      let rowsRead = 0;
      let rowsRejected = 0;
      let rows: NumberedRows<Row> = [];
      let rejections: Array<{ line: number; reason: string }> = [];
      const unknownValues: Record<string, number> = {};
      // One staging insert in flight while the next batch is parsed.
      let inFlight: Promise<void> = Promise.resolve();
      const flushRejections = async () => {
        if (!rejections.length) return;
        await inFlight;
        await client.query('insert into ingest_rejections (run_id, line, reason) select $1, * from unnest($2::integer[], $3::text[])', [
          runId, rejections.map((r) => r.line), rejections.map((r) => r.reason),
        ]);
        rejections = [];
      };
      const digestedAsRead = digests && !source.rawRecords ? digests : null;
      for await (const item of items) {
        if ('unchanged' in item) {
          rowsRead += item.unchanged;
          continue;
        }
        rowsRead += 1;
        const key = digestedAsRead && item.record ? digestedAsRead.add(item.record) : null;
        if ('row' in item) {
          rows.push({ line: item.line, row: item.row });
          for (const value of dataset.unknownValues?.(item.row, asOf) ?? []) unknownValues[value] = (unknownValues[value] ?? 0) + 1;
        } else {
          rowsRejected += 1;
          if (key !== null) undigested.add(key);
          rejections.push({ line: item.line, reason: item.reason });
          if (rejections.length >= batchSize) await flushRejections();
        }
        if (rows.length >= batchSize) {
          const batch = rows;
          rows = [];
          await inFlight;
          inFlight = stageRows(client, dataset, batch);
          // Handled when awaited; this only keeps a failure from counting as unhandled meanwhile.
          inFlight.catch(() => undefined);
          progress.update(source.bytesRead(), rowsRead);
        }
      }
      await inFlight;
      await stageRows(client, dataset, rows);
      await flushRejections();
      progress.update(source.totalBytes ?? source.bytesRead(), rowsRead);
      if (digestedAsRead) {
        unchanged = await digestedAsRead.unchanged(client);
        if (unchanged.keys.size) await client.query('delete from ingest_staging where key = any($1)', [[...unchanged.keys]]);
      }
      const { entities: staged } = await indexStagingTable(client);
      const entities = staged + unchanged.keys.size;
      phasesMs.reading = Date.now() - started;

      // 2. Apply entity by entity, in chunks, each chunk one transaction, while a
      //    background relay indexes what the committed chunks wrote to the outbox.
      progress.phase('applying', staged, family.entities);
      // A large load indexes without periodic refreshes; the end of the run gives the
      // indices their interval back and refreshes once.
      if (options.index !== false && rowsRead >= PAUSE_REFRESHES_FROM_ROWS) await pauseRefreshes(store, family);
      const relay = options.index !== false ? startBackgroundRelay(store, family) : null;
      let applied: AppliedCounts;
      try {
        applied = await applyStagedRows(client, dataset, {
          runId, asOf, chunkSize, chunkRows, progress, afterChunk: options.afterChunk, finish: options.finish, rawDigests: digests ? { get: (key) => digests.get(key), undigested } : undefined,
        });
      } finally {
        relayedDocuments = (await relay?.stop())?.documents ?? 0;
      }
      for (const step of dataset.derived ?? []) {
        const stepStarted = Date.now();
        const figures = (await inTransaction(client, (tx) => step.run(tx, asOf))) ?? {};
        derived.push({ family: step.family.name, ms: Date.now() - stepStarted, figures, indexMs: 0, documents: 0 });
      }
      const rowsLoaded = applied.rowsLoaded + unchanged.loaded;
      const rowsMerged = applied.rowsMerged + unchanged.merged;
      const { changed } = applied;
      rowsRejected += applied.rowsRejected;
      phasesMs.applying = Date.now() - started - phasesMs.reading;
      await client.query(
        `update ingest_runs set finished_at = now(), rows_read = $2, rows_loaded = $3, rows_merged = $4, rows_rejected = $5,
           entities_changed = $6 where id = $1`,
        [runId, rowsRead, rowsLoaded, rowsMerged, rowsRejected, changed],
      );
      const byReason = await client.query(
        `select split_part(reason, ' "', 1) as reason, count(*)::int as n from ingest_rejections where run_id = $1 group by 1 order by 2 desc`,
        [runId],
      );
      const sample = await client.query('select line, reason from ingest_rejections where run_id = $1 order by line limit $2', [runId, REJECTION_SAMPLE]);
      return {
        runId,
        source: source.description,
        rowsRead,
        rowsLoaded,
        rowsMerged,
        rowsRejected,
        rejectionsByReason: Object.fromEntries(byReason.rows.map((row) => [row.reason, row.n])),
        unknownValues,
        rejections: sample.rows.map((row) => ({ line: row.line, reason: row.reason })),
        entitiesInFile: entities,
        entitiesChanged: changed,
        documentsIndexed: 0,
        durationMs: 0,
        phasesMs,
        derived,
      } satisfies IngestSummary;
    } finally {
      await dropStagingTable(client).catch(() => undefined);
      await client.query('reset work_mem').catch(() => undefined);
    }
  });

  if (options.index !== false) {
    for (const [i, step] of (dataset.derived ?? []).entries()) {
      const indexStarted = Date.now();
      const drainedDerived = await drainOutbox(store, step.family, { refresh: false });
      if (drainedDerived.documents > 0) await refreshIndices(store, step.family);
      const ran = derived[i];
      if (ran) Object.assign(ran, { indexMs: Date.now() - indexStarted, documents: drainedDerived.documents });
    }
    const drained = await drainOutbox(store, family, { progress, refresh: false });
    summary.documentsIndexed = relayedDocuments + drained.documents;
    // Every load (not only a paused one) restores an interval left at -1, so a killed
    // paused load leaves its indices without periodic refreshes only until the next load.
    await restoreRefreshes(store, family);
    // The background relay indexes without refreshing: one refresh here makes everything
    // this run indexed searchable by the time it returns.
    if (summary.documentsIndexed > 0) {
      await refreshIndices(store, family);
      await mergeAfterLargeLoad(store, family, summary.documentsIndexed);
    }
  }
  progress.finish();
  summary.durationMs = Date.now() - started;
  phasesMs.indexing = summary.durationMs - phasesMs.reading - phasesMs.applying;
  return summary;
}
