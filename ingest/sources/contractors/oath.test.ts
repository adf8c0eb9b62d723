import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { NYC_DATA_DIR, nycDataPresent } from '../../../src/nyc/testing/shared-data';
import type { SourceItem } from '../dataset';
import { fileSource, readRecords, typedItems } from '../source';
import { OATH_HEARINGS, OathRow } from './oath';
// The portal export's 78 columns in order (SCHEMAS.md, section 8); the generator's test checks them against the real file.
import { OATH_HEADER } from '../../generate/contractors';

const FILE = 'oath/oath_hearings__nycdb.csv';
const present = nycDataPresent(FILE) ? it : it.skip;

async function collect(items: AsyncIterable<SourceItem<OathRow>>): Promise<Array<SourceItem<OathRow>>> {
  const out: Array<SourceItem<OathRow>> = [];
  for await (const item of items) out.push(item);
  return out;
}
const rowsOf = (items: Array<SourceItem<OathRow>>) => items.flatMap((item) => ('row' in item ? [item] : []));
const rejectionsOf = (items: Array<SourceItem<OathRow>>) => items.flatMap((item) => ('reason' in item ? [[item.line, item.reason]] : []));


/** A CSV line with the given portal columns filled, the rest blank. */
function csvLine(values: Record<string, string>): string {
  return OATH_HEADER.map((column) => {
    const value = values[column] ?? '';
    return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }).join(',');
}

async function readCsv(lines: Array<Record<string, string>>): Promise<Array<SourceItem<OathRow>>> {
  const text = [OATH_HEADER.map((h) => (h.includes(',') ? `"${h}"` : h)).join(','), ...lines.map(csvLine)].join('\n');
  return collect(typedItems(OATH_HEARINGS, readRecords(Readable.from([text]), OATH_HEARINGS, 'csv')));
}

async function readJson(records: object[]): Promise<Array<SourceItem<OathRow>>> {
  return collect(typedItems(OATH_HEARINGS, readRecords(Readable.from([JSON.stringify(records)]), OATH_HEARINGS, 'json')));
}

describe('OATH source on the real file', () => {
  present('portal export: all 100 rows typed, none rejected; the eight adjudicated rows read by hand', async () => {
    const items = await collect(fileSource(OATH_HEARINGS, path.join(NYC_DATA_DIR, FILE)).items);
    expect(items.map((item) => item.line)).toEqual(Array.from({ length: 100 }, (_, index) => index + 2));
    expect(rejectionsOf(items)).toEqual([]);
    const rows = rowsOf(items).map((item) => item.row);

    // Line 2: a company whose head was lost, the rest in the last-name field; NOT NYC.
    expect(rows[0]).toMatchObject({
      ticket: '535680A', violationDate: '1999-12-03', respondent: { firstName: null, lastName: '& B CAR AND LIMOUSINE, INC' },
      violationBorough: null, violationBbl: null, violationZip: '11377', penaltyImposedCents: 0, paidCents: 0, balanceDueCents: null, charges: [],
      hearingStatus: null, hearingResult: null, totalViolationAmountCents: 0,
    });
    // A person written 'LAST,FIRST,' in the first-name field.
    expect(rows.find((row) => row.ticket === '510512A')!.respondent).toEqual({ firstName: 'CHAHAL,VIJAY,', lastName: null });
    // The distinctive head in the first-name field, the legal tail in the last.
    expect(rows.find((row) => row.ticket === '552530A')!.respondent).toEqual({ firstName: 'AMERIMIM', lastName: 'CAB CORP.' });

    // The one modern row: sanitation, a docketed default with a charge and a balance.
    expect(rows.find((row) => row.ticket === '040439816M')).toEqual({
      ticket: '040439816M', issuingAgency: 'SANITATION RECYCLING', violationDate: '2015-07-15',
      hearingStatus: 'DOCKETED', hearingResult: 'DEFAULTED', complianceStatus: 'Penalty Due',
      hearingDate: '2015-08-18', decisionDate: '2015-08-24', penaltyImposedCents: 30_000, paidCents: 0, lateFeesCents: 0, balanceDueCents: 30_000,
      charges: [{ code: 'AS97', section: '16-118 2', description: 'DIRTY SIDEWALK,FAIL TO CLEAN 18 INTO STREET,SIDEWALK OBSTRUCTION 2ND', amountCents: 25_000 }],
      respondent: { firstName: null, lastName: '342 58 STREET RE L L C' },
      violationBorough: 'Brooklyn', violationBbl: '3008540024', violationHouse: '342', violationStreet: '58 STREET', violationZip: '11220',
      respondentBorough: 'Brooklyn', respondentHouse: '342', respondentStreet: '58 STREET', respondentCity: 'BROOKLYN', respondentZip: '11220', respondentState: 'NEW YORK',
      totalViolationAmountCents: 25_000, judgmentDocketedDate: '2015-11-30', violationDescription: null,
    });

    // The adjudicated rows: a lot from borough + block + lot (STATEN IS included), 00000/0000 is none.
    const adjudicated = rows.filter((row) => row.hearingStatus !== null || row.hearingResult !== null);
    expect(adjudicated.map((row) => [row.ticket, row.violationBbl, row.hearingStatus, row.hearingResult, row.decisionDate, row.penaltyImposedCents])).toEqual([
      ['0108539669', '4028220147', 'PAID IN FULL', 'DEFAULT', '2000-02-14', 2_500],
      ['0150415504', null, 'PAID IN FULL', null, null, 10_000],
      ['010845121L', '3053030059', 'HEARING COMPLETED', 'IN VIOLATION', '2004-04-14', null],
      ['040439816M', '3008540024', 'DOCKETED', 'DEFAULTED', '2015-08-24', 30_000],
      ['010845108R', '3004880006', 'PAID IN FULL', 'IN VIOLATION', '2005-02-09', 110_000],
      ['010846866K', '1020260001', 'PAID IN FULL', 'IN VIOLATION', '2005-01-21', 20_000],
      ['010844024P', '3054370038', 'HEARING COMPLETED', 'IN VIOLATION', '2004-03-31', null],
      ['0136279386', '5012570065', 'PAID IN FULL', 'DEFAULT', '2003-07-28', 30_000],
    ]);
    // 92 rows are NOT NYC: no borough, no lot.
    expect(rows.filter((row) => row.violationBorough === null)).toHaveLength(92);
    // The shared file is read, never copied: it is the one under NYC_DATA_DIR.
    expect(fs.existsSync(path.join(NYC_DATA_DIR, FILE))).toBe(true);
  });
});

describe('OATH source quirks (inline rows in both spellings)', () => {
  it('reads the portal export: money as text, charges 1-10 in columns, a negative balance, a penalty before any decision', async () => {
    const items = await readCsv([
      {
        'Ticket Number': '039201971R', 'Violation Date': '01/10/2026', 'Issuing Agency': 'DEPT. OF BUILDINGS', 'Respondent Last Name': 'SKYLINE RESTORATION GROUP',
        'Violation Location (Borough)': 'BROOKLYN', 'Violation Location (Block No.)': '00488', 'Violation Location (Lot No.)': '0006',
        'Hearing Status': 'RESCHEDULED', 'Hearing Result': 'ADJOURNED', 'Hearing Date': '03/05/2026',
        'Penalty Imposed': '1250', 'Balance Due': '1250', 'Compliance Status': 'Penalty Due',
        'Charge #1: Code': 'B6', 'Charge #1: Infraction Amount': '1,250.00', 'Charge #3: Code': 'B27', 'Charge #3: Infraction Amount': '625',
        'Charge #10: Code Description': 'FAILURE TO MAINTAIN', 'Charge #10: Infraction Amount': '.50',
      },
      { 'Ticket Number': '0880900460', 'Violation Date': '2026-06-10T00:00:00.000', 'Balance Due': '-2500.00', 'Paid Amount': '$3,750.00', 'Violation Location (Borough)': 'NOT NYC' },
      { 'Ticket Number': '', 'Violation Date': '01/10/2026' },
      { 'Ticket Number': '12 34', 'Violation Date': '01/10/2026' },
      { 'Ticket Number': '1234567890', 'Violation Date': '02/31/2026' },
      { 'Ticket Number': '1234567891', 'Balance Due': 'ten dollars' },
      { 'Ticket Number': '1234567892', 'Charge #2: Infraction Amount': 'N/A' },
    ]);
    expect(rejectionsOf(items)).toEqual([
      [4, 'missing Ticket Number'],
      [5, 'unreadable Ticket Number "12 34"'],
      [6, 'unreadable Violation Date "02/31/2026"'],
      [7, 'unreadable Balance Due "ten dollars"'],
      [8, 'unreadable Charge #2: Infraction Amount "N/A"'],
    ]);
    const [pending, overpaid] = rowsOf(items).map((item) => item.row);
    expect(pending).toMatchObject({
      ticket: '039201971R', issuingAgency: 'DEPT. OF BUILDINGS', violationBorough: 'Brooklyn', violationBbl: '3004880006',
      hearingStatus: 'RESCHEDULED', hearingResult: 'ADJOURNED', decisionDate: null, penaltyImposedCents: 125_000, balanceDueCents: 125_000,
      charges: [
        { code: 'B6', section: null, description: null, amountCents: 125_000 },
        { code: 'B27', section: null, description: null, amountCents: 62_500 },
        { code: null, section: null, description: 'FAILURE TO MAINTAIN', amountCents: 50 },
      ],
    });
    expect(overpaid).toMatchObject({ ticket: '0880900460', violationDate: '2026-06-10', balanceDueCents: -250_000, paidCents: 375_000, violationBorough: null, violationBbl: null, charges: [] });
  });

  it('reads the SODA JSON spelling: snake_case keys, absent nulls, floating timestamps, numbers as text', async () => {
    const items = await readJson([
      {
        ticket_number: '0880900460', issuing_agency: 'DOHMH', violation_date: '2026-06-10T00:00:00.000', respondent_first_name: 'AMERIMIM', respondent_last_name: 'CAB CORP.',
        violation_location_borough: 'STATEN IS', violation_location_block_no: '01257', violation_location_lot_no: '0065', violation_location_zip_code: '10303',
        hearing_status: 'HEARING COMPLETED', hearing_result: 'IN VIOLATION', decision_date: '2026-07-15T00:00:00.000',
        penalty_imposed: '1000', paid_amount: '250', balance_due: '750', additional_penalties_or_late_fees: '0',
        charge_1_code: 'CT01', charge_1_code_section: '24 RCNY 8', charge_1_code_description: 'Cooling tower violation', charge_1_infraction_amount: '1000',
      },
      { ticket_number: '0880900461', respondent_last_name: 'DIEGO BEEKMAN MUTAL HOUSI', balance_due: 0, violation_location_borough: 'NOT NYC' },
    ]);
    expect(rejectionsOf(items)).toEqual([]);
    const [first, second] = rowsOf(items).map((item) => item.row);
    expect(first).toMatchObject({
      ticket: '0880900460', violationDate: '2026-06-10', decisionDate: '2026-07-15', violationBorough: 'Staten Island', violationBbl: '5012570065',
      respondent: { firstName: 'AMERIMIM', lastName: 'CAB CORP.' }, penaltyImposedCents: 100_000, paidCents: 25_000, balanceDueCents: 75_000, lateFeesCents: 0,
      charges: [{ code: 'CT01', section: '24 RCNY 8', description: 'Cooling tower violation', amountCents: 100_000 }],
    });
    expect(second).toMatchObject({ ticket: '0880900461', respondent: { firstName: null, lastName: 'DIEGO BEEKMAN MUTAL HOUSI' }, balanceDueCents: 0, hearingDate: null, charges: [] });
  });

  it('refuses a file that is not the OATH data set, naming the missing columns', async () => {
    const text = 'CAMIS,DBA\n1,2\n';
    await expect(collect(typedItems(OATH_HEARINGS, readRecords(Readable.from([text]), OATH_HEARINGS, 'csv')))).rejects.toThrow(/not a OATH Hearings Division Case Status file: missing column\(s\) ticket_number/);
  });
});
