import type { Position } from '../search/cursor';
import type { DataStore } from '../stores';
import { buildDocketQuery, type DocketFilter } from './queries';
import type { PropertyViolationItem, ViolationSort } from './types';

/** A docket row: the item and what its keyset position is made of. */
export interface DocketRow {
  item: PropertyViolationItem;
  sourceDataset: string;
  sourceId: string;
}

export async function lotExists(store: DataStore, bbl: string): Promise<boolean> {
  const { rowCount } = await store.pg.query('select 1 from property_lots where bbl = $1', [bbl]);
  return (rowCount ?? 0) > 0;
}

export async function docketRows(store: DataStore, filter: DocketFilter, after: Position | null, limit: number): Promise<DocketRow[]> {
  const { rows } = await store.pg.query(buildDocketQuery(filter, after, limit));
  return rows.map((row) => ({
    sourceDataset: row.source_dataset,
    sourceId: row.source_id,
    item: {
      identifier: row.identifier,
      agency: row.agency,
      recordType: row.record_type,
      status: row.status,
      description: row.description,
      isOpen: row.is_open,
      issuedAt: row.issued_at,
      statusAt: row.status_at,
      penaltyImposedCents: Number(row.penalty_imposed_cents),
      penaltyDueCents: Number(row.penalty_due_cents),
    },
  }));
}

export function positionOf(row: DocketRow, sort: ViolationSort): Position {
  const key = sort.endsWith('penalty') ? row.item.penaltyImposedCents : row.item.issuedAt;
  return [key, row.sourceDataset, row.sourceId];
}
