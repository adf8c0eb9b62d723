import type { PermitItem } from '../../domain/properties/permits';
import type { Position } from '../../search/cursor';
import type { DataStore } from '../../stores';
import { buildPermitQuery, type PermitFilter } from './queries';

/** A permit list row: the item and what its keyset position is made of. */
export interface PermitRowOfLot {
  item: PermitItem;
  sourceDataset: string;
  sourceId: string;
}

export async function permitRows(store: DataStore, filter: PermitFilter, after: Position | null, limit: number): Promise<PermitRowOfLot[]> {
  const { rows } = await store.pg.query(buildPermitQuery(filter, after, limit));
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
      expiresAt: row.expires_at,
      statusAt: row.status_at,
    },
  }));
}

export const permitPositionOf = (row: PermitRowOfLot): Position => [row.item.issuedAt, row.sourceDataset, row.sourceId];
