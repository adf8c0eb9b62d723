import { boroughOfBin } from '../../../src/nyc';
import {
  bisJobDescription,
  bisPermitDescription,
  type DobJobStatus,
  type DobNowJobStatus,
  type DobNowPermitStatus,
  type DobPermitStatus,
} from '../../../src/domain/properties/permits';
import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, RowRejection, spacedText, textField } from '../dataset';
import { bisDate as date, lotOrBuilding } from './buildings';

/**
 * One permit or job filing of a tax lot as its dataset states it: the Permit item's fields
 * that come straight from the row, and the dataset's own status columns, from which isOpen
 * is derived (src/domain/properties/permits.ts).
 */
export interface PermitRow<Status> {
  /** What the dataset keeps stable for the record while its status changes. */
  sourceId: string;
  /** The job, filing or permit number as the item shows it. */
  identifier: string;
  /** The lot; null when the row names only its building (joined by BIN at load, through property_buildings). */
  bbl: string | null;
  /** Null when blank or a placeholder BIN. */
  bin: string | null;
  status: string | null;
  /** The scope of work. */
  description: string | null;
  /** Permits: the issuance date. Job filings: the filing date. */
  issuedAt: string | null;
  expiresAt: string | null;
  /** The date of the current status. */
  statusAt: string | null;
  statusColumns: Status;
}

export type DobPermitRow = PermitRow<DobPermitStatus>;
export type DobJobRow = PermitRow<DobJobStatus>;
export type DobNowJobRow = PermitRow<DobNowJobStatus>;
export type DobNowPermitRow = PermitRow<DobNowPermitStatus>;

/** A number pandas re-saved as a float ('3905851.0') as the city wrote it. */
function wholeNumberText(value: string | undefined): string | null {
  const text = textField(value);
  return text === null ? null : text.replace(/^(\d+)\.0*$/, '$1');
}

/**
 * Text saved as UTF-8, read as Latin-1 and saved again ('On Hold â\x80\x93 Administrative
 * Action' in DOB NOW's Filing Status): the original characters when that is what it is.
 */
export function repairMojibake(text: string | null): string | null {
  if (text === null || !/[\u00c2-\u00f4][\u0080-\u00bf]/.test(text) || /[^\u0000-\u00ff]/.test(text)) return text;
  const repaired = Buffer.from(text, 'latin1').toString('utf8');
  return repaired.includes('\ufffd') ? text : repaired;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'" };

/** Free text as the row has it, padding runs made one space and the HTML entities some exports leave in it ('&amp;') decoded. */
function freeText(value: string | undefined): string | null {
  return spacedText(value)?.replace(/&(?:amp|lt|gt|quot|#39|apos);/g, (entity) => ENTITIES[entity]) ?? null;
}

function required(record: RawRecord, key: string, label: string): string {
  const value = wholeNumberText(record[key]);
  if (value === null) throw new RowRejection(`missing ${label}`);
  return value;
}

/** A document or sequence number, written '01' by the export and '1' by pandas: two digits. */
const twoDigits = (value: string | null) => (value !== null && /^\d$/.test(value) ? `0${value}` : value);

/**
 * The row's lot from borough/block/lot (and its BBL column where `bblKey` names one), and
 * its building (see lotOrBuilding): a row whose lot cannot be read but whose BIN is real
 * names only its building, and the load joins it to the lot property_buildings places that
 * building on. A BIN whose borough digit contradicts the lot's borough leaves the lot
 * unknown: the row is rejected.
 */
function lotAndBuilding(record: RawRecord, bblKey: string | null): { bbl: string | null; bin: string | null } {
  const parts = { borough: textField(record.borough), block: wholeNumberText(record.block), lot: wholeNumberText(record.lot) };
  const written = `${record.borough ?? ''}/${record.block ?? ''}/${record.lot ?? ''}`;
  const { bbl, bin } = lotOrBuilding(bblKey === null ? null : wholeNumberText(record[bblKey]), parts, wholeNumberText(record.bin) ?? undefined, `no tax lot in borough/block/lot "${written}"`);
  if (bbl !== null && bin !== null && boroughOfBin(bin) !== null && bin.charAt(0) !== bbl.charAt(0)) {
    throw new RowRejection(`BIN ${bin} is in ${boroughOfBin(bin)}, not in the borough of lot ${bbl} ("${record.borough ?? ''}")`);
  }
  return { bbl, bin };
}

const joined = (...parts: Array<string | null>) => {
  const present = parts.filter((part) => part !== null);
  return present.length ? present.join(' / ') : null;
};

/** The id a row's record is kept under, from the raw row alone (null when it does not tell): what the parser stores as sourceId, also for a row it rejects. */
function rawId(id: () => string | null): string | null {
  try {
    return id();
  } catch {
    return null;
  }
}

/** PERMIT_SI_NO is the permit's own serial (each renewal has its own); without it, the permit's place in its job. */
function dobPermitId(record: RawRecord): string | null {
  return rawId(() => {
    const serial = wholeNumberText(record.permit_si_no);
    if (serial !== null) return serial;
    const job = textField(record.job);
    if (job === null) return null;
    const identifier = [job, twoDigits(wholeNumberText(record.job_doc)), textField(record.permit_type), textField(record.permit_subtype)].filter((part) => part !== null).join('-');
    const sequence = twoDigits(wholeNumberText(record.permit_sequence));
    const dated = date(record, 'issuance_date', 'Issuance Date') ?? date(record, 'filing_date', 'Filing Date');
    return `${identifier}#${sequence ?? ''}|${textField(record.filing_status) ?? ''}|${dated ?? ''}`;
  });
}

function dobJobId(record: RawRecord): string | null {
  const job = textField(record.job);
  return job === null ? null : `${job}-${twoDigits(wholeNumberText(record.doc)) ?? '01'}`;
}

const dobNowJobId = (record: RawRecord): string | null => textField(record.job_filing_number);

/** A renewal keeps the work permit number: each issuance is its own record. */
function dobNowPermitId(record: RawRecord): string | null {
  return rawId(() => {
    const permit = textField(record.work_permit);
    return permit === null ? null : `${permit}|${wholeNumberText(record.sequence_number) ?? date(record, 'issued_date', 'Issued Date') ?? ''}`;
  });
}

function parseDobPermit(record: RawRecord): DobPermitRow {
  const job = required(record, 'job', 'Job #');
  const doc = twoDigits(wholeNumberText(record.job_doc));
  const permitType = textField(record.permit_type);
  const subtype = textField(record.permit_subtype);
  const statusColumns: DobPermitStatus = {
    permitStatus: textField(record.permit_status),
    filingStatus: textField(record.filing_status),
    expiresAt: date(record, 'expiration_date', 'Expiration Date'),
  };
  const issuedAt = date(record, 'issuance_date', 'Issuance Date');
  const filedAt = date(record, 'filing_date', 'Filing Date');
  date(record, 'job_start_date', 'Job Start Date');
  const identifier = [job, doc, permitType, subtype].filter((part) => part !== null).join('-');
  return {
    sourceId: dobPermitId(record)!,
    identifier,
    ...lotAndBuilding(record, 'bbl'),
    status: joined(statusColumns.permitStatus, statusColumns.filingStatus),
    description: bisPermitDescription(permitType, subtype, textField(record.job_type)),
    issuedAt,
    expiresAt: statusColumns.expiresAt,
    statusAt: issuedAt ?? filedAt,
    statusColumns,
  };
}

function parseDobJob(record: RawRecord): DobJobRow {
  const job = required(record, 'job', 'Job #');
  const doc = twoDigits(wholeNumberText(record.doc)) ?? '01';
  const statusColumns: DobJobStatus = {
    jobStatus: textField(record.job_status),
    jobStatusDescription: spacedText(record.job_status_descrp),
    signoffDate: date(record, 'signoff_date', 'SIGNOFF_DATE'),
    specialActionStatus: textField(record.special_action_status),
  };
  const special = statusColumns.specialActionStatus;
  const specialWords = special === null || special === 'N' ? null : special === 'W' ? 'WITHDRAWN' : `SPECIAL ACTION ${special}`;
  date(record, 'special_action_date', 'SPECIAL_ACTION_DATE');
  return {
    sourceId: dobJobId(record)!,
    identifier: `${job}-${doc}`,
    // The dataset's "BBL" column holds a BIN: the lot comes from borough/block/lot alone.
    ...lotAndBuilding(record, null),
    status: joined(statusColumns.jobStatusDescription ?? statusColumns.jobStatus, specialWords),
    description: freeText(record.job_description) ?? bisJobDescription(textField(record.job_type), freeText(record.other_description)),
    issuedAt: date(record, 'pre_filing_date', 'Pre- Filing Date'),
    expiresAt: null,
    statusAt: date(record, 'latest_action_date', 'Latest Action Date'),
    statusColumns,
  };
}

function parseDobNowJob(record: RawRecord): DobNowJobRow {
  const number = required(record, 'job_filing_number', 'Job Filing Number');
  const statusColumns: DobNowJobStatus = {
    filingStatus: repairMojibake(spacedText(record.filing_status)),
    signoffDate: date(record, 'signoff_date', 'Signoff Date'),
  };
  date(record, 'approved_date', 'Approved Date');
  date(record, 'first_permit_date', 'First Permit Date');
  return {
    sourceId: dobNowJobId(record)!,
    identifier: number,
    ...lotAndBuilding(record, 'bbl'),
    status: statusColumns.filingStatus,
    description: freeText(record.job_description) ?? spacedText(record.job_type),
    issuedAt: date(record, 'filing_date', 'Filing Date'),
    expiresAt: null,
    statusAt: date(record, 'current_status_date', 'Current Status Date'),
    statusColumns,
  };
}

function parseDobNowPermit(record: RawRecord): DobNowPermitRow {
  const permit = required(record, 'work_permit', 'Work Permit');
  const statusColumns: DobNowPermitStatus = {
    permitStatus: repairMojibake(spacedText(record.permit_status)),
    expiresAt: date(record, 'expired_date', 'Expired Date'),
  };
  const issuedAt = date(record, 'issued_date', 'Issued Date');
  const approvedAt = date(record, 'approved_date', 'Approved Date');
  const filingReason = spacedText(record.filing_reason);
  return {
    sourceId: dobNowPermitId(record)!,
    identifier: permit,
    ...lotAndBuilding(record, 'bbl'),
    status: statusColumns.permitStatus ?? joined('Issued', filingReason),
    description: freeText(record.job_description) ?? spacedText(record.work_type),
    issuedAt,
    expiresAt: statusColumns.expiresAt,
    statusAt: issuedAt ?? approvedAt,
    statusColumns,
  };
}

/** DOB Permit Issuance (ipu4-2q9a, BIS): one row per permit issuance or renewal; 5-digit padded block and lot, MM/DD/YYYY dates. */
export const DOB_PERMITS: DatasetSpec<DobPermitRow> = {
  name: 'dob-permits',
  title: 'DOB Permit Issuance',
  requiredColumns: ['borough', 'job', 'job_doc', 'block', 'lot', 'permit_status', 'permit_type', 'issuance_date', 'expiration_date'],
  requiredJsonKeys: ['job'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseDobPermit),
};

/** DOB Job Application Filings (ic3t-wcy2, BIS): one row per job document; its BBL column is not a BBL. */
export const DOB_JOBS: DatasetSpec<DobJobRow> = {
  name: 'dob-jobs',
  title: 'DOB Job Application Filings',
  requiredColumns: ['job', 'doc', 'borough', 'block', 'lot', 'job_status', 'pre_filing_date'],
  requiredJsonKeys: ['job', 'doc'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseDobJob),
};

/** DOB NOW: Build – Job Application Filings (w9ak-ipjd): one row per filing, a real BBL column. */
export const DOB_NOW_JOBS: DatasetSpec<DobNowJobRow> = {
  name: 'dob-now-jobs',
  title: 'DOB NOW Job Application Filings',
  requiredColumns: ['job_filing_number', 'filing_status', 'borough', 'block', 'lot', 'filing_date'],
  requiredJsonKeys: ['job_filing_number'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseDobNowJob),
};

/** DOB NOW: Build – Approved Permits (rbx6-tga4): one row per work permit issued. */
export const DOB_NOW_PERMITS: DatasetSpec<DobNowPermitRow> = {
  name: 'dob-now-permits',
  title: 'DOB NOW Approved Permits',
  requiredColumns: ['work_permit', 'borough', 'block', 'lot', 'issued_date', 'expired_date'],
  requiredJsonKeys: ['work_permit'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseDobNowPermit),
};

/** Each permit data set's record id from a raw row, for a full sync's removal of what the city dropped. */
export const PERMIT_RECORD_IDS: Record<string, (record: RawRecord) => string | null> = {
  'dob-permits': dobPermitId,
  'dob-jobs': dobJobId,
  'dob-now-jobs': dobNowJobId,
  'dob-now-permits': dobNowPermitId,
};
