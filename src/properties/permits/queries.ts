import type { Position, PositionShape } from '../../search/cursor';

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

export interface SqlQuery {
  text: string;
  values: unknown[];
}

export function buildPermitQuery(filter: PermitFilter, after: Position | null, limit: number): SqlQuery {
  const values: unknown[] = [filter.bbl];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where = ['bbl = $1'];
  if (filter.status) where.push(`is_open = ${filter.status === 'open'}`);
  if (filter.since) where.push(`issued_at >= ${param(filter.since)}::date`);
  if (filter.until) where.push(`issued_at <= ${param(filter.until)}::date`);

  const descending = filter.sort === '-date';
  const missingDate = descending ? "'-infinity'::date" : "'infinity'::date";
  // Qualified: a bare name in ORDER BY would resolve to the text-cast output column of the same name.
  const key = `coalesce(p.issued_at, ${missingDate})`;
  if (after) {
    const [date, dataset, id] = after;
    where.push(`(${key}, source_dataset, source_id) ${descending ? '<' : '>'} (coalesce(${param(date)}::date, ${missingDate}), ${param(dataset)}::text, ${param(id)}::text)`);
  }
  const direction = descending ? 'desc' : 'asc';
  return {
    text: `select source_dataset, source_id, identifier, agency, record_type, coalesce(status, '') as status, coalesce(description, '') as description,
              is_open, issued_at::text as issued_at, expires_at::text as expires_at, status_at::text as status_at
       from property_permits p
       where ${where.join(' and ')}
       order by ${key} ${direction}, source_dataset ${direction}, source_id ${direction}
       limit ${param(limit)}`,
    values,
  };
}
