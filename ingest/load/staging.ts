import type { PoolClient } from 'pg';
import type { KeyedDataset, NumberedRows } from './types';

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

export interface StagedDigest {
  key: string;
  hash: string;
}

/** The next chunk of entities in key order: at most `entities` of them, and no more than `rows` staged rows unless one entity alone has more. */
export interface StagedChunk<Row> {
  /** Every entity of the chunk, in key order (the last one is where the next chunk starts after). */
  keys: string[];
  /** The row accounting of the entities whose rows digest as at their last application (not read again). */
  unchanged: { loaded: number; merged: number };
  /** The entities that must be applied, with their digests. */
  changed: StagedDigest[];
  /** Every staged row of the changed entities, in file order. */
  rows: NumberedRows<Row>;
}

/**
 * Two statements per chunk: the next entities after `after` (a key range ending at the
 * chunk's last key), then each one's digest (the salt and its staged rows in file order,
 * one pass over them) compared with the last application's, returning the rows only of the
 * entities that differ.
 */
export async function nextStagedChunk<Row>(
  client: PoolClient,
  dataset: KeyedDataset<Row>,
  after: string,
  limits: { entities: number; rows: number },
  rawDigests?: RawDigestsOfRun,
): Promise<StagedChunk<Row>> {
  // The chunk's last key first: the second statement is then planned with its key range
  // known, as a scan of the staging index over that range.
  const { rows: bounds } = await client.query(
    `with counted as (
       select key, sum(n) over (order by key) as upto
       from (select key, count(*) as n from ingest_staging where key > $1 group by key order by key limit $2) per_key)
     select coalesce(max(key) filter (where upto <= $3), min(key)) as last from counted`,
    [after, limits.entities, limits.rows],
  );
  const last = bounds[0].last as string | null;
  if (last === null) return { keys: [], unchanged: { loaded: 0, merged: 0 }, changed: [], rows: [] };
  if (rawDigests) return rawDigestedChunk(client, after, last, rawDigests);
  const { rows } = await client.query(
    // The digest is computed where the rows are aggregated (the two identical aggregates are
    // one): an expression over a CTE's column would be inlined and computed at every use.
    // The lines are aggregated in the same pass: a subquery per changed entity read its rows
    // again from the staging table's heap (about half of this statement's time on a first load).
    `with digested as (
       select key, md5($3 || string_agg(row, E'\\n' order by line)) as hash, string_agg(row, E'\\n' order by line) as rows,
         array_agg(line order by line) as lines
       from ingest_staging where key > $1 and key <= $2 group by key)
     select d.key, d.hash, h.hash is not distinct from d.hash as same, h.rows_loaded, h.rows_merged,
       case when h.hash is distinct from d.hash then d.rows end as rows,
       case when h.hash is distinct from d.hash then d.lines end as lines
     from digested d left join ${dataset.sourceHashes} h on h.${dataset.family.key} = d.key
     order by d.key`,
    [after, last, dataset.digestSalt],
  );
  const chunk: StagedChunk<Row> = { keys: [], unchanged: { loaded: 0, merged: 0 }, changed: [], rows: [] };
  for (const record of rows) {
    chunk.keys.push(record.key);
    if (record.same) {
      chunk.unchanged.loaded += record.rows_loaded;
      chunk.unchanged.merged += record.rows_merged;
      continue;
    }
    chunk.changed.push({ key: record.key, hash: record.hash });
    // Staged JSON never holds a raw newline (JSON.stringify escapes it).
    const texts = (record.rows as string).split('\n');
    const lines = record.lines as number[];
    for (let index = 0; index < texts.length; index += 1) chunk.rows.push({ line: lines[index], row: JSON.parse(texts[index]) as Row });
  }
  // File order across the chunk's entities, as the datasets' duplicate rules expect.
  chunk.rows.sort((a, b) => a.line - b.line);
  return chunk;
}

/** A run's raw digests (raw-digests.ts): the unchanged entities were never staged, so every staged one is applied. */
export interface RawDigestsOfRun {
  get(key: string): string | undefined;
  /** Entities with a row rejected as read: applied, but their digest not recorded (the next run reads them again). */
  undigested: ReadonlySet<string>;
}

async function rawDigestedChunk<Row>(client: PoolClient, after: string, last: string, digests: RawDigestsOfRun): Promise<StagedChunk<Row>> {
  const { rows } = await client.query(
    `select key, string_agg(row, E'\\n' order by line) as rows, array_agg(line order by line) as lines
     from ingest_staging where key > $1 and key <= $2 group by key order by key`,
    [after, last],
  );
  const chunk: StagedChunk<Row> = { keys: [], unchanged: { loaded: 0, merged: 0 }, changed: [], rows: [] };
  for (const record of rows) {
    chunk.keys.push(record.key);
    const hash = digests.get(record.key);
    if (hash !== undefined && !digests.undigested.has(record.key)) chunk.changed.push({ key: record.key, hash });
    const texts = (record.rows as string).split('\n');
    const lines = record.lines as number[];
    for (let index = 0; index < texts.length; index += 1) chunk.rows.push({ line: lines[index], row: JSON.parse(texts[index]) as Row });
  }
  chunk.rows.sort((a, b) => a.line - b.line);
  return chunk;
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
