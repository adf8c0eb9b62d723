import type { Pool, PoolClient } from 'pg';
import type { DatasetFacts } from '../domain/datasets';

/** What the stores of one mode hold of a data set, and how its syncs with the portal went. */
export interface DatasetCoverage {
  name: string;
  /** Records held (the registry's records table and rows). */
  rowsHeld: number;
  /** The newest record's own date (YYYY-MM-DD); null when none is held or its records have no date. */
  newestRecord: string | null;
  /** The last sync that finished without an error; null before one. */
  lastSync: { startedAt: Date; finishedAt: Date; full: boolean; rowsFetched: number; rowsApplied: number; rowsRejected: number; rowsRemoved: number } | null;
  /** When a full pass last completed: everything the portal published was read then. */
  lastFullAt: Date | null;
  /** The portal position (`:updated_at :id`) after the last rows applied; null before a sync. */
  position: string | null;
  /** The error of the newest sync when it failed; null when it succeeded (or none ran). */
  lastError: { at: Date; message: string } | null;
}

type Db = Pool | PoolClient;

/** What a mode holds of a data set: its records and the newest one's date. */
export type RecordsHeld = Pick<DatasetCoverage, 'name' | 'rowsHeld' | 'newestRecord'>;

/** How a data set's syncs with the portal went. */
export type SyncState = Pick<DatasetCoverage, 'name' | 'lastSync' | 'lastFullAt' | 'position' | 'lastError'>;

/**
 * The coverage of each data set, read from one mode's schema: its sync state (syncStates) and
 * what is held of it (recordsHeld).
 */
export async function datasetCoverage(db: Db, datasets: readonly DatasetFacts[]): Promise<DatasetCoverage[]> {
  const states = await syncStates(db, datasets);
  const held = await recordsHeld(db, datasets);
  return datasets.map((dataset, i) => ({ ...held[i], ...states[i] }));
}

/** The sync state of every data set, in one statement (an index on sync_runs by data set and start keeps it cheap). */
export async function syncStates(db: Db, datasets: readonly DatasetFacts[]): Promise<SyncState[]> {
  const names = datasets.map((dataset) => dataset.name);
  const { rows: syncs } = await db.query(
    `select d.name, p.updated_at || ' ' || p.row_id as position, p.last_full_at, ok.started_at, ok.finished_at, ok.full_pass, ok.rows_fetched,
            ok.rows_applied, ok.rows_rejected, ok.rows_removed, latest.error, latest.finished_at as error_at
     from unnest($1::text[]) as d (name)
     left join sync_positions p on p.dataset = d.name
     left join lateral (select * from sync_runs r where r.dataset = d.name and r.finished_at is not null and r.error is null order by r.started_at desc limit 1) ok on true
     left join lateral (select * from sync_runs r where r.dataset = d.name and r.finished_at is not null order by r.started_at desc limit 1) latest on true`,
    [names],
  );
  const byName = new Map(syncs.map((row) => [row.name as string, row]));
  return datasets.map((dataset) => {
    const sync = byName.get(dataset.name);
    return {
      name: dataset.name,
      lastSync: sync?.finished_at
        ? {
            startedAt: sync.started_at,
            finishedAt: sync.finished_at,
            full: sync.full_pass,
            rowsFetched: sync.rows_fetched,
            rowsApplied: sync.rows_applied,
            rowsRejected: sync.rows_rejected,
            rowsRemoved: sync.rows_removed,
          }
        : null,
      lastFullAt: sync?.last_full_at ?? null,
      position: sync?.position ?? null,
      lastError: sync?.error ? { at: sync.error_at, message: sync.error } : null,
    };
  });
}

/**
 * Per data set, one statement over its records: the count and the newest date (an index on
 * the date column keeps the newest cheap; the count is a scan of the data set's rows, which is
 * why GET /meta/sources keeps it for a while).
 */
export async function recordsHeld(db: Db, datasets: readonly DatasetFacts[]): Promise<RecordsHeld[]> {
  const held: RecordsHeld[] = [];
  for (const dataset of datasets) {
    const { table, where, date } = dataset.records;
    const { rows } = await db.query(
      `select count(*)::int as held, ${date ? `max(${date})::text` : 'null'} as newest from ${table}${where ? ` where ${where}` : ''}`,
    );
    held.push({ name: dataset.name, rowsHeld: rows[0].held, newestRecord: rows[0].newest ? String(rows[0].newest).slice(0, 10) : null });
  }
  return held;
}

/**
 * The day up to which a data set is known complete here: the newer of its newest record and
 * its last full pass; null when nothing of it is held. A deadline may call an obligation
 * missed only when its evidence is known complete up to the due date.
 */
export function evidenceAsOf(coverage: Pick<DatasetCoverage, 'rowsHeld' | 'newestRecord' | 'lastFullAt'>): string | null {
  if (coverage.rowsHeld === 0) return null;
  const full = coverage.lastFullAt ? coverage.lastFullAt.toISOString().slice(0, 10) : null;
  if (full && (!coverage.newestRecord || full > coverage.newestRecord)) return full;
  return coverage.newestRecord;
}

/** What the deadlines need of a data set: whether this mode holds records of it, and its evidenceAsOf. */
export interface HeldEvidence {
  name: string;
  held: boolean;
  /** evidenceAsOf: null when nothing is held, or when its records are undated and no full pass completed. */
  asOf: string | null;
}

/**
 * One statement for the held evidence of these data sets: per data set whether it holds a
 * record and its newest record's date (both answered from the (source_dataset, date) index,
 * never a count of its rows), with its last full pass. Its text depends only on the data sets,
 * so it can be kept between requests (src/db/kept-reads.ts: every table it reads notifies).
 */
export function heldEvidenceStatement(datasets: readonly DatasetFacts[]): { text: string; values: string[] } {
  const parts = datasets.map((dataset, index) => {
    const { table, where, date } = dataset.records;
    const of = `from ${table}${where ? ` where ${where}` : ''}`;
    return `select $${index + 1}::text as name, exists (select 1 ${of}) as held, ${date ? `(select max(${date}) ${of})::text` : 'null::text'} as newest`;
  });
  return {
    text: `select held.name, held.held, held.newest, p.last_full_at from (${parts.join(' union all ')}) held left join sync_positions p on p.dataset = held.name`,
    values: datasets.map((dataset) => dataset.name),
  };
}

/** The rows of heldEvidenceStatement by data set name. */
export function heldEvidenceOf(rows: ReadonlyArray<{ name: string; held: boolean; newest: string | null; last_full_at: Date | null }>): Map<string, HeldEvidence> {
  return new Map(
    rows.map((row) => [
      row.name,
      { name: row.name, held: row.held, asOf: evidenceAsOf({ rowsHeld: row.held ? 1 : 0, newestRecord: row.newest ? row.newest.slice(0, 10) : null, lastFullAt: row.last_full_at }) },
    ]),
  );
}
