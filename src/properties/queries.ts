import type { Position, PositionShape } from '../search/cursor';
import type { ViolationSort } from './types';

/**
 * The docket query of one lot: filters, the sort, and the keyset position, as SQL text and
 * parameters (pure: the store runs it).
 *
 * Every sort is a total order of (key, source_dataset, source_id), all in the sort's
 * direction, so one row comparison is the keyset condition. A missing issue date sorts
 * last in both date directions: it is read as +infinity ascending and -infinity
 * descending, which a row comparison handles where NULL would not.
 */
export interface DocketFilter {
  bbl: string;
  agency?: readonly string[];
  status?: 'open' | 'closed';
  /** HPD hazard classes to keep (violations only: the other lot lists have no class). */
  violationClass?: readonly string[];
  since?: string;
  until?: string;
  sort: ViolationSort;
}

/** [sort key (issue date or null | penalty imposed), source_dataset, source_id]. */
export const DOCKET_POSITION: Record<'date' | 'penalty', PositionShape> = {
  date: ['date', 'string', 'string'],
  penalty: ['integer', 'string', 'string'],
};

export const positionShapeOf = (sort: ViolationSort): PositionShape => DOCKET_POSITION[sort.endsWith('penalty') ? 'penalty' : 'date'];

export interface SqlQuery {
  text: string;
  values: unknown[];
}

export function buildDocketQuery(filter: DocketFilter, after: Position | null, limit: number): SqlQuery {
  const { sort, ...lot } = filter;
  const order = { descending: sort.startsWith('-'), amountColumn: sort.endsWith('penalty') ? 'penalty_imposed_cents' : undefined };
  return buildLotListQuery(VIOLATION_LIST, lot, order, after, limit);
}

const VIOLATION_LIST: LotListTable = {
  table: 'property_violations',
  alias: 'v',
  columns: 'is_open, issued_at::text as issued_at, status_at::text as status_at, penalty_imposed_cents::text as penalty_imposed_cents, penalty_due_cents::text as penalty_due_cents, violation_class',
};

/** A lot's list table (violations, permits): the table, its alias and the columns it reads after the common ones. */
export interface LotListTable {
  table: string;
  alias: string;
  columns: string;
}

/** The filters every lot list offers (agency where the list has it). */
export type LotListFilter = Omit<DocketFilter, 'sort'>;

/**
 * The keyset list query of one lot's records, for every lot list (violations, permits):
 * the filters, then (key, source_dataset, source_id) all in one direction, the key being
 * the issue date (undated last: +infinity ascending, -infinity descending) or an amount
 * column (bigint).
 */
export function buildLotListQuery(
  list: LotListTable,
  filter: LotListFilter,
  order: { descending: boolean; amountColumn?: string },
  after: Position | null,
  limit: number,
): SqlQuery {
  const values: unknown[] = [filter.bbl];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where = ['bbl = $1'];
  if (filter.agency) where.push(`agency = any(${param(filter.agency)}::text[])`);
  if (filter.status) where.push(`is_open = ${filter.status === 'open'}`);
  if (filter.violationClass) where.push(`violation_class = any(${param(filter.violationClass)}::text[])`);
  const { descending, amountColumn } = order;
  const missingDate = descending ? "'-infinity'::date" : "'infinity'::date";
  // Qualified: a bare name in ORDER BY would resolve to the text-cast output column of the same name.
  const key = amountColumn ? `${list.alias}.${amountColumn}` : `coalesce(${list.alias}.issued_at, ${missingDate})`;
  // since/until also bound the key of the date index (migration 406: undated as -infinity), so
  // a poll reads only the dates asked for, in any order. That bound alone would let undated
  // rows through `until`; the issued_at bound keeps them out.
  for (const [bound, op] of [[filter.since, '>='], [filter.until, '<=']] as const) {
    if (!bound) continue;
    const value = param(bound);
    where.push(`issued_at ${op} ${value}::date`, `coalesce(${list.alias}.issued_at, '-infinity'::date) ${op} ${value}::date`);
  }
  if (after) {
    const [value, dataset, id] = after;
    const keyValue = amountColumn ? `${param(value)}::bigint` : `coalesce(${param(value)}::date, ${missingDate})`;
    where.push(`(${key}, source_dataset, source_id) ${descending ? '<' : '>'} (${keyValue}, ${param(dataset)}::text, ${param(id)}::text)`);
  }
  const direction = descending ? 'desc' : 'asc';
  return {
    text: `select source_dataset, source_id, identifier, agency, record_type, coalesce(status, '') as status, coalesce(description, '') as description,
              ${list.columns}
       from ${list.table} ${list.alias}
       where ${where.join(' and ')}
       order by ${key} ${direction}, source_dataset ${direction}, source_id ${direction}
       limit ${param(limit)}`,
    values,
  };
}
