import type { Position } from '../../search/cursor';
import type { DataStore } from '../../stores';
import { prepared } from '../../db/pool';
import { type StandingTicket, standingTicketOf, TICKET_RECORD_SELECT } from '../store';
import { buildTicketQuery, type TicketFilter } from './queries';

/** One served ticket (the contract\'s Contractor ticket), in contract order. */
export interface ContractorTicketItem {
  ticket: string;
  charge: string;
  issued: string | null;
  hearingDate: string | null;
  hearingResult: string;
  status: StandingTicket['standing']['status'];
  dueCents: number;
  imposedCents: number;
  soughtCents: number;
  defaulted: boolean;
  reopenableUntil: string | null;
}

export function ticketItemOf({ record, charge, standing }: StandingTicket): ContractorTicketItem {
  return {
    ticket: record.ticket,
    charge: charge ?? '',
    issued: record.violationDate,
    hearingDate: record.hearingDate,
    hearingResult: record.hearingResult ?? '',
    status: standing.status,
    dueCents: standing.dueCents,
    imposedCents: standing.imposedCents,
    soughtCents: standing.soughtCents,
    defaulted: standing.defaulted,
    reopenableUntil: standing.reopenableUntil,
  };
}

/** Rows read per round while a status filter drops rows whose standing changed since the load. */
const ROUND = 200;

/**
 * Up to `limit` tickets after the position, in list order, each re-derived on the clock and
 * kept when it matches the status filter. The SQL keeps a superset (queries.ts); when it
 * drops rows, the next round continues from the last row read.
 */
export async function ticketRows(store: DataStore, filter: TicketFilter, after: Position | null, limit: number, asOf: Date): Promise<StandingTicket[]> {
  const out: StandingTicket[] = [];
  let position = after;
  for (;;) {
    const want = filter.status ? Math.max(limit - out.length, ROUND) : limit - out.length;
    const query = buildTicketQuery(filter, TICKET_RECORD_SELECT, position, want);
    const { rows } = await store.pg.query(prepared(query.text, query.values));
    for (const row of rows) {
      const ticket = standingTicketOf(row, asOf);
      if (!filter.status || filter.status.includes(ticket.standing.status)) out.push(ticket);
      if (out.length === limit) return out;
    }
    if (rows.length < want) return out;
    const last = rows[rows.length - 1];
    position = [last.violation_date, last.ticket];
  }
}

export const ticketPositionOf = (ticket: StandingTicket): Position => [ticket.record.violationDate, ticket.record.ticket];
