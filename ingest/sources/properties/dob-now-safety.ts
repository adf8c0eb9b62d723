import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, spacedText, textField } from '../dataset';
import { buildingOnly, cityDate, FilingRow, lotOrBuilding, requiredText, sourceFields } from './buildings';

/**
 * The DOB NOW: Safety datasets the deadline rules read (facade, elevator and boiler
 * compliance). No real sample of them is at hand: each reader follows the portal's published
 * column list (SODA API field names, the same in the portal's CSV of the resource), and its
 * tests run on rows written in that shape.
 */

/** A row's lot: its BBL column where the dataset has one, else borough/block/lot; only its building when neither reads. */
function lotOf(record: RawRecord, binKey: string, what: string): { bbl: string | null; bin: string | null } {
  const bblText = textField(record.bbl);
  const parts = { borough: textField(record.borough), block: textField(record.block), lot: textField(record.lot) };
  const missing = `no tax lot in ${bblText !== null ? `bbl "${bblText}"` : `borough/block/lot "${record.borough ?? ''}/${record.block ?? ''}/${record.lot ?? ''}"`} and no BIN (${what})`;
  // The BBL column decides when there is one: borough names and padding vary across DOB NOW exports.
  return lotOrBuilding(bblText, bblText !== null ? { borough: null, block: null, lot: null } : parts, record[binKey], missing);
}

/** A whole year (`2025`, `2025.0`); blank or unreadable is null. */
function yearField(value: string | undefined): number | null {
  const text = textField(value);
  const year = text === null ? Number.NaN : Number(text);
  return Number.isInteger(year) && year >= 1900 && year <= 2200 ? year : null;
}

/** One FISP technical report (TR6) filing, or a placeholder the city created for a building that owes one. */
export interface DobNowFacadeFacts {
  tr6No: string | null;
  controlNo: string | null;
  /** As written ('9', '10A', 'Cycle 10'): the leading cycle number is what counts. */
  cycle: string;
  sequenceNo: string | null;
  /** `Auto-Generated` marks a placeholder. */
  filingType: string | null;
  /** SAFE, SWARMP, UNSAFE or `No Report Filed`. */
  filingStatus: string | null;
  currentStatus: string | null;
  submittedOn: string | null;
  filingDate: string | null;
}

export type DobNowFacadeRow = FilingRow<DobNowFacadeFacts>;

function parseDobNowFacade(record: RawRecord): DobNowFacadeRow {
  const tr6No = textField(record.tr6_no);
  const controlNo = textField(record.control_no);
  const cycle = textField(record.cycle) ?? '';
  const sequenceNo = textField(record.sequence_no);
  const { bbl, bin } = lotOf(record, 'bin', 'facade filing');
  const submittedOn = cityDate(record, 'submitted_on', 'submitted_on');
  const filingDate = cityDate(record, 'filing_date', 'filing_date');
  const filingType = spacedText(record.filing_type);
  const filingStatus = spacedText(record.filing_status);
  return {
    // A placeholder may carry no TR6 number: its control number, cycle and sequence name it.
    sourceId: tr6No ?? `control:${controlNo ?? ''}:${cycle}:${sequenceNo ?? ''}:${bin ?? bbl}`,
    bbl,
    bin,
    filedOn: submittedOn ?? filingDate,
    endOn: null,
    status: filingStatus,
    category: filingType,
    facts: { tr6No, controlNo, cycle, sequenceNo, filingType, filingStatus, currentStatus: spacedText(record.current_status), submittedOn, filingDate },
    fields: sourceFields(record),
  };
}

/**
 * DOB NOW: Safety – Facades Compliance Filings (xubg-57si): one row per TR6 filing of a
 * building's facade (FISP), with its cycle, filing type and status, submission date, BIN and
 * borough/block/lot.
 */
export const DOB_NOW_FACADES: DatasetSpec<DobNowFacadeRow> = {
  name: 'dob-now-facades',
  title: 'DOB NOW: Safety – Facades Compliance Filings',
  requiredColumns: ['tr6_no', 'control_no', 'filing_type', 'cycle', 'bin', 'submitted_on', 'filing_status'],
  requiredJsonKeys: ['cycle'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseDobNowFacade),
};

/** One elevator device and its latest periodic inspection, CAT1 and CAT5 reports. */
export interface DobNowElevatorFacts {
  deviceNumber: string;
  deviceType: string | null;
  /** Only `Active` devices owe tests. */
  deviceStatus: string | null;
  statusDate: string | null;
  equipmentType: string | null;
  periodicReportYear: number | null;
  periodicLatestInspection: string | null;
  cat1ReportYear: number | null;
  cat1LatestReportFiled: string | null;
  cat5LatestReportFiled: string | null;
}

export type DobNowElevatorRow = FilingRow<DobNowElevatorFacts>;

function latest(dates: Array<string | null>): string | null {
  return dates.reduce<string | null>((newest, date) => (date !== null && (newest === null || date > newest) ? date : newest), null);
}

function parseDobNowElevator(record: RawRecord): DobNowElevatorRow {
  const deviceNumber = requiredText(record, 'device_number', 'device_number');
  const { bbl, bin } = lotOf(record, 'bin', `device ${deviceNumber}`);
  const periodicLatestInspection = cityDate(record, 'periodic_latest_inspection', 'periodic_latest_inspection');
  const cat1LatestReportFiled = cityDate(record, 'cat1_latest_report_filed', 'cat1_latest_report_filed');
  const cat5LatestReportFiled = cityDate(record, 'cat5_latest_report_filed', 'cat5_latest_report_filed');
  const deviceType = spacedText(record.device_type);
  const deviceStatus = spacedText(record.device_status);
  return {
    sourceId: deviceNumber,
    bbl,
    bin,
    // The device's newest report on file: how far the file is known complete.
    filedOn: latest([periodicLatestInspection, cat1LatestReportFiled, cat5LatestReportFiled]),
    endOn: null,
    status: deviceStatus,
    category: deviceType,
    facts: {
      deviceNumber,
      deviceType,
      deviceStatus,
      statusDate: cityDate(record, 'status_date', 'status_date'),
      equipmentType: spacedText(record.equipment_type),
      periodicReportYear: yearField(record.periodic_report_year),
      periodicLatestInspection,
      cat1ReportYear: yearField(record.cat1_report_year),
      cat1LatestReportFiled,
      cat5LatestReportFiled,
    },
    fields: sourceFields(record),
  };
}

/**
 * DOB NOW: Elevator Safety Compliance (e5aq-a4j2): one row per device, with its type and
 * status, the latest periodic inspection and its report year, the latest CAT1 report filed and
 * its report year, the latest CAT5 report filed; BIN, BBL and borough/block/lot.
 */
export const DOB_NOW_ELEVATORS: DatasetSpec<DobNowElevatorRow> = {
  name: 'dob-now-elevators',
  title: 'DOB NOW: Elevator Safety Compliance',
  requiredColumns: ['device_number', 'device_type', 'device_status', 'periodic_latest_inspection', 'cat1_latest_report_filed', 'cat5_latest_report_filed', 'bin'],
  requiredJsonKeys: ['device_number'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseDobNowElevator),
};

/** One boiler inspection report. */
export interface DobNowBoilerFacts {
  trackingNumber: string;
  boilerId: string;
  /** Initial or Subsequent. */
  reportType: string | null;
  /** The inspection year: the leading year of the tracking number, else the inspection date's. */
  reportYear: number | null;
  inspectionType: string | null;
  inspectionDate: string | null;
  /** Read as true unless the column says no: a value not read as no never hides defects (see boilerUnknownValues). */
  defectsExist: boolean;
  /** Only reports whose status starts with `Accepted` count. */
  reportStatus: string | null;
  pressureType: string | null;
}

export type DobNowBoilerRow = FilingRow<DobNowBoilerFacts>;

const YES = /^(y|yes|true|1)$/i;
const NO = /^(n|no|false|0)?$/i;

/** The defects_exist values a boiler row holds that read neither yes nor no, for the ingest report. */
export function boilerUnknownValues(row: DobNowBoilerRow): string[] {
  const value = row.fields.defects_exist;
  return value !== undefined && !YES.test(value) && !NO.test(value) ? [`defects_exist "${value}"`] : [];
}

function parseDobNowBoiler(record: RawRecord): DobNowBoilerRow {
  const trackingNumber = requiredText(record, 'tracking_number', 'tracking_number');
  const boilerId = requiredText(record, 'boiler_id', 'boiler_id');
  const { bbl, bin } = buildingOnly(record.bin_number, `no BIN in bin_number "${record.bin_number ?? ''}"`);
  const inspectionDate = cityDate(record, 'inspection_date', 'inspection_date');
  const trackedYear = /^(19|20)\d\d/.exec(trackingNumber);
  const reportStatus = spacedText(record.report_status);
  return {
    sourceId: trackingNumber,
    bbl,
    bin,
    filedOn: inspectionDate,
    endOn: null,
    status: reportStatus,
    category: spacedText(record.report_type),
    facts: {
      trackingNumber,
      boilerId,
      reportType: spacedText(record.report_type),
      reportYear: trackedYear ? Number(trackedYear[0]) : inspectionDate ? Number(inspectionDate.slice(0, 4)) : null,
      inspectionType: spacedText(record.inspection_type),
      inspectionDate,
      defectsExist: !NO.test(textField(record.defects_exist) ?? ''),
      reportStatus,
      pressureType: spacedText(record.pressure_type),
    },
    fields: sourceFields(record),
  };
}

/**
 * DOB NOW: Safety Boiler (52dp-yji6): one row per boiler inspection report (tracking number,
 * which starts with the inspection year), its boiler, type, inspection date (MM/DD/YYYY with a
 * time), whether defects exist, the report's status; the building by bin_number only.
 */
export const DOB_NOW_BOILERS: DatasetSpec<DobNowBoilerRow> = {
  name: 'dob-now-boilers',
  title: 'DOB NOW: Safety Boiler',
  requiredColumns: ['tracking_number', 'boiler_id', 'report_type', 'inspection_date', 'defects_exist', 'report_status', 'bin_number'],
  requiredJsonKeys: ['tracking_number'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseDobNowBoiler),
};
