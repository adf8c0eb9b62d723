import type { PoolClient } from 'pg';
import { leadCharge, ticketRecordOf, ticketStanding, type TicketStanding } from '../../../src/domain/contractors';
import { isoDate } from '../../../src/nyc';
import type { OathRow } from '../../sources/contractors';
import { copyIntoTemporaryTable, copyRows, type CopyColumn } from '../../load/copy-rows';
import { currentTotals, moveTotals, ticketsShare } from './totals';

/** A summons as stored: its row, its company (null for an individual) and its standing as of the clock. */
export interface StoredTicket {
  row: OathRow;
  spelling: string | null;
  company: string | null;
  standing: TicketStanding;
  asOf: string;
}

const TICKET_COLUMNS: Array<CopyColumn<StoredTicket>> = [
  ['ticket', 'text', ({ row }) => row.ticket],
  ['spelling', 'text', ({ spelling }) => spelling],
  ['company', 'text', ({ company }) => company],
  ['respondent_first_name', 'text', ({ row }) => row.respondent.firstName],
  ['respondent_last_name', 'text', ({ row }) => row.respondent.lastName],
  ['issuing_agency', 'text', ({ row }) => row.issuingAgency],
  ['violation_date', 'date', ({ row }) => row.violationDate],
  ['hearing_status', 'text', ({ row }) => row.hearingStatus],
  ['hearing_result', 'text', ({ row }) => row.hearingResult],
  ['compliance_status', 'text', ({ row }) => row.complianceStatus],
  ['hearing_date', 'date', ({ row }) => row.hearingDate],
  ['decision_date', 'date', ({ row }) => row.decisionDate],
  ['penalty_imposed_cents', 'bigint', ({ row }) => row.penaltyImposedCents],
  ['paid_cents', 'bigint', ({ row }) => row.paidCents],
  ['late_fees_cents', 'bigint', ({ row }) => row.lateFeesCents],
  ['balance_due_cents', 'bigint', ({ row }) => row.balanceDueCents],
  ['charges', 'jsonb', ({ row }) => row.charges],
  ['charge', 'text', ({ row }) => leadCharge(row)],
  ['violation_borough', 'text', ({ row }) => row.violationBorough],
  ['violation_bbl', 'text', ({ row }) => row.violationBbl],
  ['violation_house', 'text', ({ row }) => row.violationHouse],
  ['violation_street', 'text', ({ row }) => row.violationStreet],
  ['violation_zip', 'text', ({ row }) => row.violationZip],
  ['respondent_borough', 'text', ({ row }) => row.respondentBorough],
  ['respondent_house', 'text', ({ row }) => row.respondentHouse],
  ['respondent_street', 'text', ({ row }) => row.respondentStreet],
  ['respondent_city', 'text', ({ row }) => row.respondentCity],
  ['respondent_zip', 'text', ({ row }) => row.respondentZip],
  ['respondent_state', 'text', ({ row }) => row.respondentState],
  ['total_violation_amount_cents', 'bigint', ({ row }) => row.totalViolationAmountCents],
  ['judgment_docketed_date', 'date', ({ row }) => row.judgmentDocketedDate],
  ['violation_description', 'text', ({ row }) => row.violationDescription],
  ...standingColumns<StoredTicket>(),
];

/** The derived columns, as written by a load and by rederive. */
function standingColumns<T extends { standing: TicketStanding; asOf: string }>(): Array<CopyColumn<T>> {
  return [
    ['status', 'text', ({ standing }) => standing.status],
    ['defaulted', 'boolean', ({ standing }) => standing.defaulted],
    ['reopened', 'boolean', ({ standing }) => standing.reopened],
    ['decided', 'boolean', ({ standing }) => standing.decided],
    ['sought_cents', 'bigint', ({ standing }) => standing.soughtCents],
    ['imposed_cents', 'bigint', ({ standing }) => standing.imposedCents],
    ['late_fees_due_cents', 'bigint', ({ standing }) => standing.lateFeesCents],
    ['due_cents', 'bigint', ({ standing }) => standing.dueCents],
    ['reopenable_until', 'date', ({ standing }) => standing.reopenableUntil],
    ['unknown_values', 'text[]', ({ standing }) => standing.unknownValues],
    ['as_of', 'date', ({ asOf }) => asOf],
  ];
}

// as_of is the clock the standing was derived on: a later load rewrites a ticket only when
// something else differs, so the stored as_of says when its standing was last recomputed.
// reopened is history (a new hearing is granted once per summons): a later load never clears
// it. The load derives the standing with the stored flag already (applyOath); this keeps the
// table's promise whatever a caller passes.
const UPDATE_TICKETS = (() => {
  const values = TICKET_COLUMNS.map(([name]) => name).filter((name) => name !== 'ticket' && name !== 'as_of');
  const assign = (name: string) => (name === 'reopened' ? 'reopened = stored.reopened or incoming.reopened' : `${name} = incoming.${name}`);
  return `update contractor_tickets as stored set ${[...values, 'as_of'].map(assign).join(', ')}
    from incoming_tickets as incoming
    where stored.ticket = incoming.ticket
      and (${values.map((name) => `stored.${name}`).join(', ')}) is distinct from (${values.map((name) => `incoming.${name}`).join(', ')})
    returning stored.company`;
})();

/**
 * Writes the tickets, `stored` naming those the table already holds (read in the same
 * transaction, under the ingest lock): the others are copied straight into the table, the
 * stored ones updated where a value differs. Inside a transaction. Returns the companies of
 * the tickets written: any change to a company's tickets is a change of the company (a new
 * version), even one that leaves its totals as they were (a corrected date moves its risk).
 */
export async function writeTickets(client: PoolClient, tickets: StoredTicket[], stored: ReadonlySet<string>): Promise<string[]> {
  const fresh = tickets.filter(({ row }) => !stored.has(row.ticket));
  await copyRows(client, 'contractor_tickets', TICKET_COLUMNS, fresh);
  const written = new Set(fresh.flatMap(({ company }) => (company ? [company] : [])));
  const known = tickets.filter(({ row }) => stored.has(row.ticket));
  if (known.length > 0) {
    await copyIntoTemporaryTable(client, 'incoming_tickets', 'contractor_tickets', TICKET_COLUMNS, known);
    const { rows } = await client.query<{ company: string | null }>(UPDATE_TICKETS);
    for (const { company } of rows) if (company) written.add(company);
    await client.query('drop table incoming_tickets');
  }
  return [...written];
}

/** The stored columns of a ticket that its standing is derived from. */
const RECORD_SELECT = `ticket, company, issuing_agency, violation_date::text, hearing_status, hearing_result, compliance_status,
  hearing_date::text, decision_date::text, penalty_imposed_cents::float8, paid_cents::float8, late_fees_cents::float8,
  balance_due_cents::float8, charges, status, defaulted, reopened, decided, sought_cents::float8, imposed_cents::float8,
  late_fees_due_cents::float8, due_cents::float8, reopenable_until::text, unknown_values`;

function sameStanding(stored: Record<string, unknown>, standing: TicketStanding): boolean {
  return stored.status === standing.status
    && stored.defaulted === standing.defaulted
    && stored.reopened === standing.reopened
    && stored.decided === standing.decided
    && stored.sought_cents === standing.soughtCents
    && stored.imposed_cents === standing.imposedCents
    && stored.late_fees_due_cents === standing.lateFeesCents
    && stored.due_cents === standing.dueCents
    && stored.reopenable_until === standing.reopenableUntil
    && JSON.stringify(stored.unknown_values) === JSON.stringify(standing.unknownValues);
}

/**
 * Re-derives the standing of these companies' tickets as of `asOf` from their stored
 * columns (a 75-day window closing, a scheduled hearing passing) and writes those that
 * differ; returns the companies whose tickets were written.
 */
export async function rederiveTickets(client: PoolClient, companies: string[], asOf: Date): Promise<string[]> {
  if (companies.length === 0) return [];
  const { rows } = await client.query(`select ${RECORD_SELECT} from contractor_tickets where company = any($1)`, [companies]);
  const stale = rows.flatMap((stored) => {
    const standing = ticketStanding(ticketRecordOf(stored), asOf);
    return sameStanding(stored, standing) ? [] : [{ ticket: stored.ticket as string, company: stored.company as string, standing, asOf: isoDate(asOf) }];
  });
  if (stale.length === 0) return [];
  const day = isoDate(asOf);
  const written = stale.map(({ ticket }) => ticket);
  // The spellings' totals move with the standings rewritten (totals.ts).
  const { rows: spellings } = await client.query('select distinct spelling from contractor_tickets where ticket = any($1) and spelling is not null', [written]);
  await currentTotals(client, spellings.map((row) => row.spelling as string), day);
  const before = await ticketsShare(client, written, day);
  const columns: Array<CopyColumn<(typeof stale)[number]>> = [['ticket', 'text', ({ ticket }) => ticket], ...standingColumns<(typeof stale)[number]>()];
  await copyIntoTemporaryTable(client, 'rederived_tickets', 'contractor_tickets', columns, stale);
  await client.query(
    `update contractor_tickets as stored set ${columns.slice(1).map(([name]) => `${name} = fresh.${name}`).join(', ')}
     from rederived_tickets as fresh where stored.ticket = fresh.ticket`,
  );
  await client.query('drop table rederived_tickets');
  await moveTotals(client, before, await ticketsShare(client, written, day), day);
  return [...new Set(stale.map(({ company }) => company))];
}
