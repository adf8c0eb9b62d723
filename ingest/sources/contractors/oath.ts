import { bblFromParts, normalizeZip, parseBorough, parseCityDate, parseMoneyCents, type Borough } from '../../../src/nyc';
import type { OathCharge, Respondent, TicketRecord } from '../../../src/domain/contractors/types';
import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, RowRejection, spacedText, textField } from '../dataset';

/**
 * One summons of the OATH Hearings Division Case Status data (`jz4z-kudi`), read from the
 * portal CSV export ('Ticket Number', 'Violation Location (Borough)', 'Charge #1: Code') or
 * the SODA API (`ticket_number`, `violation_location_borough`, `charge_1_code`): both turn
 * into the same column keys (columns.ts).
 *
 * What the real rows do, and what this reader makes of it:
 * - Respondent names are kept as written (trimmed, runs of spaces made one), in their two
 *   fields: a company may be whole in the last-name field (cut near 25 characters, spaces
 *   sometimes squeezed out), split into a distinctive head in the first-name field and a
 *   legal tail in the other ('AMERIMIM' + 'CAB CORP.'), or a person split first/last or
 *   written 'LAST,FIRST,' in one field. Grouping them into companies is
 *   src/domain/contractors/names.ts, not the reader's business.
 * - `NOT NYC` (and any other text that names no borough) is no borough and no lot; the row
 *   is kept. Block '00000' / lot '0000' is no lot.
 * - Money is text ('0.00', '1250', '-2500.00'); read to cents. A negative balance (an
 *   overpayment) is kept as written; tickets.ts never counts it as money due.
 * - Charges 1-10 sit in 40 columns; a charge is kept when any of its four columns is filled.
 * - `penalty_imposed` is filled before any decision (a rescheduled hearing with the penalty
 *   and balance already written): kept as written; tickets.ts only reads it as a finding once
 *   the hearing data shows one.
 * - `Total Violation Amount` is kept but no rule reads it: on the old rows it is a hundred
 *   times the penalty (cents written as dollars?), so the amount sought is the charges' sum.
 * A row is rejected only when it has no ticket number, or a date or an amount that cannot be
 * read (a bad date is no evidence of anything).
 */
export interface OathRow extends TicketRecord {
  respondent: Respondent;
  /** `violation_location_*`: where the violation was seen. */
  violationBorough: Borough | null;
  /** Borough + block + lot when all three name a lot; null for NOT NYC and 00000/0000. */
  violationBbl: string | null;
  violationHouse: string | null;
  violationStreet: string | null;
  violationZip: string | null;
  /** `respondent_address_*`. */
  respondentBorough: Borough | null;
  respondentHouse: string | null;
  respondentStreet: string | null;
  respondentCity: string | null;
  respondentZip: string | null;
  respondentState: string | null;
  /** `total_violation_amount` as written (not used by any rule, see above). */
  totalViolationAmountCents: number | null;
  /** `date_judgment_docketed`: the unpaid penalty became a Civil Court judgment. */
  judgmentDocketedDate: string | null;
  violationDescription: string | null;
}

/** Ticket numbers are letters and digits: '0108539669', '040439816M', '43096SE', '535680A'. */
const TICKET = /^[0-9A-Z]+$/;

function ticketNumber(record: RawRecord): string {
  const value = textField(record.ticket_number)?.toUpperCase() ?? null;
  if (value === null) throw new RowRejection('missing Ticket Number');
  if (!TICKET.test(value)) throw new RowRejection(`unreadable Ticket Number "${value}"`);
  return value;
}

/**
 * A reader of a field's text remembered by that text: an export writes the same few thousand
 * dates and amounts on every row, and each is read several times per row. Forgotten all at
 * once past 50,000 texts, so memory stays bounded on any file.
 */
function rememberedByText<T>(read: (text: string | undefined) => T): (text: string | undefined) => T {
  const known = new Map<string | undefined, T>();
  return (text) => {
    if (known.has(text)) return known.get(text)!;
    if (known.size >= 50_000) known.clear();
    const value = read(text);
    known.set(text, value);
    return value;
  };
}

const cityDate = rememberedByText(parseCityDate);
const moneyCents = rememberedByText(parseMoneyCents);

function date(record: RawRecord, key: string, label: string): string | null {
  const value = cityDate(record[key]);
  if (value === undefined) throw new RowRejection(`unreadable ${label} "${record[key]}"`);
  return value;
}

function cents(record: RawRecord, key: string, label: string): number | null {
  const value = moneyCents(record[key]);
  if (value === undefined) throw new RowRejection(`unreadable ${label} "${record[key]}"`);
  return value;
}

export const OATH_CHARGE_SLOTS = 10;

/** The four column keys of each charge slot and its amount's label, named once. */
const CHARGE_SLOTS = Array.from({ length: OATH_CHARGE_SLOTS }, (_, index) => ({
  code: `charge_${index + 1}_code`,
  section: `charge_${index + 1}_code_section`,
  description: `charge_${index + 1}_code_description`,
  amount: `charge_${index + 1}_infraction_amount`,
  amountLabel: `Charge #${index + 1}: Infraction Amount`,
}));

const blank = (value: string | undefined) => value === undefined || value.trim() === '';

function charges(record: RawRecord): OathCharge[] {
  const found: OathCharge[] = [];
  for (const slot of CHARGE_SLOTS) {
    // Most rows fill one or two of the ten slots: an empty slot is passed over unread.
    if (blank(record[slot.code]) && blank(record[slot.section]) && blank(record[slot.description]) && blank(record[slot.amount])) continue;
    const charge: OathCharge = {
      code: spacedText(record[slot.code]),
      section: spacedText(record[slot.section]),
      description: spacedText(record[slot.description]),
      amountCents: cents(record, slot.amount, slot.amountLabel),
    };
    if (charge.code !== null || charge.section !== null || charge.description !== null || charge.amountCents !== null) found.push(charge);
  }
  return found;
}

/** A status column as written, runs of spaces made one. */
const status = (record: RawRecord, key: string) => spacedText(record[key]);

function parseOath(record: RawRecord): OathRow {
  const ticket = ticketNumber(record);
  const violationBorough = parseBorough(textField(record.violation_location_borough));
  return {
    ticket,
    issuingAgency: spacedText(record.issuing_agency),
    violationDate: date(record, 'violation_date', 'Violation Date'),
    hearingStatus: status(record, 'hearing_status'),
    hearingResult: status(record, 'hearing_result'),
    complianceStatus: status(record, 'compliance_status'),
    hearingDate: date(record, 'hearing_date', 'Hearing Date'),
    decisionDate: date(record, 'decision_date', 'Decision Date'),
    penaltyImposedCents: cents(record, 'penalty_imposed', 'Penalty Imposed'),
    paidCents: cents(record, 'paid_amount', 'Paid Amount'),
    lateFeesCents: cents(record, 'additional_penalties_or_late_fees', 'Additional Penalties or Late Fees'),
    balanceDueCents: cents(record, 'balance_due', 'Balance Due'),
    charges: charges(record),
    respondent: { firstName: spacedText(record.respondent_first_name), lastName: spacedText(record.respondent_last_name) },
    violationBorough,
    violationBbl: violationBorough === null ? null : bblFromParts(violationBorough, textField(record.violation_location_block_no), textField(record.violation_location_lot_no)),
    violationHouse: spacedText(record.violation_location_house),
    violationStreet: spacedText(record.violation_location_street_name),
    violationZip: normalizeZip(textField(record.violation_location_zip_code)),
    respondentBorough: parseBorough(textField(record.respondent_address_borough)),
    respondentHouse: spacedText(record.respondent_address_house),
    respondentStreet: spacedText(record.respondent_address_street_name),
    respondentCity: spacedText(record.respondent_address_city),
    respondentZip: normalizeZip(textField(record.respondent_address_zip_code)),
    respondentState: spacedText(record.respondent_address_state_name),
    totalViolationAmountCents: cents(record, 'total_violation_amount', 'Total Violation Amount'),
    judgmentDocketedDate: date(record, 'date_judgment_docketed', 'Date Judgment Docketed'),
    violationDescription: spacedText(record.violation_description),
  };
}

/** OATH Hearings Division Case Status (jz4z-kudi): one row per summons, every issuing agency. */
export const OATH_HEARINGS: DatasetSpec<OathRow> = {
  name: 'oath',
  title: 'OATH Hearings Division Case Status',
  requiredColumns: [
    'ticket_number', 'violation_date', 'issuing_agency', 'respondent_first_name', 'respondent_last_name', 'balance_due',
    'hearing_status', 'hearing_result', 'hearing_date', 'decision_date', 'penalty_imposed', 'paid_amount', 'compliance_status',
    'charge_1_code', 'charge_1_infraction_amount',
  ],
  requiredJsonKeys: ['ticket_number'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseOath),
};
