import type { PoolClient } from 'pg';
import { type CopyColumn, copyIntoTemporaryTable, copyRows } from '../../load/copy-rows';
import type { Family, KeyedDataset, NumberedRows } from '../../load/types';
import type { RawRecord } from '../../sources/columns';
import type { DatasetSpec } from '../../sources/dataset';
import { joinByBin, lotOrBuildingKey, recordBuildings } from './buildings';
import { createUnseenLots } from './unseen-lots';

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

/** A staged row of a lot's record (a violation, permit or filing): its source id, and its lot or, bbl null, only its building. */
export interface LotRecordRow {
  sourceId: string;
  bbl: string | null;
  bin: string | null;
}

type Rejections = Array<{ line: number; reason: string }>;

/**
 * The steps every record data set's apply starts with, in the caller's transaction: rows
 * that name only their building joined to its lot by BIN (an unknown BIN rejects the row),
 * one record per source id (`recordOf` of its first row: a later row of the same id in the
 * file is a merged duplicate), the lots the records name before PLUTO created (`changed`
 * holds those), and the buildings the rows place on lots recorded.
 */
export async function placeRecords<Row extends LotRecordRow, T>(
  client: PoolClient,
  dataset: string,
  rows: NumberedRows<Row>,
  recordOf: (row: Row & { bbl: string }) => T,
  bblOf: (record: T) => string,
): Promise<{ records: T[]; duplicateLines: number[]; changed: Set<string>; rejected: Rejections }> {
  const { joined, rejected } = await joinByBin(client, rows);
  const bySourceId = new Map<string, T>();
  const duplicateLines: number[] = [];
  for (const { line, row } of joined) {
    if (bySourceId.has(row.sourceId)) duplicateLines.push(line);
    else bySourceId.set(row.sourceId, recordOf(row));
  }
  const records = [...bySourceId.values()];
  const changed = new Set(await createUnseenLots(client, [...new Set(records.map(bblOf))]));
  // Only what the rows themselves say places a building: not the lots just found by BIN.
  await recordBuildings(client, dataset, rows.map(({ row }) => row));
  return { records, duplicateLines, changed, rejected };
}

/**
 * Applies a record data set's staged rows to its record table: placed (placeRecords), then
 * written (writeRecords). Changed: the lots created, those whose records were written, and
 * the lot a record moved away from when the city re-filed it under another BBL.
 */
export async function applyRecords<Row extends LotRecordRow, T>(
  client: PoolClient,
  spec: RecordTable<T>,
  dataset: string,
  rows: NumberedRows<Row>,
  recordOf: (row: Row & { bbl: string }) => T,
): Promise<{ duplicateLines: number[]; changed: string[]; rejected: Rejections }> {
  const { records, duplicateLines, changed, rejected } = await placeRecords(client, dataset, rows, recordOf, spec.bbl);
  for (const bbl of await writeRecords(client, spec, dataset, records)) changed.add(bbl);
  return { duplicateLines, changed: [...changed], rejected };
}

/** What a record data set's load has of its own; the rest every one does alike (lotRecordLoad). */
export interface LotRecordLoad<Row> {
  /** The record table its records are kept in. */
  table: string;
  apply: KeyedDataset<Row>['apply'];
  /** Bumped when the way its rows become records changes (every lot is then applied again). */
  revision?: number;
  /** The entity a row belongs to: the lot, or `bin:<BIN>` for a row that names only its building, unless given. */
  keyOf?: (row: Row) => string;
  unknownValues?: (row: Row, asOf: Date) => string[];
  /**
   * A record's source id from its raw row, as the reader gives it (null when the row does
   * not tell it): with it, a full sync removes the records the city no longer publishes, and
   * they stop being served. `storedId` is the SQL of the source id a stored record was read
   * under (`t.source_id` unless a row is stored under several ids).
   */
  removal?: { recordIdOfRaw: (record: RawRecord) => string | null; storedId?: string };
}

/**
 * A record data set (violations, permits, filings) as a keyed dataset of the properties
 * family: the entity is the lot, a changed record gives its lot a new version and an outbox row.
 */
export function lotRecordLoad<Row extends LotRecordRow>(family: Family, source: DatasetSpec<Row>, load: LotRecordLoad<Row>): KeyedDataset<Row> {
  const { removal } = load;
  return {
    family,
    source,
    // A `bin:<BIN>` key sorts after every BBL: a file's rows that place a building on a lot are applied before those joined by it.
    keyOf: load.keyOf ?? lotOrBuildingKey,
    // The readers leave out what changes with every export (DOBRunDate is not read, nor LL33's PDFIndex).
    stagedJson: (row) => JSON.stringify(row),
    digestSalt: `${source.name}-v${load.revision ?? 1}`,
    sourceHashes: `${source.name.replace(/-/g, '_')}_source_hashes`,
    apply: load.apply,
    ...(load.unknownValues && { unknownValues: load.unknownValues }),
    ...(removal && {
      removal: {
        recordId: (row: Row) => row.sourceId,
        recordIdOfRaw: removal.recordIdOfRaw,
        remove: (client: PoolClient, seen: string) => removeAbsentRecords(client, load.table, source.name, seen, removal.storedId),
      },
    }),
  };
}
