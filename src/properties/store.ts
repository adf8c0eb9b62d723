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
  }));
}

export function positionOf(row: DocketRow, sort: ViolationSort): Position {
  const key = sort.endsWith('penalty') ? row.item.penaltyImposedCents : row.item.issuedAt;
  return [key, row.sourceDataset, row.sourceId];
}
