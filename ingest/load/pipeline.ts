import type { PoolClient } from 'pg';
import { groupRows, NumberedRow } from '../../src/domain/restaurants/grouping';
import type { DataStore } from '../../src/stores';
import { refreshRestaurantIndices } from '../index/indices';
import { drainOutbox, startBackgroundRelay } from '../index/outbox-relay';
import type { RestaurantSource } from '../sources/restaurants/source';
import { upsertCitations, upsertEstablishments, upsertInspections, upsertViolationCodes } from './canonical';
import { refreshProfiles, recordChanges } from './profiles';
import { Progress, silentProgress } from './progress';
import { compareDigests, createStagingTable, dropStagingTable, indexStagingTable, nextCamisChunk, StagedDigest, stagedRows, stageRows } from './staging';

export interface IngestOptions {
  /** The clock of every derived value; defaults to now. The fixture passes its reference date. */
  asOf?: Date;
  /** Rows per staging insert. */
  batchSize?: number;
  /** Establishments per transaction while applying. */
  chunkSize?: number;
  progress?: Progress;
  /** Drain the outbox into Elasticsearch at the end (default true). */
  index?: boolean;
  /** Test seam: runs after each committed chunk (throwing here simulates a crash). */
  afterChunk?: (chunkNumber: number) => void | Promise<void>;
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
  /** The first rejections (all of them are in ingest_rejections for the run). */
  rejections: Array<{ line: number; reason: string }>;
  establishmentsInFile: number;
  establishmentsChanged: number;
  documentsIndexed: number;
  durationMs: number;
  /** Wall time of each phase: reading (parse and stage), applying (with indexing alongside), final indexing. */
  phasesMs: { reading: number; applying: number; indexing: number };
}

const REJECTION_SAMPLE = 100;

/** One ingest at a time per data schema: a session advisory lock, held for the whole run. */
export async function withIngestLock<T>(store: DataStore, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await store.pg.connect();
  try {
    // Long statements are normal here; the API's statement timeout is for requests.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(hashtext($1))', [`restaurant-ingest:${store.schema}`]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [`restaurant-ingest:${store.schema}`]);
    }
  } finally {
    await client.query('reset statement_timeout').catch(() => undefined);
    client.release();
  }
}

async function inTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** The digests just applied, with each establishment's row accounting (replayed when the digest next matches). */
async function recordDigests(client: PoolClient, digests: StagedDigest[], rows: NumberedRow[], duplicates: Array<{ line: number }>): Promise<void> {
  if (digests.length === 0) return;
  const camisByLine = new Map(rows.map(({ line, row }) => [line, row.camis]));
  const total = new Map<string, number>();
  const merged = new Map<string, number>();
  for (const { row } of rows) total.set(row.camis, (total.get(row.camis) ?? 0) + 1);
  for (const { line } of duplicates) {
    const camis = camisByLine.get(line)!;
    merged.set(camis, (merged.get(camis) ?? 0) + 1);
  }
  await client.query(
    `insert into restaurant_source_hashes (camis, hash, rows_loaded, rows_merged)
     select * from unnest($1::text[], $2::text[], $3::integer[], $4::integer[])
     on conflict (camis) do update set hash = excluded.hash, rows_loaded = excluded.rows_loaded, rows_merged = excluded.rows_merged`,
    [
      digests.map((digest) => digest.camis),
      digests.map((digest) => digest.hash),
      digests.map((digest) => (total.get(digest.camis) ?? 0) - (merged.get(digest.camis) ?? 0)),
      digests.map((digest) => merged.get(digest.camis) ?? 0),
    ],
  );
}

interface AppliedCounts {
  rowsLoaded: number;
  rowsMerged: number;
  changed: number;
}

/**
 * Groups the staged rows establishment by establishment and applies them in chunks, each
 * chunk one transaction: canonical upserts, derived profiles of what changed, new versions
 * and outbox rows. Derived values are recomputed only where records changed.
 */
async function applyStagedRows(
  client: PoolClient,
  options: { asOf: Date; chunkSize: number; progress: Progress; afterChunk?: (chunkNumber: number) => void | Promise<void> },
): Promise<AppliedCounts> {
  const counts: AppliedCounts = { rowsLoaded: 0, rowsMerged: 0, changed: 0 };
  let applied = 0;
  let chunkNumber = 0;
  for (let after = ''; ; ) {
    const camis = await nextCamisChunk(client, after, options.chunkSize);
    if (camis.length === 0) break;
    after = camis[camis.length - 1];
    // Establishments whose rows digest as last time cannot change: only the others are applied.
    const { unchanged, changed } = await compareDigests(client, camis);
    counts.rowsLoaded += unchanged.loaded;
    counts.rowsMerged += unchanged.merged;
    const staged = await stagedRows(client, changed.map((digest) => digest.camis));
    const grouped = groupRows(staged);
    counts.rowsLoaded += grouped.loaded;
    counts.rowsMerged += grouped.duplicates.length;
    const histories = [...grouped.histories.values()];
    if (histories.length) counts.changed += await inTransaction(client, async () => {
      const establishments = await upsertEstablishments(client, histories);
      const touched = new Set(establishments.changed);
      for (const value of await upsertInspections(client, histories)) touched.add(value);
      for (const value of await upsertCitations(client, histories)) touched.add(value);
      await upsertViolationCodes(client, histories);
      const inserted = new Map([...establishments.inserted].map((value) => [value, grouped.histories.get(value)!]));
      const derived = await refreshProfiles(client, [...touched], options.asOf, inserted);
      const all = [...new Set([...touched, ...derived])].sort();
      await recordChanges(client, all);
      await recordDigests(client, changed, staged, grouped.duplicates);
      return all.length;
    });
    chunkNumber += 1;
    applied += camis.length;
    options.progress.update(applied, counts.rowsLoaded + counts.rowsMerged);
    await options.afterChunk?.(chunkNumber);
  }
  return counts;
}

/**
 * Reads a source into the canonical tables, recomputes derived values of the
 * establishments whose records changed, and (by default) drains the outbox to
 * Elasticsearch. Each chunk of establishments is one transaction covering its canonical
 * rows, profiles and outbox rows, so a run killed at any point leaves the stores
 * consistent and the next run completes it. The same file twice changes nothing.
 */
export async function ingestRestaurants(store: DataStore, source: RestaurantSource, options: IngestOptions = {}): Promise<IngestSummary> {
  const started = Date.now();
  const asOf = options.asOf ?? new Date();
  const batchSize = options.batchSize ?? 5000;
  const chunkSize = options.chunkSize ?? 500;
  const progress = options.progress ?? silentProgress;

  let relayedDocuments = 0;
  const phasesMs = { reading: 0, applying: 0, indexing: 0 };
  const summary = await withIngestLock(store, async (client) => {
    const run = await client.query('insert into ingest_runs (source, as_of) values ($1, $2) returning id', [source.description, asOf]);
    const runId = Number(run.rows[0].id);
    await createStagingTable(client);
    try {
      // 1. Stream the source into staging; rejections go straight to the report table.
      progress.phase('reading', source.totalBytes, 'bytes');
      let rowsRead = 0;
      let rowsRejected = 0;
      let rows: NumberedRow[] = [];
      let rejections: Array<{ line: number; reason: string }> = [];
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
      for await (const item of source.items) {
        rowsRead += 1;
        if ('row' in item) rows.push(item);
        else {
          rowsRejected += 1;
          rejections.push(item);
          if (rejections.length >= batchSize) await flushRejections();
        }
        if (rows.length >= batchSize) {
          const batch = rows;
          rows = [];
          await inFlight;
          inFlight = stageRows(client, batch);
          // Handled when awaited; this only keeps a failure from counting as unhandled meanwhile.
          inFlight.catch(() => undefined);
          progress.update(source.bytesRead(), rowsRead);
        }
      }
      await inFlight;
      await stageRows(client, rows);
      await flushRejections();
      progress.update(source.totalBytes ?? source.bytesRead(), rowsRead);
      const { establishments } = await indexStagingTable(client);
      phasesMs.reading = Date.now() - started;

      // 2. Apply establishment by establishment, in chunks, each chunk one transaction,
      //    while a background relay indexes what the committed chunks wrote to the outbox.
      progress.phase('applying', establishments, 'establishments');
      const relay = options.index !== false ? startBackgroundRelay(store) : null;
      let applied: AppliedCounts;
      try {
        applied = await applyStagedRows(client, { asOf, chunkSize, progress, afterChunk: options.afterChunk });
      } finally {
        relayedDocuments = (await relay?.stop())?.documents ?? 0;
      }
      const { rowsLoaded, rowsMerged, changed } = applied;
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
        rejections: sample.rows.map((row) => ({ line: row.line, reason: row.reason })),
        establishmentsInFile: establishments,
        establishmentsChanged: changed,
        documentsIndexed: 0,
        durationMs: 0,
        phasesMs,
      } satisfies IngestSummary;
    } finally {
      await dropStagingTable(client).catch(() => undefined);
    }
  });

  if (options.index !== false) {
    const drained = await drainOutbox(store, { progress, refresh: false });
    summary.documentsIndexed = relayedDocuments + drained.documents;
    // The background relay indexes without refreshing: one refresh here makes everything
    // this run indexed searchable by the time it returns.
    if (summary.documentsIndexed > 0) await refreshRestaurantIndices(store);
  }
  progress.finish();
  summary.durationMs = Date.now() - started;
  phasesMs.indexing = summary.durationMs - phasesMs.reading - phasesMs.applying;
  return summary;
}
