import type { Position, PositionShape } from '../../search/cursor';
import { buildLotListQuery, type LotListTable, type SqlQuery } from '../queries';

/**
 * The permit list query of one lot: filters, the sort, and the keyset position, as SQL text
 * and parameters (pure: the store runs it).
 *
 * Both sorts are a total order of (issue date, source_dataset, source_id), all in the
 * sort's direction, so one row comparison is the keyset condition. A record with no issue
 * date sorts last in both directions: it is read as +infinity ascending and -infinity
 * descending, which a row comparison handles where NULL would not.
 */
export const PERMIT_SORTS = ['-date', 'date'] as const;
export type PermitSort = (typeof PERMIT_SORTS)[number];

export interface PermitFilter {
  bbl: string;
  status?: 'open' | 'closed';
  since?: string;
  until?: string;
  sort: PermitSort;
}

/** [issue date or null, source_dataset, source_id]. */
export const PERMIT_POSITION: PositionShape = ['date', 'string', 'string'];

const PERMIT_LIST: LotListTable = {
  table: 'property_permits',
  alias: 'p',
  columns: 'is_open, issued_at::text as issued_at, expires_at::text as expires_at, status_at::text as status_at',
};

export function buildPermitQuery(filter: PermitFilter, after: Position | null, limit: number): SqlQuery {
  const { sort, ...lot } = filter;
  return buildLotListQuery(PERMIT_LIST, lot, { descending: sort === '-date' }, after, limit);
}
