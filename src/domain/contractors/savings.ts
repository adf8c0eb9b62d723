import { isoDate } from '../../nyc';

/**
 * What a contractor can still save by asking for new hearings on its defaulted tickets
 * whose 75-day window is live (docs/decisions.md, Contractors). Pure: the tickets'
 * standings (tickets.ts) and the clock are arguments. SAVINGS_DESCRIPTION is served in the
 * OpenAPI document.
 */

export const SAVINGS_DESCRIPTION = `reopenableSavingsMinCents and reopenableSavingsMaxCents count only tickets whose new-hearing window is live today (reopenableUntil not null: an unpaid default of a summons never reopened, within 75 days of its decision).
reopenableSavingsMinCents, the floor: the sum over those tickets of max(0, imposedCents - soughtCents), the default inflation a granted new hearing erases, since at a normal hearing the most the city can win is the scheduled amount sought.
reopenableSavingsMaxCents, the ceiling: the sum over the same tickets of imposedCents plus the late fees added to them, everything at stake if the charges are dismissed at the new hearing.
Both are 0 when no window is live; min is never above max.`;

/** The figures of one ticket the savings read (a TicketStanding fits). */
export interface SavingsTicket {
  reopenableUntil: string | null;
  imposedCents: number;
  soughtCents: number;
  lateFeesCents: number;
}

export interface ReopenableSavings {
  reopenableSavingsMinCents: number;
  reopenableSavingsMaxCents: number;
  /** How many tickets have a live window. */
  reopenableTickets: number;
}

/**
 * The floor and the ceiling over the tickets whose window is live as of the clock's day.
 * A reopenableUntil computed on an earlier day may have lapsed since: it is checked again here.
 */
export function reopenableSavings(tickets: Iterable<SavingsTicket>, asOf: Date): ReopenableSavings {
  const today = isoDate(asOf);
  let min = 0;
  let max = 0;
  let count = 0;
  for (const ticket of tickets) {
    if (ticket.reopenableUntil === null || ticket.reopenableUntil < today) continue;
    const imposed = Math.max(0, ticket.imposedCents);
    min += Math.max(0, imposed - Math.max(0, ticket.soughtCents));
    max += imposed + Math.max(0, ticket.lateFeesCents);
    count += 1;
  }
  return { reopenableSavingsMinCents: min, reopenableSavingsMaxCents: max, reopenableTickets: count };
}
