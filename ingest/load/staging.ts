import type { PoolClient } from 'pg';
import { createHash } from 'node:crypto';
import type { NumberedRow, RestaurantSourceRow } from '../../src/domain/restaurants/grouping';
import { mappedCodes } from '../../src/domain/restaurants/violation-codes';

/**
 * Salts every digest: bump the number when the way rows become canonical records changes;
 * the category mapping is folded in, so editing it re-applies every establishment on the
 * next load. (Changes to derived-value formulas need `npm run ingest -- rederive`.)
 */
const DIGEST_SALT = createHash('md5').update(`canonical-v1:${JSON.stringify(mappedCodes())}`).digest('hex');

/**
 * The run's rows wait in a session-local temporary table: grouping needs every row of an
 * establishment, and a file is not sorted by CAMIS. A killed run leaves nothing behind
 * (the table dies with the session); memory stays bounded by the batch size. Each row is
 * kept as its typed JSON, which is also what the per-establishment digest is taken of.
 */

export async function createStagingTable(client: PoolClient): Promise<void> {
  await client.query('drop table if exists pg_temp.ingest_staging');
  await client.query('create temporary table ingest_staging (line integer not null, camis text not null, row text not null)');
}

export async function dropStagingTable(client: PoolClient): Promise<void> {
  await client.query('drop table if exists pg_temp.ingest_staging');
}

/** RECORD DATE is the extract's date: it changes with every export and says nothing about the records. */
function stagedJson(row: RestaurantSourceRow): string {
  return JSON.stringify({ ...row, recordDate: null });
}

/**
 * One insert per batch, sent as a single text of tab-separated lines that Postgres splits
 * itself: far cheaper than array parameters for long JSON strings. JSON text never holds
 * a raw tab or newline (JSON.stringify escapes them), and CAMIS is digits.
 */
export async function stageRows(client: PoolClient, rows: NumberedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const text = rows.map(({ line, row }) => `${line}\t${row.camis}\t${stagedJson(row)}`).join('\n');
  await client.query(
    `insert into ingest_staging (line, camis, row)
     select split_part(l, E'\\t', 1)::integer, split_part(l, E'\\t', 2), split_part(l, E'\\t', 3) from string_to_table($1, E'\\n') as l`,
    [text],
  );
}

export async function indexStagingTable(client: PoolClient): Promise<{ establishments: number }> {
  await client.query('create index on ingest_staging (camis, line)');
  await client.query('analyze ingest_staging');
  const { rows } = await client.query('select count(distinct camis)::int as n from ingest_staging');
  return { establishments: rows[0].n };
}

/** The next `limit` establishments after `after`, in CAMIS order. */
export async function nextCamisChunk(client: PoolClient, after: string, limit: number): Promise<string[]> {
  const { rows } = await client.query('select distinct camis from ingest_staging where camis > $1 order by camis limit $2', [after, limit]);
  return rows.map((row) => row.camis as string);
}

export interface StagedDigest {
  camis: string;
  hash: string;
}

/**
 * The digest of each establishment's staged rows (in file order), split into those whose
 * digest matches the last application (with that application's row accounting) and those
 * that must be applied.
 */
export async function compareDigests(
  client: PoolClient,
  camis: string[],
): Promise<{ unchanged: { loaded: number; merged: number }; changed: StagedDigest[] }> {
  const { rows } = await client.query(
    `with staged as (
       select camis, md5($2 || string_agg(row, E'\\n' order by line)) as hash from ingest_staging where camis = any($1) group by camis)
     select staged.camis, staged.hash, h.hash = staged.hash as same, h.rows_loaded, h.rows_merged
     from staged left join restaurant_source_hashes h using (camis)`,
    [camis, DIGEST_SALT],
  );
  const unchanged = { loaded: 0, merged: 0 };
  const changed: StagedDigest[] = [];
  for (const row of rows) {
    if (row.same) {
      unchanged.loaded += row.rows_loaded;
      unchanged.merged += row.rows_merged;
    } else changed.push({ camis: row.camis, hash: row.hash });
  }
  return { unchanged, changed };
}

/** Every staged row of these establishments, in file order. */
export async function stagedRows(client: PoolClient, camis: string[]): Promise<NumberedRow[]> {
  if (camis.length === 0) return [];
  const { rows } = await client.query('select line, row from ingest_staging where camis = any($1) order by line', [camis]);
  return rows.map((record) => ({ line: record.line as number, row: JSON.parse(record.row) as RestaurantSourceRow }));
}
