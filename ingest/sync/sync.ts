import type { PoolClient } from 'pg';
import { withAdvisoryLock } from '../../src/db/transaction';
import type { DataStore } from '../../src/stores';
import { recordChangeFeed } from '../changes/feed';
import type { DatasetFacts } from '../../src/domain/datasets';
import type { KeyedDataset, RecordRemoval } from '../load/types';
import { recordChanges } from '../load/changes';
import { ingestDataset } from '../load/pipeline';
import { type Progress, silentProgress } from '../load/progress';
import type { Source, SourceItem } from '../sources/dataset';
import { type PortalPosition, portalSource, positionText } from './portal';

/** A data set of the registry with its keyed load: what a sync reads and applies. */
export type SyncDataset = DatasetFacts & { load: KeyedDataset<unknown> };

/** The city's portal, where every data set of the registry with a Socrata id is published. */
export const CITY_PORTAL = 'https://data.cityofnewyork.us';

export interface SyncOptions {
  /** The portal (or a server that speaks its API). */
  base: string;
  appToken?: string;
  /** Read every row the portal publishes, not only those changed since the last sync, and reconcile what it dropped. */
  full?: boolean;
  /** The clock of derived values (default: the start of today, UTC, as the daily rederive's; every sync of a day derives alike). */
  asOf?: Date;
  pageSize?: number;
  /** Attempts of a page, and the first wait between them when the portal names none. */
  attempts?: number;
  backoffMs?: number;
  fetchImpl?: typeof fetch;
  progress?: Progress;
  /** Test seam: after each committed chunk of the load (throwing simulates a crash). */
  afterChunk?: (chunkNumber: number) => void | Promise<void>;
}

export type SyncStatus = 'synced' | 'failed' | 'busy' | 'not published';

/** What one data set's sync did: `npm run sync -- --json` prints one per data set. */
export interface SyncSummary {
  dataset: string;
  status: SyncStatus;
  full: boolean;
  rowsFetched: number;
  rowsApplied: number;
  rowsRejected: number;
  rowsRemoved: number;
  positionBefore: string | null;
  positionAfter: string | null;
  seconds: number;
  error?: string;
  /** Why a full pass removed nothing although the data set removes what the city dropped. */
  removalSkipped?: string;
}

/** One sync of a data set at a time per data schema, across every process: a session advisory lock. */
const syncLock = (store: DataStore, name: string) => `sync-${name}:${store.schema}`;

async function storedPosition(store: DataStore, name: string): Promise<PortalPosition | null> {
  const { rows } = await store.pg.query<{ updated_at: string; row_id: string }>('select updated_at, row_id from sync_positions where dataset = $1', [name]);
  return rows.length ? { updatedAt: rows[0].updated_at, rowId: rows[0].row_id } : null;
}

/**
 * The record ids a full pass saw, rejected rows' included where their raw row tells them:
 * collected as the load reads, for the removal of what the city no longer publishes.
 */
function seenRecords<Row>(source: Source<Row>, removal: RecordRemoval<Row>): { source: Source<Row>; ids: Set<string>; unknown: () => number } {
  const ids = new Set<string>();
  let unknown = 0;
  async function* items(): AsyncGenerator<SourceItem<Row>> {
    for await (const item of source.items) {
      const id = 'row' in item ? removal.recordId(item.row) : item.record ? removal.recordIdOfRaw(item.record) : null;
      if (id === null) unknown += 1;
      else ids.add(id);
      yield item;
    }
  }
  return { source: { ...source, items: items() }, ids, unknown: () => unknown };
}

/**
 * Deletes what a full pass did not see, in the transaction of its last rows: the data set's
 * records absent from it, their entities versioned (outbox) and their change-feed events
 * written. Nothing is removed when a rejected row's record cannot be told, since that record
 * may still be published; the summary says so.
 */
async function removeUnseen<Row>(client: PoolClient, dataset: SyncDataset, removal: RecordRemoval<Row>, seen: { ids: Set<string>; unknown: () => number }, asOf: Date): Promise<number> {
  if (seen.unknown() > 0) throw new RemovalSkipped(`${seen.unknown()} rejected row(s) name no record`);
  await client.query('create temporary table sync_seen (id text primary key) on commit drop');
  const ids = [...seen.ids];
  for (let at = 0; at < ids.length; at += 50_000) await client.query('insert into sync_seen (id) select unnest($1::text[]) on conflict do nothing', [ids.slice(at, at + 50_000)]);
  const { removed, changed } = await removal.remove(client, 'sync_seen', asOf);
  const keys = [...new Set(changed)].sort();
  await recordChanges(client, dataset.load.family, keys);
  await recordChangeFeed(client, dataset.load.family, keys, asOf);
  return removed;
}

/** A full pass that could not tell whether a record is still published: the pass is applied, nothing removed. */
class RemovalSkipped extends Error {}

/** The position after the rows just applied, in the transaction that applied them. */
async function writePosition(client: PoolClient, name: string, position: PortalPosition | null, full: boolean): Promise<void> {
  if (position) {
    await client.query(
      `insert into sync_positions (dataset, updated_at, row_id, last_full_at) values ($1, $2, $3, case when $4 then now() end)
       on conflict (dataset) do update set updated_at = excluded.updated_at, row_id = excluded.row_id,
         last_full_at = case when $4 then now() else sync_positions.last_full_at end`,
      [name, position.updatedAt, position.rowId, full],
    );
  } else if (full) {
    await client.query('update sync_positions set last_full_at = now() where dataset = $1', [name]);
  }
}

/**
 * Brings one data set up to what the portal publishes: the rows changed since its position
 * (all of them with `full`), through the data set's keyed load (digests, versions, outbox,
 * change feed), and the position moved in the transaction of the last rows applied. Killed
 * at any point, the next sync reads again from the position that committed; what was applied
 * meanwhile digests as applied and is skipped. Never throws for the data set's own failure
 * (the portal refusing, a column gone): the summary says it, and the run is recorded.
 */
export async function syncDataset(store: DataStore, dataset: SyncDataset, options: SyncOptions): Promise<SyncSummary> {
  const name = dataset.name;
  const started = Date.now();
  const full = options.full === true || !dataset.incremental;
  const summary: SyncSummary = { dataset: name, status: 'synced', full, rowsFetched: 0, rowsApplied: 0, rowsRejected: 0, rowsRemoved: 0, positionBefore: null, positionAfter: null, seconds: 0 };
  const done = () => ({ ...summary, seconds: Math.round((Date.now() - started) / 100) / 10 });
  if (!dataset.socrataId) return { ...done(), status: 'not published', error: `the portal does not publish ${dataset.load.source.title}: load its file with npm run ingest -- ${name} --file PATH` };

  const run = await withAdvisoryLock(store.pg, syncLock(store, name), async () => {
    const before = await storedPosition(store, name);
    summary.positionBefore = positionText(before);
    const { rows } = await store.pg.query<{ id: string }>('insert into sync_runs (dataset, full_pass, position_before) values ($1, $2, $3) returning id', [name, full, summary.positionBefore]);
    const runId = rows[0].id;
    const portal = portalSource(dataset.load.source, {
      base: options.base,
      socrataId: dataset.socrataId!,
      after: full ? null : before,
      appToken: options.appToken,
      pageSize: options.pageSize,
      attempts: options.attempts,
      backoffMs: options.backoffMs,
      fetchImpl: options.fetchImpl,
    });
    const asOf = options.asOf ?? new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const removal = full ? dataset.load.removal : undefined;
    const seen = removal ? seenRecords(portal, removal) : null;
    const source = seen?.source ?? portal;
    try {
      const loaded = await ingestDataset(store, dataset.load, source, {
        asOf,
        progress: options.progress ?? silentProgress,
        afterChunk: options.afterChunk,
        finish: async (client) => {
          if (removal && seen) {
            await client.query('savepoint removal');
            try {
              summary.rowsRemoved = await removeUnseen(client, dataset, removal, seen, asOf);
              await client.query('release savepoint removal');
            } catch (error) {
              if (!(error instanceof RemovalSkipped)) throw error;
              await client.query('rollback to savepoint removal');
              summary.removalSkipped = error.message;
            }
          }
          await writePosition(client, name, portal.position(), full);
        },
      });
      summary.rowsFetched = portal.rowsFetched();
      summary.rowsApplied = loaded.rowsLoaded + loaded.rowsMerged;
      summary.rowsRejected = loaded.rowsRejected;
      summary.positionAfter = positionText(portal.position());
      await store.pg.query(
        `update sync_runs set finished_at = now(), rows_fetched = $2, rows_applied = $3, rows_rejected = $4, rows_removed = $5, position_after = $6, ingest_run_id = $7 where id = $1`,
        [runId, summary.rowsFetched, summary.rowsApplied, summary.rowsRejected, summary.rowsRemoved, summary.positionAfter, loaded.runId],
      );
    } catch (error) {
      summary.status = 'failed';
      summary.error = (error as Error).message;
      summary.rowsFetched = portal.rowsFetched();
      // Rows applied before the failure (the indexing after them, say) kept the position they moved.
      summary.positionAfter = positionText(await storedPosition(store, name).catch(() => before));
      await store.pg
        .query('update sync_runs set finished_at = now(), rows_fetched = $2, error = $3 where id = $1', [runId, summary.rowsFetched, summary.error])
        .catch(() => undefined);
    }
  }, { wait: false });
  if (!run.locked) return { ...done(), status: 'busy', error: `another process is syncing ${name} now` };
  return done();
}

/**
 * Syncs the named data sets (every one when none is named) in the registry's load order; a
 * data set that fails is reported and the others go on.
 */
export async function syncDatasets(store: DataStore, datasets: readonly SyncDataset[], options: SyncOptions, report: (summary: SyncSummary) => void = () => undefined): Promise<SyncSummary[]> {
  const summaries: SyncSummary[] = [];
  for (const dataset of datasets) {
    const summary = await syncDataset(store, dataset, options);
    report(summary);
    summaries.push(summary);
  }
  return summaries;
}
