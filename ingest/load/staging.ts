import type { PoolClient } from 'pg';
import type { KeyedDataset, NumberedRows } from '../families/types';

/**
 * The run's rows wait in a session-local temporary table: applying needs every row of an
 * entity, and a file is not sorted by key. A killed run leaves nothing behind (the table
 * dies with the session); memory stays bounded by the batch size. Each row is kept as its
 * staged JSON, which is also what the per-entity digest is taken of.
 */

export async function createStagingTable(client: PoolClient): Promise<void> {
  await client.query('drop table if exists pg_temp.ingest_staging');
  await client.query('create temporary table ingest_staging (line integer not null, key text not null, row text not null)');
}

export async function dropStagingTable(client: PoolClient): Promise<void> {
  await client.query('drop table if exists pg_temp.ingest_staging');
}

/**
 * One insert per batch, sent as a single text of tab-separated lines that Postgres splits
 * itself: far cheaper than array parameters for long JSON strings. JSON text never holds
 * a raw tab or newline (JSON.stringify escapes them), nor does a key.
 */
export async function stageRows<Row>(client: PoolClient, dataset: KeyedDataset<Row>, rows: NumberedRows<Row>): Promise<void> {
  if (rows.length === 0) return;
  const text = rows.map(({ line, row }) => `${line}\t${dataset.keyOf(row)}\t${dataset.stagedJson(row)}`).join('\n');
  await client.query(
    `insert into ingest_staging (line, key, row)
     select split_part(l, E'\\t', 1)::integer, split_part(l, E'\\t', 2), split_part(l, E'\\t', 3) from string_to_table($1, E'\\n') as l`,
    [text],
  );
}

export async function indexStagingTable(client: PoolClient): Promise<{ entities: number }> {
  await client.query('create index on ingest_staging (key, line)');
  await client.query('analyze ingest_staging');
  const { rows } = await client.query('select count(distinct key)::int as n from ingest_staging');
  return { entities: rows[0].n };
}

/** The next `limit` entities after `after`, in key order. */
export async function nextKeyChunk(client: PoolClient, after: string, limit: number): Promise<string[]> {
  const { rows } = await client.query('select distinct key from ingest_staging where key > $1 order by key limit $2', [after, limit]);
  return rows.map((row) => row.key as string);
}

export interface StagedDigest {
  key: string;
  hash: string;
}

/**
 * The digest of each entity's staged rows (in file order), split into those whose digest
 * matches the last application (with that application's row accounting) and those that
 * must be applied.
 */
export async function compareDigests(
  client: PoolClient,
  dataset: KeyedDataset<unknown>,
  keys: string[],
): Promise<{ unchanged: { loaded: number; merged: number }; changed: StagedDigest[] }> {
  const { rows } = await client.query(
    `with staged as (
       select key, md5($2 || string_agg(row, E'\\n' order by line)) as hash from ingest_staging where key = any($1) group by key)
     select staged.key, staged.hash, h.hash = staged.hash as same, h.rows_loaded, h.rows_merged
     from staged left join ${dataset.sourceHashes} h on h.${dataset.family.key} = staged.key`,
    [keys, dataset.digestSalt],
  );
  const unchanged = { loaded: 0, merged: 0 };
  const changed: StagedDigest[] = [];
  for (const row of rows) {
    if (row.same) {
      unchanged.loaded += row.rows_loaded;
      unchanged.merged += row.rows_merged;
    } else changed.push({ key: row.key, hash: row.hash });
  }
  return { unchanged, changed };
}

/** Every staged row of these entities, in file order. */
export async function stagedRows<Row>(client: PoolClient, keys: string[]): Promise<NumberedRows<Row>> {
  if (keys.length === 0) return [];
  const { rows } = await client.query('select line, row from ingest_staging where key = any($1) order by line', [keys]);
  return rows.map((record) => ({ line: record.line as number, row: JSON.parse(record.row) as Row }));
}

/** The digests just applied, with each entity's row accounting (replayed when the digest next matches). */
export async function recordDigests<Row>(client: PoolClient, dataset: KeyedDataset<Row>, digests: StagedDigest[], rows: NumberedRows<Row>, duplicateLines: number[]): Promise<void> {
  if (digests.length === 0) return;
  const keyByLine = new Map(rows.map(({ line, row }) => [line, dataset.keyOf(row)]));
  const total = new Map<string, number>();
  const merged = new Map<string, number>();
  for (const { row } of rows) {
    const key = dataset.keyOf(row);
    total.set(key, (total.get(key) ?? 0) + 1);
  }
  for (const line of duplicateLines) {
    const key = keyByLine.get(line)!;
    merged.set(key, (merged.get(key) ?? 0) + 1);
  }
  const key = dataset.family.key;
  await client.query(
    `insert into ${dataset.sourceHashes} (${key}, hash, rows_loaded, rows_merged)
     select * from unnest($1::text[], $2::text[], $3::integer[], $4::integer[])
     on conflict (${key}) do update set hash = excluded.hash, rows_loaded = excluded.rows_loaded, rows_merged = excluded.rows_merged`,
    [
      digests.map((digest) => digest.key),
      digests.map((digest) => digest.hash),
      digests.map((digest) => (total.get(digest.key) ?? 0) - (merged.get(digest.key) ?? 0)),
      digests.map((digest) => merged.get(digest.key) ?? 0),
    ],
  );
}
