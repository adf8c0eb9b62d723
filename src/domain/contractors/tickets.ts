import { addDays, isoDate } from '../../nyc';
import type { TicketRecord } from './types';

/**
 * A contractor ticket's status, money and new-hearing window, from the OATH summons'
 * own columns (docs/decisions.md, Contractors; docs/decisions.md, Contractors). Pure: the
 * clock is an argument. The text of TICKET_STATUS_DESCRIPTION is served in the OpenAPI
 * document; keep it and the code in step.
 */

export const TICKET_STATUSES = ['open', 'defaulted', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Days after the default decision during which a first new-hearing request is granted automatically (48 RCNY §6-21(b)). */
export const NEW_HEARING_WINDOW_DAYS = 75;

/** What a `hearing_status` value says. */
type HearingStatusMeaning = 'completed' | 'pending' | 'paid' | 'defaulted' | 'docketed' | 'written_off';
/**
 * Every `hearing_status` the real file shows (PAID IN FULL, HEARING COMPLETED, DOCKETED) and
 * docs/decisions.md (Contractors) names (RESCHEDULED, DEFAULTED, WRITTEN OFF, STAYED; NEW ISSUANCE and
 * HEARING PENDING as likely).
 */
export const HEARING_STATUSES: Readonly<Record<string, HearingStatusMeaning>> = {
  'HEARING COMPLETED': 'completed',
  RESCHEDULED: 'pending',
  'NEW ISSUANCE': 'pending',
  'HEARING PENDING': 'pending',
  STAYED: 'pending',
  'PAID IN FULL': 'paid',
  DEFAULTED: 'defaulted',
  DOCKETED: 'docketed',
  'WRITTEN OFF': 'written_off',
};

/** What a `hearing_result` value says. */
type HearingResultMeaning = 'liable' | 'default' | 'dismissed' | 'adjourned' | 'paid' | 'written_off';
/**
 * Every `hearing_result` the real file shows (IN VIOLATION, DEFAULT, DEFAULTED) and
 * docs/decisions.md (Contractors) names (DISMISSED, STIPULATED, ADJOURNED; WRITTEN OFF and PAID IN FULL
 * as results; CURED, "fixed before the hearing").
 */
export const HEARING_RESULTS: Readonly<Record<string, HearingResultMeaning>> = {
  'IN VIOLATION': 'liable',
  STIPULATED: 'liable',
  DEFAULT: 'default',
  DEFAULTED: 'default',
  DISMISSED: 'dismissed',
  CURED: 'dismissed',
  ADJOURNED: 'adjourned',
  'PAID IN FULL': 'paid',
  'WRITTEN OFF': 'written_off',
};

/** What a `compliance_status` value says (compared case-insensitively: the city writes 'Penalty Due'). */
type ComplianceMeaning = 'met' | 'penalty_due' | 'compliance_due' | 'both_due';
export const COMPLIANCE_STATUSES: Readonly<Record<string, ComplianceMeaning>> = {
  'ALL TERMS MET': 'met',
  'PENALTY DUE': 'penalty_due',
  'COMPLIANCE DUE': 'compliance_due',
  'BOTH DUE': 'both_due',
};

export const TICKET_STATUS_DESCRIPTION = `How a ticket's status, money and new-hearing window are read from the OATH Hearings Division case-status columns (hearing_status, hearing_result, compliance_status, the money columns and the dates), as of today (UTC) for live keys and the fixture reference date for test keys.

Vocabulary. hearing_status: HEARING COMPLETED (decided); RESCHEDULED, NEW ISSUANCE, HEARING PENDING, STAYED (a hearing is ahead or the case is on hold); PAID IN FULL (paid, which admits the charge); DEFAULTED (a default stands); DOCKETED (an unpaid penalty entered as a Civil Court judgment); WRITTEN OFF (nothing is owed). hearing_result: IN VIOLATION, STIPULATED (found liable); DEFAULT, DEFAULTED (default judgment); DISMISSED, CURED (no penalty); ADJOURNED (no decision yet); PAID IN FULL, WRITTEN OFF. compliance_status: All Terms Met; Penalty Due; Compliance Due; Both Due. Any other value is not guessed at: it is counted in the ingest report, decides nothing, and a ticket carrying one is never shown as closed.

Finding. A default is shown when hearing_result is DEFAULT or DEFAULTED or hearing_status is DEFAULTED (defaulted = true). The ticket is decided when a default is shown, the result finds it liable, or (with no result) the status is PAID IN FULL or DOCKETED. A default followed by a new hearing (hearing_status RESCHEDULED, NEW ISSUANCE or HEARING PENDING, or a hearing date after the decision date) was reopened: it is no longer decided, and stays open until the data shows the new hearing's outcome.

Money. soughtCents = the sum of the charges' infraction amounts (charges 1-10; Total Violation Amount is not used). imposedCents = penalty_imposed once the ticket is decided, 0 before: OATH writes a penalty on rescheduled hearings before any decision, and that is no finding. dueCents = balance_due once decided (never negative: an overpayment is no debt; when the balance is blank, imposed + late fees - paid, never negative), 0 when written off, dismissed or undecided.

Status. defaulted: a default is shown, no new hearing is pending (this row does not show it reopened), and it still demands something (money due; compliance_status Compliance Due or Both Due; Penalty Due with no balance written; DEFAULTED or DOCKETED with no balance written). A default paid in full or written off is closed (defaulted stays true). open: anything else that still demands something, or a hearing is ahead (a pending status, an ADJOURNED result, or an undecided ticket whose hearing date is today or later), or a value outside the vocabulary. closed: otherwise (paid, dismissed, written off, or nothing owed).

reopenableUntil: for a defaulted ticket (status defaulted) never reopened, the decision date (the hearing date when no decision date is given) plus ${NEW_HEARING_WINDOW_DAYS} days: the last day a first request for a new hearing is granted automatically (48 RCNY 6-21(b)), served while that day is today or later; null otherwise. A paid default has no window: paying admits the charge. A new hearing is granted once per summons: once any ingest has shown the summons reopened, a later default of it (the new hearing missed too) has no window, even when the current data no longer shows the first default.`;

export interface TicketStanding {
  status: TicketStatus;
  /** A missed hearing turned this into a default judgment (result or status shows it). */
  defaulted: boolean;
  /**
   * A default followed by a new hearing, in this row or in one an earlier load stored (the
   * stored flag is never cleared): its one new hearing is used, so no later default of the
   * summons has a window.
   */
  reopened: boolean;
  /** The hearing data finds against the respondent: a liable result, a default (no new hearing pending), or a payment admitting it. */
  decided: boolean;
  soughtCents: number;
  imposedCents: number;
  /** Late fees once decided; counted in the most a new hearing can save. */
  lateFeesCents: number;
  dueCents: number;
  reopenableUntil: string | null;
  /** `column "value"` of each status value outside the vocabulary, for the ingest report. */
  unknownValues: string[];
}

const upper = (value: string | null) => (value === null ? null : value.trim().toUpperCase().replace(/\s+/g, ' '));

function lookup<T>(vocabulary: Readonly<Record<string, T>>, column: string, value: string | null, unknown: string[]): T | null {
  // A value written as the vocabulary writes it (most rows) reads the same through upper():
  // skip the trim, case and whitespace pass, which an ingest pays on every row.
  if (value !== null && Object.hasOwn(vocabulary, value)) return vocabulary[value];
  const key = upper(value);
  if (key === null || key === '') return null;
  const meaning = vocabulary[key];
  if (meaning === undefined) unknown.push(`${column} "${value}"`);
  return meaning ?? null;
}

/** The sum of the charges' scheduled amounts, never negative. */
export function soughtCentsOf(record: Pick<TicketRecord, 'charges'>): number {
  return record.charges.reduce((sum, charge) => sum + Math.max(0, charge.amountCents ?? 0), 0);
}

/** The lead charge's description (its code when undescribed), or null for a ticket without charges. */
export function leadCharge(record: Pick<TicketRecord, 'charges'>): string | null {
  const first = record.charges.find((charge) => charge.description !== null || charge.code !== null);
  return first ? first.description ?? first.code : null;
}

/** The last day of the new-hearing window counted from `decidedOn`. */
export function newHearingDeadline(decidedOn: string): string {
  return addDays(decidedOn, NEW_HEARING_WINDOW_DAYS);
}

/**
 * The `column "value"` of each status value outside the vocabulary: ticketStanding's
 * unknownValues without the rest of the standing (an ingest counts them as it reads).
 */
export function unknownTicketValues(record: Pick<TicketRecord, 'hearingStatus' | 'hearingResult' | 'complianceStatus'>): string[] {
  const unknownValues: string[] = [];
  lookup(HEARING_STATUSES, 'hearing_status', record.hearingStatus, unknownValues);
  lookup(HEARING_RESULTS, 'hearing_result', record.hearingResult, unknownValues);
  lookup(COMPLIANCE_STATUSES, 'compliance_status', record.complianceStatus, unknownValues);
  return unknownValues;
}

// The clock's day of the last call: a load derives every row on one clock.
let lastClock = { time: NaN, day: '' };
function dayOf(asOf: Date): string {
  if (asOf.getTime() !== lastClock.time) lastClock = { time: asOf.getTime(), day: isoDate(asOf) };
  return lastClock.day;
}

export function ticketStanding(record: TicketRecord, asOf: Date): TicketStanding {
  const unknownValues: string[] = [];
  const status = lookup(HEARING_STATUSES, 'hearing_status', record.hearingStatus, unknownValues);
  const result = lookup(HEARING_RESULTS, 'hearing_result', record.hearingResult, unknownValues);
  const compliance = lookup(COMPLIANCE_STATUSES, 'compliance_status', record.complianceStatus, unknownValues);
  const today = dayOf(asOf);

  const defaulted = result === 'default' || status === 'defaulted';
  const laterHearing = record.hearingDate !== null && record.decisionDate !== null && record.hearingDate > record.decisionDate;
  // Awaiting the new hearing now (this row), which undoes the finding until its outcome shows.
  const reopenedNow = defaulted && (status === 'pending' || laterHearing);
  // A new hearing is granted once per summons (docs/decisions.md, Contractors): a default after one that
  // was reopened, in this row or in a row an earlier load stored, gets no window.
  const reopened = reopenedNow || record.reopenedBefore === true;
  const writtenOff = status === 'written_off' || result === 'written_off';
  const decided =
    !reopenedNow &&
    (defaulted || result === 'liable' || result === 'paid' || (result === null && (status === 'paid' || status === 'docketed')));

  const imposedCents = decided ? Math.max(0, record.penaltyImposedCents ?? 0) : 0;
  const lateFeesCents = decided ? Math.max(0, record.lateFeesCents ?? 0) : 0;
  let dueCents = 0;
  if (decided && !writtenOff) {
    dueCents = record.balanceDueCents !== null
      ? Math.max(0, record.balanceDueCents)
      : Math.max(0, imposedCents + lateFeesCents - Math.max(0, record.paidCents ?? 0));
  }

  const noBalanceWritten = record.balanceDueCents === null;
  const demands =
    !writtenOff &&
    decided &&
    (dueCents > 0 ||
      compliance === 'compliance_due' ||
      compliance === 'both_due' ||
      (noBalanceWritten && (compliance === 'penalty_due' || status === 'defaulted' || status === 'docketed')));
  const hearingAhead =
    !decided && !writtenOff &&
    (reopenedNow || status === 'pending' || result === 'adjourned' || (result !== 'dismissed' && status !== 'paid' && record.hearingDate !== null && record.hearingDate >= today));

  let ticketStatus: TicketStatus;
  if (defaulted && decided && demands) ticketStatus = 'defaulted';
  else if (demands || hearingAhead || unknownValues.length > 0) ticketStatus = 'open';
  else ticketStatus = 'closed';

  let reopenableUntil: string | null = null;
  const anchor = record.decisionDate ?? record.hearingDate;
  if (ticketStatus === 'defaulted' && !reopened && anchor !== null) {
    const lastDay = newHearingDeadline(anchor);
    if (lastDay >= today) reopenableUntil = lastDay;
  }

  return {
    status: ticketStatus,
    defaulted,
    reopened,
    decided,
    soughtCents: soughtCentsOf(record),
    imposedCents,
    lateFeesCents,
    dueCents,
    reopenableUntil,
    unknownValues,
  };
}
