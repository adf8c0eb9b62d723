import type { Position } from '../search/cursor';
import type { DataStore } from '../stores';
import { buildDocketQuery, type DocketFilter, type SqlQuery } from './queries';
import type { PropertyViolationItem, ViolationSort } from './types';

/** A row of a lot list (violations, permits): the item and what its keyset position is made of. */
export interface LotListRow<Item> {
  item: Item;
  sourceDataset: string;
  sourceId: string;
}

export type DocketRow = LotListRow<PropertyViolationItem>;

/** Runs a lot list query (buildLotListQuery) and reads each row's item with `itemOf`. */
export async function lotListRows<Item>(store: DataStore, query: SqlQuery, itemOf: (row: Record<string, any>) => Item): Promise<LotListRow<Item>[]> {
  const { rows } = await store.pg.query(query);
  return rows.map((row) => ({ sourceDataset: row.source_dataset, sourceId: row.source_id, item: itemOf(row) }));
}

/**
 * The item fields every lot record table (property_violations, property_permits) stores
 * alike, read from its row, in contract order: each item adds its own after them.
 */
export function lotRecordFields(row: Record<string, any>) {
  return {
    identifier: row.identifier,
    agency: row.agency,
    recordType: row.record_type,
    status: row.status,
    description: row.description,
    isOpen: row.is_open,
    issuedAt: row.issued_at,
  };
}

export async function lotExists(store: DataStore, bbl: string): Promise<boolean> {
  const { rowCount } = await store.pg.query('select 1 from property_lots where bbl = $1', [bbl]);
  return (rowCount ?? 0) > 0;
}

export async function docketRows(store: DataStore, filter: DocketFilter, after: Position | null, limit: number): Promise<DocketRow[]> {
  return lotListRows(store, buildDocketQuery(filter, after, limit), (row) => ({
    ...lotRecordFields(row),
    statusAt: row.status_at,
    penaltyImposedCents: Number(row.penalty_imposed_cents),
    penaltyDueCents: Number(row.penalty_due_cents),
    class: row.violation_class,
  }));
}

export function positionOf(row: DocketRow, sort: ViolationSort): Position {
  const key = sort.endsWith('penalty') ? row.item.penaltyImposedCents : row.item.issuedAt;
  return [key, row.sourceDataset, row.sourceId];
}

/**
 * The tables that hold a lot's records, one line each: totalRecords of the property profile
 * counts the rows of every one of them for the lot. A family table that holds records of a
 * lot (one row per record, a `bbl` column) adds a line here; nothing else changes.
 */
export interface LotRecordTable {
  /** A table in the data schema with a `bbl` column, one row per record. */
  table: string;
  /** The datasets its rows come from (for the reader). */
  datasets: string;
  /** Rows of the table that are not a record of the lot (SQL condition on the table's columns, from this file only). */
  except?: string;
}

export const LOT_RECORD_TABLES: readonly LotRecordTable[] = [
  { table: 'property_violations', datasets: 'DOB Violations, DOB ECB Violations, DOB Safety Violations, HPD Housing Maintenance Code Violations' },
  { table: 'property_permits', datasets: 'DOB Permit Issuance, DOB Job Application Filings, DOB NOW Job Application Filings, DOB NOW Approved Permits' },
  // A registration's contacts are its people (GET /properties/{bbl}/owners), not records of the lot.
  { table: 'property_filings', datasets: 'DOB Complaints Received, DOB hazardous facade re-inspections, DOB elevator devices, LL84 municipal benchmarking, LL33 energy grades, HPD Multiple Dwelling Registrations', except: "source_dataset = 'hpd-contacts'" },
];

const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/** One query counting every registered table's rows per lot (for at most a batch of lots). */
export function recordCountQuery(tables: readonly LotRecordTable[] = LOT_RECORD_TABLES): string {
  const parts = tables.map(({ table, except }) => {
    if (!TABLE_NAME.test(table)) throw new Error(`bad lot record table name "${table}"`);
    return `select bbl, count(*) as n from ${table} where bbl = any($1::text[])${except ? ` and not (${except})` : ''} group by bbl`;
  });
  return `select bbl, sum(n)::bigint as total from (${parts.join(' union all ')}) counts group by bbl`;
}

/** totalRecords of each lot asked for (0 for a lot with none). */
export async function recordCounts(store: DataStore, bbls: string[]): Promise<Map<string, number>> {
  const counts = new Map(bbls.map((bbl) => [bbl, 0]));
  if (bbls.length === 0 || LOT_RECORD_TABLES.length === 0) return counts;
  const { rows } = await store.pg.query(recordCountQuery(), [bbls]);
  for (const row of rows) counts.set(row.bbl, Number(row.total));
  return counts;
}

/** For the OpenAPI text: what totalRecords counts. */
export function recordTablesDescription(): string {
  return LOT_RECORD_TABLES.map(({ datasets }) => datasets).join('; ');
}
