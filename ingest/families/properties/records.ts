import type { PoolClient } from 'pg';
import { type CopyColumn, copyIntoTemporaryTable, copyRows } from '../../load/copy-rows';

/** A lot's records of one data set (violations, permits), keyed by (source_dataset, source_id). */
export interface RecordTable<T> {
  table: string;
  /** The temporary table the stored records' incoming values wait in for their update. */
  incoming: string;
  /** Every column, source_dataset and source_id first. */
  columns: ReadonlyArray<CopyColumn<T>>;
  sourceId(record: T): string;
  bbl(record: T): string;
}

/**
 * Writes one data set's records (one per source id), in the caller's transaction, under the
 * ingest lock (no other writer of the table). The stored ones are read first (their lot
 * too): the others are copied straight into the table, with no `on conflict` arbiter to
 * probe and no speculative insertion (most of a first load's rows), and the stored ones
 * are updated where a value differs, so the same rows again write nothing. Returns the lots
 * changed: those of the records inserted or updated, and the lot an updated record moved
 * away from when the city re-filed it under another BBL.
 */
export async function writeRecords<T>(client: PoolClient, spec: RecordTable<T>, dataset: string, records: readonly T[]): Promise<string[]> {
  if (records.length === 0) return [];
  const { rows: stored } = await client.query<{ source_id: string; bbl: string }>(
    `select source_id, bbl from ${spec.table} where source_dataset = $1 and source_id = any($2::text[])`,
    [dataset, records.map((record) => spec.sourceId(record))],
  );
  const storedLot = new Map(stored.map((row) => [row.source_id, row.bbl]));
  const changed = new Set<string>();
  const fresh = records.filter((record) => !storedLot.has(spec.sourceId(record)));
  for (const record of fresh) changed.add(spec.bbl(record));
  await copyRows(client, spec.table, spec.columns, fresh);
  const known = records.filter((record) => storedLot.has(spec.sourceId(record)));
  if (known.length === 0) return [...changed];
  for (const record of known) if (storedLot.get(spec.sourceId(record)) !== spec.bbl(record)) changed.add(storedLot.get(spec.sourceId(record))!);
  await copyIntoTemporaryTable(client, spec.incoming, spec.table, spec.columns, known);
  const values = spec.columns.map(([name]) => name).filter((name) => name !== 'source_dataset' && name !== 'source_id');
  const { rows: written } = await client.query<{ bbl: string }>(
    `update ${spec.table} as stored set ${values.map((name) => `${name} = incoming.${name}`).join(', ')}
     from ${spec.incoming} as incoming
     where stored.source_dataset = incoming.source_dataset and stored.source_id = incoming.source_id
       and (${values.map((name) => `stored.${name}`).join(', ')}) is distinct from (${values.map((name) => `incoming.${name}`).join(', ')})
     returning stored.bbl`,
  );
  for (const { bbl } of written) changed.add(bbl);
  await client.query(`drop table ${spec.incoming}`);
  return [...changed];
}

/**
 * A full sync's removal of one data set's records in a record table (violations, permits,
 * filings: keyed by source id): those whose id the pass did not see are deleted, and their
 * lots changed. A record the city stopped publishing stops being served.
 */
export async function removeAbsentRecords(client: PoolClient, table: string, dataset: string, seen: string, storedId = 't.source_id'): Promise<{ removed: number; changed: string[] }> {
  const { rows } = await client.query<{ bbl: string }>(
    `delete from ${table} t where t.source_dataset = $1 and not exists (select 1 from ${seen} s where s.id = ${storedId}) returning t.bbl`,
    [dataset],
  );
  return { removed: rows.length, changed: [...new Set(rows.map((row) => row.bbl))] };
}
