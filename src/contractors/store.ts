import { ticketRecordOf, ticketStanding, type GroupingReason, type TicketRecord, type TicketStanding } from '../domain/contractors';
import { keptRows } from '../db/kept-reads';
import { prepared } from '../db/pool';
import type { DataStore } from '../stores';

/**
 * Postgres reads of the contractors family (tables of migration 500). A company is found by
 * any slug ever issued to it (contractor_slugs), and answered under its own slug. Stored
 * standings are as of the clock of the load that wrote them; what is served is re-derived
 * here from the stored columns with ticketStanding on the clock of the key's mode.
 */

/** A company as contractor_companies stores it (the figures the profile does not re-derive). */
export interface CompanyRow {
  slug: string;
  name: string;
  spellings: string[];
  /** Why its spellings were grouped into it beyond equal spelling (names.ts GroupingReason), as the last grouping wrote it. */
  groupedBecause: GroupingReason[];
  /** Moves whenever the company or any of its tickets is written (its version, and when it was written). */
  revision: string;
}

/**
 * Companies by requested slug: each found slug (old or current) -> the company it answers for now.
 * A kept read: every ticket page and profile starts with it, and a company changes only when an
 * ingest writes it.
 */
export async function companiesBySlug(store: DataStore, slugs: string[]): Promise<Map<string, CompanyRow>> {
  if (slugs.length === 0) return new Map();
  const rows = await keptRows(
    store,
    prepared(
      `select s.slug as requested, c.slug, c.name, c.spellings, c.grouped_because, c.version::text || '@' || c.updated_at::text as revision
     from contractor_slugs s join contractor_companies c on c.slug = s.company
     where s.slug = any($1::text[])`,
      [slugs],
    ),
  );
  return new Map(rows.map((row) => [row.requested as string, { slug: row.slug, name: row.name, spellings: row.spellings, groupedBecause: row.grouped_because ?? [], revision: row.revision }]));
}

/** The stored columns a ticket's record is read from (reopened: the summons' history, which the row alone no longer shows). */
export const TICKET_RECORD_SELECT = `t.ticket, t.issuing_agency, t.violation_date::text as violation_date, t.hearing_status, t.hearing_result,
  t.compliance_status, t.hearing_date::text as hearing_date, t.decision_date::text as decision_date,
  t.penalty_imposed_cents::float8 as penalty_imposed_cents, t.paid_cents::float8 as paid_cents, t.late_fees_cents::float8 as late_fees_cents,
  t.balance_due_cents::float8 as balance_due_cents, t.charges, t.charge, t.reopened`;

/** A stored ticket with its standing as of the clock. */
export interface StandingTicket {
  record: TicketRecord;
  /** The lead charge as stored (charges' first description, else code). */
  charge: string | null;
  standing: TicketStanding;
}

export const standingTicketOf = (row: Record<string, unknown>, asOf: Date): StandingTicket => {
  const record = ticketRecordOf(row);
  return { record, charge: row.charge as string | null, standing: ticketStanding(record, asOf) };
};

