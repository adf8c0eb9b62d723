import type { Position } from '../search/cursor';
import type { DataStore } from '../stores';
import { type ChangeDetail, type ChangeFamily, type ChangeKind, changeLink } from './kinds';
import { buildChangeQuery, type ChangeFilter } from './queries';

/** One served change (GET /changes item, the webhook event's data). */
export interface ChangeItem {
  id: string;
  family: ChangeFamily;
  entityId: string;
  kind: ChangeKind;
  at: string;
  recordedAt: string;
  detail: ChangeDetail;
  link: string;
}

export interface ChangeRow {
  id: string;
  family: ChangeFamily;
  entity_id: string;
  kind: ChangeKind;
  occurred_at: Date;
  recorded_at: Date;
  detail: ChangeDetail;
}

/** A change's public id: chg_<number>; the number orders the feed. */
export const changeId = (id: string | number) => `chg_${id}`;
export const CHANGE_ID_PATTERN = '^chg_[1-9][0-9]{0,14}$';

export function changeItemOf(row: ChangeRow): ChangeItem {
  return {
    id: changeId(row.id),
    family: row.family,
    entityId: row.entity_id,
    kind: row.kind,
    at: row.occurred_at.toISOString(),
    recordedAt: row.recorded_at.toISOString(),
    detail: row.detail,
    link: changeLink(row.family, row.entity_id),
  };
}

export async function changeRows(store: DataStore, filter: ChangeFilter, after: Position | null, limit: number): Promise<ChangeRow[]> {
  const { text, values } = buildChangeQuery(filter, after, limit);
  return (await store.pg.query<ChangeRow>(text, values)).rows;
}
