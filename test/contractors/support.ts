import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OATH_LOAD } from '../../ingest/families';
import { ingestDataset } from '../../ingest/load/pipeline';
import { fileSource } from '../../ingest/sources/source';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import type { DataStore } from '../../src/stores';

export const REAL_OATH = 'oath/oath_hearings__nycdb.csv';
export const realOathPresent = nycDataPresent(REAL_OATH);
export const realOathFile = () => path.join(NYC_DATA_DIR, REAL_OATH);

/** The columns inline rows fill (SODA names, which the reader takes as the portal's). */
const COLUMNS = [
  'ticket_number', 'violation_date', 'issuing_agency', 'respondent_first_name', 'respondent_last_name', 'balance_due', 'hearing_status',
  'hearing_result', 'hearing_date', 'decision_date', 'penalty_imposed', 'paid_amount', 'additional_penalties_or_late_fees',
  'compliance_status', 'charge_1_code', 'charge_1_code_description', 'charge_1_infraction_amount',
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
