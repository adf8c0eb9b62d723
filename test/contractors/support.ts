import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OATH_LOAD } from '../../ingest/families';
import { ingestDataset } from '../../ingest/load/pipeline';
import { fileSource } from '../../ingest/sources/source';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import type { DataStore } from '../../src/stores';
import type { TestApi } from '../support/api';

export const REAL_OATH = 'oath/oath_hearings__nycdb.csv';
export const realOathPresent = nycDataPresent(REAL_OATH);
export const realOathFile = () => path.join(NYC_DATA_DIR, REAL_OATH);

/** The columns inline rows fill (SODA names, which the reader takes as the portal's). */
const COLUMNS = [
  'ticket_number', 'violation_date', 'issuing_agency', 'respondent_first_name', 'respondent_last_name', 'balance_due', 'hearing_status',
  'hearing_result', 'hearing_date', 'decision_date', 'penalty_imposed', 'paid_amount', 'additional_penalties_or_late_fees',
  'compliance_status', 'charge_1_code', 'charge_1_code_description', 'charge_1_infraction_amount',
  'respondent_address_house', 'respondent_address_street_name', 'respondent_address_zip_code',
] as const;
export type OathLine = Partial<Record<(typeof COLUMNS)[number], string>>;

/** Inline OATH rows as a CSV file in a temporary folder. */
export function oathCsv(lines: OathLine[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oath-api-'));
  const file = path.join(dir, 'oath.csv');
  const cell = (value: string | undefined) => (value === undefined ? '' : /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  fs.writeFileSync(file, [COLUMNS.join(','), ...lines.map((line) => COLUMNS.map((column) => cell(line[column])).join(','))].join('\n') + '\n');
  return file;
}

/** Ingests an OATH file into a store the way `npm run ingest -- oath` does, on the given clock. */
export const loadOath = (store: DataStore, file: string, asOf: Date) => ingestDataset(store, OATH_LOAD, fileSource(OATH_LOAD.source, file), { asOf });

/** 'YYYY-MM-DD' as the city writes it (MM/DD/YYYY). */
export const cityDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A default decided on `decided`: imposed, sought and late fees in dollars, all due. */
export function defaultLine(ticket: string, last: string, decided: string, money: { imposed: number; sought: number; fees: number }, violation = '2025-12-01'): OathLine {
  return {
    ticket_number: ticket, violation_date: cityDate(violation), issuing_agency: 'DEPT OF BUILDINGS', respondent_last_name: last,
    balance_due: (money.imposed + money.fees).toFixed(2), hearing_status: 'HEARING COMPLETED', hearing_result: 'DEFAULTED',
    hearing_date: cityDate(decided), decision_date: cityDate(decided), penalty_imposed: money.imposed.toFixed(2), paid_amount: '0.00',
    additional_penalties_or_late_fees: money.fees.toFixed(2), compliance_status: 'Penalty Due',
    charge_1_code: 'BC 3301.2', charge_1_code_description: 'FAILURE TO SAFEGUARD', charge_1_infraction_amount: money.sought.toFixed(2),
  };
}

/** A ticket decided and paid in full (closed). */
export function paidLine(ticket: string, last: string, violation: string | null, amount = 500): OathLine {
  return {
    ticket_number: ticket, violation_date: violation === null ? undefined : cityDate(violation), issuing_agency: 'DEPT OF BUILDINGS', respondent_last_name: last,
    balance_due: '0.00', hearing_status: 'PAID IN FULL', hearing_result: 'IN VIOLATION', hearing_date: '04/10/2025', decision_date: '04/10/2025',
    penalty_imposed: amount.toFixed(2), paid_amount: amount.toFixed(2), compliance_status: 'All Terms Met',
    charge_1_code: 'BC 28-105.1', charge_1_infraction_amount: amount.toFixed(2),
  };
}

/** An undecided ticket with a hearing scheduled on `hearing`. */
export function scheduledLine(ticket: string, last: string, violation: string, hearing: string): OathLine {
  return {
    ticket_number: ticket, violation_date: cityDate(violation), issuing_agency: 'DEPT OF BUILDINGS', respondent_last_name: last,
    hearing_date: cityDate(hearing), penalty_imposed: '1000.00', charge_1_code: 'BC 28-105.1', charge_1_infraction_amount: '1000.00',
  };
}

/** A company of several docket spellings whose profile as of 2026-04-01 (the test clock) is computed by hand in expectedProfile. */
export const PROFILE_NAME = 'ZEBRA PROFILE BUILDERS CORP';
const NAME = PROFILE_NAME;

export const PROFILE_LINES = [
  // Defaults decided 74, 75 and 76 days before 2026-04-01 (windows to 04-02, 04-01, 03-31).
  defaultLine('0300000074', NAME, '2026-01-17', { imposed: 2500, sought: 1000, fees: 100 }, '2025-11-01'),
  defaultLine('0300000075', `${NAME}.`, '2026-01-16', { imposed: 800, sought: 1000, fees: 50 }, '2025-11-01'),
  defaultLine('0300000076', 'ZEBRA PROFILE BUILDERS CORPORATION', '2026-01-15', { imposed: 3000, sought: 500, fees: 0 }, '2025-10-15'),
  scheduledLine('0300000100', NAME, '2026-02-01', '2026-03-15'), // hearing passed since the load: closed, undecided
  scheduledLine('0300000101', NAME, '2026-02-01', '2026-05-01'), // hearing ahead: open
  ...['2025-01-10', '2025-02-10', '2025-03-10'].map((date, i) => paidLine(`030000020${i}`, NAME, date)),
  paidLine('0300000209', NAME, null),
];

/** The slug the ingest issued to the company of a ticket (test store). */
export const profileSlug = async (api: TestApi, ticket = '0300000074') =>
  (await api.ns.stores.byMode.test.pg.query('select company from contractor_tickets where ticket = $1', [ticket])).rows[0].company as string;

/** The profile of PROFILE_LINES as of 2026-04-01, computed by hand. */
export function expectedProfile(slug: string) {
  return {
    slug,
    name: NAME,
    // Risk, as of 2026-04-01, w = 0.25 + 0.75 x 0.5^(age/730):
    // fines_due: $6,450 due (2,600 + 850 + 3,000) -> 6 x log2(7.45) = 17.38 -> 17.
    // defaulted_hearings: 3 unpaid defaults decided 74, 75, 76 days ago, w sum 2.845 -> 5 x 2.845 = 14.23 -> 14.
    // open_tickets: the 3 defaults (issued 151, 151, 168 days ago) and the hearing ahead (59 days), w sum 3.648 -> 2 x = 7.30 -> 7.
    // violations_found: the 3 defaults (w 0.900, 0.900, 0.889) and the 3 dated paid tickets (446, 415, 387 days: w 0.741, 0.756, 0.769),
    // w sum 4.955 -> 5; the undated paid one is left out. 17 + 14 + 7 + 5 = 43: HIGH (35-59).
    riskLevel: 'HIGH',
    riskScore: 43,
    tickets: 9,
    openTickets: 4,
    // 2,500 + 800 + 3,000 + 4 x 500 (the undecided tickets' 1,000 written before a decision does not count).
    finesImposedCents: 830000,
    finesDueCents: 645000,
    defaultedHearings: 3,
    // Live windows: 0300000074 (to 04-02) and 0300000075 (to 04-01, its last day); 0300000076 lapsed on 03-31.
    // min: max(0, 2,500 - 1,000) + max(0, 800 - 1,000) = 1,500. max: (2,500 + 100) + (800 + 50) = 3,450.
    reopenableSavingsMinCents: 150000,
    reopenableSavingsMaxCents: 345000,
  };
}

