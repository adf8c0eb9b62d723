import type { Position } from '../search/cursor';
import type { DataStore } from '../stores';
import { type ChangeDetail, changeLink, type ChangeVocabulary } from '../domain/changes';
import { buildChangeQuery, type ChangeFilter } from './queries';

/** One served change (GET /changes item, the webhook event's data). */
export interface ChangeItem {
  id: string;
  family: string;
  entityId: string;
  kind: string;
  at: string;
  recordedAt: string;
  detail: ChangeDetail;
  link: string;
}

export interface ChangeRow {
  id: string;
  family: string;
  entity_id: string;
  kind: string;
  occurred_at: Date;
  recorded_at: Date;
  detail: ChangeDetail;
}

/** A change's public id: chg_<number>; the number orders the feed. */
export const changeId = (id: string | number) => `chg_${id}`;
export const CHANGE_ID_PATTERN = '^chg_[1-9][0-9]{0,14}$';

/** Shapes stored changes as served; a change links to its entity's resource, as its family declares it. */
export const changeItemOf = (vocabulary: ChangeVocabulary) => (row: ChangeRow): ChangeItem => {
  const collection = vocabulary.of.find((part) => part.family === row.family)?.collection;
  if (!collection) throw new Error(`a stored change of family ${row.family}, which no family declares`);
  return {
    id: changeId(row.id),
    family: row.family,
    entityId: row.entity_id,
    kind: row.kind,
    at: row.occurred_at.toISOString(),
    recordedAt: row.recorded_at.toISOString(),
    detail: row.detail,
    link: changeLink(collection, row.entity_id),
  };
};

export async function changeRows(store: DataStore, filter: ChangeFilter, after: Position | null, limit: number): Promise<ChangeRow[]> {
  const { text, values } = buildChangeQuery(filter, after, limit);
  return (await store.pg.query<ChangeRow>(text, values)).rows;
}
