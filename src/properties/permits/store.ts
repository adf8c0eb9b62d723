import type { PermitItem } from '../../domain/properties/permits';
import type { Position } from '../../search/cursor';
import type { DataStore } from '../../stores';
import { lotListRows, type LotListRow, lotRecordFields } from '../store';
import { buildPermitQuery, type PermitFilter } from './queries';

export type PermitRowOfLot = LotListRow<PermitItem>;

export async function permitRows(store: DataStore, filter: PermitFilter, after: Position | null, limit: number): Promise<PermitRowOfLot[]> {
  return lotListRows(store, buildPermitQuery(filter, after, limit), (row) => ({
    ...lotRecordFields(row),
    expiresAt: row.expires_at,
    statusAt: row.status_at,
  }));
}

export const permitPositionOf = (row: PermitRowOfLot): Position => [row.item.issuedAt, row.sourceDataset, row.sourceId];
