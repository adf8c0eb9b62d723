import { NEW_HEARING_WINDOW_DAYS, TICKET_STATUSES, type TicketStatus } from '../../domain/contractors';
import type { Position, PositionShape } from '../../search/cursor';

/**
 * The ticket list query of one company: filters, the order and the keyset position, as SQL
 * text and parameters (pure: the store runs it).
 *
 * Order: violation date (newest first by default), undated tickets after every dated one in
 * both directions, then the ticket number in the same direction: a total order, since the
 * ticket number is the table's key.
 *
 * status is clock-dependent (a scheduled hearing passing closes an undecided ticket), so the
 * SQL keeps a superset: the stored status when it was derived on the clock's day, and every
 * undecided ticket derived on another day; the store re-derives each row with ticketStanding
 * and drops the others. reopenableOnly is exact in SQL: a window is live for a ticket whose
 * stored status is defaulted (which no clock changes) and that was never reopened (a new
 * hearing is granted once per summons) while its anchor + 75 days is today or later.
 */
export const TICKET_SORTS = ['-date', 'date'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

export interface TicketFilter {
  company: string;
  status?: TicketStatus[];
  hearingAfter?: string;
  reopenableOnly?: boolean;
  since?: string;
  until?: string;
  sort: TicketSort;
  /** The clock's day (YYYY-MM-DD). */
  today: string;
}

/** [violation date or null, ticket]. */
export const TICKET_POSITION: PositionShape = ['date', 'string'];

export interface SqlQuery {
  text: string;
  values: unknown[];
}

export function buildTicketQuery(filter: TicketFilter, select: string, after: Position | null, limit: number): SqlQuery {
  const values: unknown[] = [filter.company];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where = ['t.company = $1'];
  if (filter.status && filter.status.length < TICKET_STATUSES.length) {
    where.push(`(t.status = any(${param(filter.status)}::text[]) or (not t.decided and t.as_of <> ${param(filter.today)}::date))`);
  }
  if (filter.reopenableOnly) {
    where.push(`t.status = 'defaulted' and not t.reopened and coalesce(t.decision_date, t.hearing_date) + ${NEW_HEARING_WINDOW_DAYS} >= ${param(filter.today)}::date`);
  }
  if (filter.hearingAfter) where.push(`t.hearing_date >= ${param(filter.hearingAfter)}::date`);
  if (filter.since) where.push(`t.violation_date >= ${param(filter.since)}::date`);
  if (filter.until) where.push(`t.violation_date <= ${param(filter.until)}::date`);

  const descending = filter.sort === '-date';
  const cmp = descending ? '<' : '>';
  const direction = descending ? 'desc' : 'asc';
  const n = param(limit);
  // The index's order (desc nulls last) or its reverse, so either direction reads it in order.
  const indexOrder = descending ? 'desc nulls last' : 'asc nulls first';
  // Dated tickets, then undated ones, each its own index range (company, violation date,
  // ticket): a row comparison for the dated part, so every page is one range read, never a
  // scan from the company's first ticket.
  const branch = (condition: string) =>
    `(select ${select} from contractor_tickets t where ${[...where, condition].join(' and ')}
      order by t.violation_date ${indexOrder}, t.ticket ${direction} limit ${n})`;
  const branches: string[] = [];
  if (after === null) {
    branches.push(branch('t.violation_date is not null'), branch('t.violation_date is null'));
  } else if (after[0] !== null) {
    branches.push(branch(`(t.violation_date, t.ticket) ${cmp} (${param(after[0])}::date, ${param(after[1])}::text)`), branch('t.violation_date is null'));
  } else {
    branches.push(branch(`t.violation_date is null and t.ticket ${cmp} ${param(after[1])}::text`));
  }
  return {
    text: `select * from (${branches.join(' union all ')}) page
       order by page.violation_date ${direction} nulls last, page.ticket ${direction}
       limit ${n}`,
    values,
  };
}
