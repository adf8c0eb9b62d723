import { parseDobBorough, parseMoneyCents } from '../../../src/nyc';
import type { DobSafetyViolationStatus, DobViolationStatus, EcbViolationStatus, HpdViolationStatus } from '../../../src/domain/properties/violations';
import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, RowRejection, spacedText, textField } from '../dataset';
import { bisDate as date, cityDate, lotOrBuilding, requiredText as required } from './buildings';

/**
 * One violation of a tax lot as a docket dataset states it: the Property violation item's
 * fields that come straight from the row, and the dataset's own status columns, from
 * which isOpen and the penalties are derived (src/domain/properties/violations.ts).
 */
export interface ViolationRow<Status> {
  /** What the dataset keeps stable for the record while its status changes. */
  sourceId: string;
  /** The violation or summons number as the city shows it. */
  identifier: string;
  bbl: string;
  /** Null when blank or a placeholder ("million") BIN. */
  bin: string | null;
  /** The current status line. */
  status: string | null;
  description: string | null;
  issuedAt: string | null;
  /** The last status or hearing date. */
  statusAt: string | null;
  statusColumns: Status;
  /** DOB safety violations' Violation Type (LL6291, LBLVIO, FTC-VT-CAT1-CO) and Device Type (Boiler, Elevator); DOB violations' VIOLATION_TYPE_CODE; ECB has neither. */
  violationType?: string | null;
  deviceType?: string | null;
  /** HPD's hazard class (A non-hazardous, B hazardous, C immediately hazardous), as written; the DOB dockets have none. */
  violationClass?: string | null;
}

/** A violation may name only its building (bbl null): the load joins it to its lot by BIN. */
export type DocketRow<Status> = Omit<ViolationRow<Status>, 'bbl'> & { bbl: string | null };
export type DobViolationRow = DocketRow<DobViolationStatus>;
export type EcbViolationRow = DocketRow<EcbViolationStatus>;
export type DobSafetyViolationRow = DocketRow<DobSafetyViolationStatus>;
export type HpdViolationRow = DocketRow<HpdViolationStatus>;

/**
 * A description column that holds two fixed-width fields: VIOLATION_TYPE in the API
 * ('E-ELEVATOR <spaces> ELEVATORREQUIRED') and ECB's section law ('28-302.1 <spaces> FAILURE TO ...').
 * `part` picks the field before or after the first long run of spaces.
 */
function paddedField(value: string | undefined, part: 'first' | 'last'): string | null {
  const fields = (value ?? '').trim().split(/\s{3,}/);
  return spacedText(part === 'first' ? fields[0] : fields[fields.length - 1]);
}

function cents(record: RawRecord, key: string, label: string): number | null {
  const value = parseMoneyCents(record[key]);
  if (value === undefined) throw new RowRejection(`unreadable ${label} "${record[key]}"`);
  return value;
}

/**
 * The lot from borough + block + lot (the BBL column where the dataset has one), or only the
 * building when the row names no readable lot but a real BIN: the load joins it to the lot
 * its BIN is on. A borough may be a DOB letter (Q for Queens).
 */
function lotOrBuildingOf(record: RawRecord, boroughKey: string): { bbl: string | null; bin: string | null } {
  const borough = textField(record[boroughKey]);
  const parts = { borough: borough === null ? null : (parseDobBorough(borough) ?? borough), block: textField(record.block), lot: textField(record.lot) };
  const missing = `no tax lot in borough/block/lot "${record[boroughKey] ?? ''}/${record.block ?? ''}/${record.lot ?? ''}" and no BIN`;
  return lotOrBuilding(textField(record.bbl), parts, record.bin, missing);
}

function parseDobViolation(record: RawRecord): DobViolationRow {
  const number = required(record, 'number', 'NUMBER');
  return {
    // ISN_DOB_BIS_VIOL stays with the violation; NUMBER gains a '*' when it closes.
    sourceId: required(record, 'isn_dob_bis_viol', 'ISN_DOB_BIS_VIOL'),
    identifier: number,
    ...lotOrBuildingOf(record, 'boro'),
    status: spacedText(record.violation_category),
    description: spacedText(record.description) ?? paddedField(record.violation_type, 'first'),
    issuedAt: date(record, 'issue_date', 'ISSUE_DATE'),
    statusAt: date(record, 'disposition_date', 'DISPOSITION_DATE'),
    statusColumns: { category: textField(record.violation_category), number },
    // VIOLATION_TYPE_CODE (LBLVIO, ACC1, EVCAT1, FISPNRF): which obligation an open violation concerns.
    violationType: textField(record.violation_type_code) ?? paddedField(record.violation_type, 'first')?.split('-')[0] ?? null,
  };
}

function parseEcbViolation(record: RawRecord): EcbViolationRow {
  const number = required(record, 'ecb_violation_number', 'ECB_VIOLATION_NUMBER');
  const statusColumns: EcbViolationStatus = {
    violationStatus: textField(record.ecb_violation_status),
    hearingStatus: spacedText(record.hearing_status),
    certificationStatus: spacedText(record.certification_status),
    hearingDate: date(record, 'hearing_date', 'HEARING_DATE'),
    penaltyImposedCents: cents(record, 'penality_imposed', 'PENALITY_IMPOSED'),
    balanceDueCents: cents(record, 'balance_due', 'BALANCE_DUE'),
  };
  // SERVED_DATE is read only to reject a malformed one: 0 is its "not served".
  date(record, 'served_date', 'SERVED_DATE');
  const statusLine = [statusColumns.violationStatus, statusColumns.hearingStatus, statusColumns.certificationStatus].filter((part) => part !== null);
  return {
    sourceId: number,
    identifier: number,
    ...lotOrBuildingOf(record, 'boro'),
    status: statusLine.length ? statusLine.join(' / ') : null,
    description: spacedText(record.violation_description) ?? paddedField(record.section_law_description1, 'last'),
    issuedAt: date(record, 'issue_date', 'ISSUE_DATE'),
    statusAt: statusColumns.hearingDate,
    statusColumns,
  };
}

function parseDobSafetyViolation(record: RawRecord): DobSafetyViolationRow {
  const number = required(record, 'violation_number', 'Violation Number');
  const violationStatus = textField(record.violation_status);
  return {
    sourceId: number,
    identifier: number,
    ...lotOrBuildingOf(record, 'borough'),
    status: violationStatus,
    description: spacedText(record.violation_remarks) ?? textField(record.violation_type),
    issuedAt: date(record, 'violation_issue_date', 'Violation Issue Date'),
    // The dataset dates no status change (Cycle End Date is the inspection cycle's).
    statusAt: null,
    statusColumns: { violationStatus },
    violationType: textField(record.violation_type),
    deviceType: spacedText(record.device_type),
  };
}

/** DOB Violations (3h2n-5cm9): BIS violations, one row each; no BBL column, a 5-digit LOT; a row without a lot is joined by its BIN. */
export const DOB_VIOLATIONS: DatasetSpec<DobViolationRow> = {
  name: 'dob-violations',
  title: 'DOB Violations',
  requiredColumns: ['isn_dob_bis_viol', 'boro', 'block', 'lot', 'issue_date', 'number', 'violation_category'],
  requiredJsonKeys: ['isn_dob_bis_viol', 'number'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseDobViolation),
};

/** DOB ECB Violations (6bgk-3dad): one row per summons, with its hearing and money; a row without a lot is joined by its BIN. */
export const ECB_VIOLATIONS: DatasetSpec<EcbViolationRow> = {
  name: 'ecb-violations',
  title: 'DOB ECB Violations',
  requiredColumns: ['ecb_violation_number', 'ecb_violation_status', 'boro', 'block', 'lot', 'hearing_date', 'issue_date', 'penality_imposed', 'balance_due', 'hearing_status'],
  requiredJsonKeys: ['ecb_violation_number'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseEcbViolation),
};

/** DOB Safety Violations (855j-jady): boiler and elevator violations; has a BBL column (a row without a lot is joined by its BIN). */
export const DOB_SAFETY_VIOLATIONS: DatasetSpec<DobSafetyViolationRow> = {
  name: 'dob-safety-violations',
  title: 'DOB Safety Violations',
  requiredColumns: ['violation_number', 'violation_status', 'violation_issue_date', 'bbl'],
  requiredJsonKeys: ['violation_number'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseDobSafetyViolation),
};

function parseHpdViolation(record: RawRecord): HpdViolationRow {
  const violationId = required(record, 'violationid', 'ViolationID');
  // BoroID + Block + Lot unpadded beside the BBL column (the older exports have no BBL or BIN).
  const { bbl, bin } = lotOrBuilding(
    textField(record.bbl),
    { borough: textField(record.boroid), block: textField(record.block), lot: textField(record.lot) },
    record.bin,
    `no tax lot in BoroID/Block/Lot "${record.boroid ?? ''}/${record.block ?? ''}/${record.lot ?? ''}" and no BIN`,
  );
  const statusColumns: HpdViolationStatus = { violationStatus: textField(record.violationstatus), currentStatus: spacedText(record.currentstatus) };
  const inspectedOn = cityDate(record, 'inspectiondate', 'InspectionDate');
  // ApprovedDate is read only to reject a malformed one.
  cityDate(record, 'approveddate', 'ApprovedDate');
  return {
    sourceId: violationId,
    identifier: violationId,
    bbl,
    bin,
    status: statusColumns.currentStatus ?? statusColumns.violationStatus,
    description: spacedText(record.novdescription),
    // A violation is served on its notice (NOV); one not yet noticed is dated by its inspection.
    issuedAt: cityDate(record, 'novissueddate', 'NOVIssuedDate') ?? inspectedOn,
    statusAt: cityDate(record, 'currentstatusdate', 'CurrentStatusDate'),
    statusColumns,
    violationClass: textField(record.class)?.toUpperCase() ?? null,
  };
}

/**
 * HPD Housing Maintenance Code Violations (wvxf-dwi5): one row per violation (ViolationID),
 * with its class (A, B, C), HPD's Open/Close reading and the current status line; BoroID,
 * Block and Lot unpadded, and BBL and BIN columns in the current exports (a row without a
 * readable lot is joined by its BIN). The portal export's headers (ViolationID, NOVIssuedDate)
 * and the SODA API's field names (violationid, novissueddate) read alike.
 */
export const HPD_VIOLATIONS: DatasetSpec<HpdViolationRow> = {
  name: 'hpd-violations',
  title: 'HPD Housing Maintenance Code Violations',
  requiredColumns: ['violationid', 'boroid', 'block', 'lot', 'class', 'inspectiondate', 'currentstatus', 'violationstatus'],
  requiredJsonKeys: ['violationid'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseHpdViolation),
};
