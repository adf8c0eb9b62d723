import { isoDate } from '../../nyc';

/**
 * The Permit item of a tax lot (the contract\'s Permit item) and how each permit and job
 * filing dataset's own status columns read as isOpen (docs/decisions.md, Properties).
 * One pure function per dataset; each also names the status values it does not know, for
 * the ingest report to count. A value a mapping does not know never hides an item: what
 * cannot be read as signed off, withdrawn, revoked or expired is open.
 */

/** docs/decisions.md: `DOB` (BIS) or `DOB_NOW`. */
export const PERMIT_AGENCIES = ['DOB', 'DOB_NOW'] as const;
export type PermitAgency = (typeof PERMIT_AGENCIES)[number];
/** The record class: a work permit, or the job filing (application) the permits are issued under. */
export const PERMIT_RECORD_TYPES = ['permit', 'job_filing'] as const;
export type PermitRecordType = (typeof PERMIT_RECORD_TYPES)[number];

/** The Permit item, fields in contract order. Dates are YYYY-MM-DD. */
export interface PermitItem {
  identifier: string;
  agency: PermitAgency;
  recordType: PermitRecordType;
  status: string;
  description: string;
  isOpen: boolean;
  issuedAt: string | null;
  expiresAt: string | null;
  statusAt: string | null;
}

export interface PermitStanding {
  /** Not signed off or closed (for a permit: still in force). */
  isOpen: boolean;
  /** `COLUMN "value"` of each status value the mapping does not know. */
  unknownValues: string[];
}

/** A permit whose expiration date is before the clock's day has lapsed (it is in force through that day). */
const expired = (expiresAt: string | null, asOf: Date) => expiresAt !== null && expiresAt < isoDate(asOf);

/** DOB Permit Issuance (ipu4-2q9a, BIS): the columns that say where a permit stands. */
export interface DobPermitStatus {
  /** Permit Status: ISSUED, RE-ISSUED, IN PROCESS, REVOKED; blank on some old rows. */
  permitStatus: string | null;
  /** Filing Status: INITIAL or RENEWAL (not read for isOpen). */
  filingStatus: string | null;
  /** Expiration Date, YYYY-MM-DD. */
  expiresAt: string | null;
}

const DOB_PERMIT_IN_FORCE = new Set(['ISSUED', 'RE-ISSUED', 'IN PROCESS']);
const DOB_PERMIT_CLOSED = new Set(['REVOKED']);

/**
 * BIS permit: open while it is not REVOKED and its expiration date has not passed (a
 * permit IN PROCESS, not yet issued, is open too). A blank or unknown Permit Status is
 * counted and read as in force.
 */
export function dobPermitStanding(status: DobPermitStatus, asOf: Date): PermitStanding {
  const value = status.permitStatus;
  const known = value !== null && (DOB_PERMIT_IN_FORCE.has(value) || DOB_PERMIT_CLOSED.has(value));
  return {
    isOpen: !(value !== null && DOB_PERMIT_CLOSED.has(value)) && !expired(status.expiresAt, asOf),
    unknownValues: known ? [] : [`Permit Status "${value ?? ''}"`],
  };
}

/** DOB Job Application Filings (ic3t-wcy2, BIS). */
export interface DobJobStatus {
  /** Job Status: BIS's one-letter code (X signed off, R permit issued, ...). */
  jobStatus: string | null;
  /** Job Status Descrp: the code's words. */
  jobStatusDescription: string | null;
  /** SIGNOFF_DATE, YYYY-MM-DD. */
  signoffDate: string | null;
  /** SPECIAL_ACTION_STATUS: N none, W withdrawn; others (C) are counted. */
  specialActionStatus: string | null;
}

/** BIS job status letters, and those that end a job: X SIGNED OFF, U COMPLETED, I SIGN-OFF (ARA). */
export const DOB_JOB_STATUSES: Record<string, string> = {
  A: 'PRE-FILING',
  B: 'APPLICATION PROCESSED - PART-NO PAYMENT',
  C: 'APPLICATION PROCESSED - PAYMENT ONLY',
  D: 'APPLICATION PROCESSED - ENTIRE',
  E: 'APPLICATION PROCESSED - NO PLAN EXAM',
  F: 'APPLICATION ASSIGNED TO PLAN EXAMINER',
  G: 'PAA FEE DUE',
  H: 'PLAN EXAM - IN PROCESS',
  I: 'SIGN-OFF (ARA)',
  J: 'PLAN EXAM - DISAPPROVED',
  K: 'PLAN EXAM - PARTIAL APPROVAL',
  L: 'PAA FEE PAID',
  M: 'PLAN EXAM - PAA APPROVED',
  P: 'PLAN EXAM - APPROVED',
  Q: 'PERMIT ISSUED - PARTIAL JOB',
  R: 'PERMIT ISSUED - ENTIRE JOB/WORK',
  U: 'COMPLETED',
  X: 'SIGNED OFF',
  '3': 'SUSPENDED',
};
const DOB_JOB_CLOSED = new Set(['X', 'U', 'I']);
const SPECIAL_ACTIONS = new Set(['N', 'W']);

/**
 * BIS job filing: closed once signed off or completed (Job Status X, U or I, or a
 * SIGNOFF_DATE) or withdrawn (SPECIAL_ACTION_STATUS W); open otherwise, whatever stage
 * of plan exam or permit it is at. An unknown job status letter or special action is
 * counted and decides nothing.
 */
export function dobJobStanding(status: DobJobStatus): PermitStanding {
  const unknownValues: string[] = [];
  if (status.jobStatus === null || !(status.jobStatus in DOB_JOB_STATUSES)) unknownValues.push(`Job Status "${status.jobStatus ?? ''}"`);
  if (status.specialActionStatus !== null && !SPECIAL_ACTIONS.has(status.specialActionStatus)) unknownValues.push(`SPECIAL_ACTION_STATUS "${status.specialActionStatus}"`);
  const closed = (status.jobStatus !== null && DOB_JOB_CLOSED.has(status.jobStatus)) || status.signoffDate !== null || status.specialActionStatus === 'W';
  return { isOpen: !closed, unknownValues };
}

/** DOB NOW: Build – Job Application Filings (w9ak-ipjd). */
export interface DobNowJobStatus {
  /** Filing Status: LOC Issued, Approved, Permit Entire, Objections, On Hold – Administrative Action, ... */
  filingStatus: string | null;
  /** Signoff Date, YYYY-MM-DD. */
  signoffDate: string | null;
}

/** Filing Status values that end a DOB NOW job: the letter of completion (its sign-off), a withdrawal. */
const DOB_NOW_JOB_CLOSED = new Set(['LOC Issued', 'Signed Off', 'Signed-off', 'Withdrawn', 'Withdrawal Approved']);
/** The open stages DOB NOW shows, from pre-filing to permits issued. */
const DOB_NOW_JOB_OPEN = new Set([
  'Pre-Filing', 'Pending Prof Cert QA Assignment', 'Pending Plan Examiner Assignment', 'Prof Cert QA Review', 'Plan Examiner Review',
  'Objections', 'Disapproved', 'Incomplete', 'Approved', 'Permit Entire', 'Permit Partial', 'Permit Issued', 'On Hold',
  'On Hold – Administrative Action', 'LOC Requested', 'LOC Review', 'Pending Sign-off', 'Sign-off Requested',
]);

/**
 * DOB NOW job filing: closed when Filing Status is LOC Issued (the letter of completion,
 * DOB NOW's sign-off), Signed Off or Withdrawn, or a Signoff Date is given; open at every
 * other stage. An unknown Filing Status is counted and read as open (unless signed off).
 */
export function dobNowJobStanding(status: DobNowJobStatus): PermitStanding {
  const value = status.filingStatus;
  const known = value !== null && (DOB_NOW_JOB_CLOSED.has(value) || DOB_NOW_JOB_OPEN.has(value));
  return {
    isOpen: !((value !== null && DOB_NOW_JOB_CLOSED.has(value)) || status.signoffDate !== null),
    unknownValues: known ? [] : [`Filing Status "${value ?? ''}"`],
  };
}

/** DOB NOW: Build – Approved Permits (rbx6-tga4): every row is an issued work permit. */
export interface DobNowPermitStatus {
  /** Permit Status where the export has the column (the 2019 column set has none). */
  permitStatus: string | null;
  /** Expired Date, YYYY-MM-DD. */
  expiresAt: string | null;
}

const DOB_NOW_PERMIT_IN_FORCE = new Set(['Permit Issued', 'Issued', 'Re-Issued', 'Renewed']);
const DOB_NOW_PERMIT_CLOSED = new Set(['Revoked', 'Signed-off', 'Signed Off', 'Withdrawn', 'Expired', 'Cancelled']);

/**
 * DOB NOW work permit: open until its Expired Date passes, unless its Permit Status (when
 * the export carries one) says Revoked, Signed-off, Withdrawn, Expired or Cancelled. A row
 * with no Permit Status column is an issued permit (the dataset lists approved permits);
 * an unknown value is counted and read as in force.
 */
export function dobNowPermitStanding(status: DobNowPermitStatus, asOf: Date): PermitStanding {
  const value = status.permitStatus;
  const known = value === null || DOB_NOW_PERMIT_IN_FORCE.has(value) || DOB_NOW_PERMIT_CLOSED.has(value);
  return {
    isOpen: !(value !== null && DOB_NOW_PERMIT_CLOSED.has(value)) && !expired(status.expiresAt, asOf),
    unknownValues: known ? [] : [`Permit Status "${value}"`],
  };
}

/** BIS permit types (Permit Type) in words. */
export const BIS_PERMIT_TYPES: Record<string, string> = {
  AL: 'Alteration',
  DM: 'Demolition',
  EQ: 'Construction equipment',
  EW: 'Equipment work',
  FO: 'Foundation or earthwork',
  NB: 'New building',
  PL: 'Plumbing',
  SG: 'Sign',
};

/** BIS permit subtypes (Permit Subtype) and work types in words. */
export const BIS_PERMIT_SUBTYPES: Record<string, string> = {
  BL: 'boiler',
  CC: 'curb cut',
  CH: 'chute',
  EA: 'earthwork',
  FA: 'fire alarm',
  FB: 'fuel burning',
  FN: 'fence',
  FP: 'fire suppression',
  FS: 'fuel storage',
  MH: 'mechanical (HVAC)',
  OT: 'other',
  PL: 'plumbing',
  SD: 'standpipe',
  SF: 'scaffold',
  SH: 'sidewalk shed',
  SP: 'sprinkler',
};

/** BIS job types (Job Type) in words. */
export const BIS_JOB_TYPES: Record<string, string> = {
  A1: 'alteration type 1 (change of use, egress or occupancy)',
  A2: 'alteration type 2 (multiple work types)',
  A3: 'alteration type 3 (one work type)',
  NB: 'new building',
  DM: 'demolition',
  SG: 'sign',
  SC: 'subdivision (condominium)',
  PA: 'place of assembly',
};

const words = (codes: Record<string, string>, code: string | null) => (code === null ? null : codes[code] ?? code);

/**
 * A BIS permit's scope of work, which the dataset states only as codes: the permit type,
 * its subtype, and the job type it belongs to ('Equipment work: sprinkler; job A2,
 * alteration type 2 (multiple work types)'). Unknown codes are shown as written.
 */
export function bisPermitDescription(permitType: string | null, subtype: string | null, jobType: string | null): string | null {
  const what = [words(BIS_PERMIT_TYPES, permitType), words(BIS_PERMIT_SUBTYPES, subtype)].filter((part) => part !== null).join(': ');
  const job = jobType === null ? null : `job ${jobType}${jobType in BIS_JOB_TYPES ? `, ${BIS_JOB_TYPES[jobType]}` : ''}`;
  const parts = [what || null, job].filter((part) => part !== null);
  return parts.length ? parts.join('; ') : null;
}

/** A BIS job filing's description when its Job Description is blank: the job type in words, and the Other Description. */
export function bisJobDescription(jobType: string | null, otherDescription: string | null): string | null {
  const job = words(BIS_JOB_TYPES, jobType);
  const parts = [job && job.charAt(0).toUpperCase() + job.slice(1), otherDescription].filter((part) => part !== null);
  return parts.length ? parts.join(': ') : null;
}
