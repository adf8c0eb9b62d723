/**
 * The contractor family's records: one OATH Hearings Division summons (`jz4z-kudi`) as the
 * rules read it. Dates are 'YYYY-MM-DD' (read with `parseCityDate`), money whole cents
 * (read with `parseMoneyCents`), null where the dataset leaves the column blank. Status
 * columns are kept as the city writes them (trimmed, runs of spaces made one): the
 * mapping to a ticket status lives in tickets.ts and names the values it does not know.
 */

/** One of a summons' charges 1-10 (`charge_N_code`, `_code_section`, `_code_description`, `_infraction_amount`). */
export interface OathCharge {
  code: string | null;
  section: string | null;
  description: string | null;
  /** The scheduled amount sought for the charge: the cost of losing at a normal hearing. */
  amountCents: number | null;
}

/** The columns of a summons that decide its status, its money and its new-hearing window. */
export interface TicketRecord {
  /** The summons number as OATH writes it (upper case, no padding added). */
  ticket: string;
  issuingAgency: string | null;
  violationDate: string | null;
  /** `hearing_status`: HEARING COMPLETED, RESCHEDULED, PAID IN FULL, DEFAULTED, DOCKETED, WRITTEN OFF, ... */
  hearingStatus: string | null;
  /** `hearing_result`: IN VIOLATION, DISMISSED, DEFAULT, DEFAULTED, STIPULATED, ADJOURNED, ... */
  hearingResult: string | null;
  /** `compliance_status`: All Terms Met, Penalty Due, Compliance Due, Both Due. */
  complianceStatus: string | null;
  /** Past or scheduled. */
  hearingDate: string | null;
  decisionDate: string | null;
  /** `penalty_imposed` as written: present before any decision too, where it is not a finding. */
  penaltyImposedCents: number | null;
  paidCents: number | null;
  /** `additional_penalties_or_late_fees`. */
  lateFeesCents: number | null;
  /** `balance_due` as written: negative after an overpayment. */
  balanceDueCents: number | null;
  /** Charges 1-10 in column order, only those the row fills. */
  charges: OathCharge[];
  /**
   * An earlier load showed this summons reopened (a new hearing granted after a default):
   * the stored history, which the row itself no longer shows once the new hearing is decided.
   * Absent for a row as read from the source, which knows no history.
   */
  reopenedBefore?: boolean;
}

/**
 * A ticket's record from its stored contractor_tickets columns, read by their names (dates
 * as text, money as float8): the same reading for the API's store and the ingest's rederive.
 */
export function ticketRecordOf(row: Record<string, unknown>): TicketRecord {
  return {
    ticket: row.ticket as string,
    issuingAgency: row.issuing_agency as string | null,
    violationDate: row.violation_date as string | null,
    hearingStatus: row.hearing_status as string | null,
    hearingResult: row.hearing_result as string | null,
    complianceStatus: row.compliance_status as string | null,
    hearingDate: row.hearing_date as string | null,
    decisionDate: row.decision_date as string | null,
    penaltyImposedCents: row.penalty_imposed_cents as number | null,
    paidCents: row.paid_cents as number | null,
    lateFeesCents: row.late_fees_cents as number | null,
    balanceDueCents: row.balance_due_cents as number | null,
    charges: row.charges as TicketRecord['charges'],
    reopenedBefore: storedReopened(row),
  };
}

/** The stored `reopened` flag: a select that left it out would silently grant a second window. */
function storedReopened(row: Record<string, unknown>): boolean {
  if (typeof row.reopened !== 'boolean') throw new Error(`ticketRecordOf: ticket ${String(row.ticket)} was read without its reopened column`);
  return row.reopened;
}

/** The respondent columns: a company may be whole in either, or split head / legal tail. */
export interface Respondent {
  firstName: string | null;
  lastName: string | null;
}
