import { isoDate } from '../../nyc';

/**
 * isOpen and the penalty figures of a property violation item, from each dataset's own
 * status columns (docs/decisions.md, Properties). One pure function per dataset;
 * each also names the status values it does not know, for the ingest report to count.
 * A value it does not know never hides a violation: what cannot be read as closed is open.
 */

export interface ViolationStanding {
  /** Still demands action. */
  isOpen: boolean;
  penaltyImposedCents: number;
  /** The balance currently due, never negative (an overpayment is no debt). */
  penaltyDueCents: number;
  /** `COLUMN "value"` of each status value the mapping does not know. */
  unknownValues: string[];
}

/** DOB Violations (3h2n-5cm9): the columns that say where a violation stands. */
export interface DobViolationStatus {
  /** VIOLATION_CATEGORY: 'V-DOB VIOLATION - ACTIVE', 'V*-DOB VIOLATION - Resolved', ... */
  category: string | null;
  /** NUMBER: 'V*050498LL629108969'; its prefix carries the same star as the category. */
  number: string | null;
}

/** Every VIOLATION_CATEGORY the real exports show. */
const DOB_CATEGORIES = new Set([
  'V-DOB VIOLATION - ACTIVE',
  'V*-DOB VIOLATION - DISMISSED',
  'V*-DOB VIOLATION - Resolved',
  'VP*-VIOLATION UNSERVED ECB- DISMISSED',
  'VW*-VIOLATION - WORK W/O PERMIT DISMISSED',
]);

/** The category's code ('V', 'V*', 'VW*') or the number's letters before its date ('V', 'V*', 'V%*'). */
const CATEGORY_CODE = /^([A-Z%]+\*?)-/;
const NUMBER_PREFIX = /^([A-Z%*]+)\d/;

/**
 * DOB: a `*` in the category's code means closed (dismissed or resolved), no star means
 * active. A blank or unknown category falls back to the star in the violation number's
 * prefix, and is counted. DOB BIS violations carry no penalty (ECB's do).
 */
export function dobViolationStanding(status: DobViolationStatus): ViolationStanding {
  const unknownValues: string[] = [];
  if (status.category === null || !DOB_CATEGORIES.has(status.category)) unknownValues.push(`VIOLATION_CATEGORY "${status.category ?? ''}"`);
  const code = CATEGORY_CODE.exec(status.category ?? '')?.[1] ?? NUMBER_PREFIX.exec(status.number ?? '')?.[1] ?? null;
  return { isOpen: code === null || !code.includes('*'), penaltyImposedCents: 0, penaltyDueCents: 0, unknownValues };
}

/** DOB ECB Violations (6bgk-3dad): status, hearing and money columns. */
export interface EcbViolationStatus {
  /** ECB_VIOLATION_STATUS: ACTIVE or RESOLVE. */
  violationStatus: string | null;
  /** HEARING_STATUS: IN VIOLATION, DEFAULT, DISMISSED, WRITTEN OFF, CURED/IN-VIO, ... */
  hearingStatus: string | null;
  /** CERTIFICATION_STATUS: CERTIFICATE ACCEPTED, NO COMPLIANCE RECORDED, ... */
  certificationStatus: string | null;
  /** HEARING_DATE, YYYY-MM-DD. */
  hearingDate: string | null;
  /** PENALITY_IMPOSED (sic). */
  penaltyImposedCents: number | null;
  /** BALANCE_DUE: negative after an overpayment. */
  balanceDueCents: number | null;
}

const ECB_VIOLATION_STATUSES = new Set(['ACTIVE', 'RESOLVE']);
/** Every HEARING_STATUS the real exports show, and those SCHEMAS.md names. */
const ECB_HEARING_STATUSES = new Set(['IN VIOLATION', 'DEFAULT', 'DISMISSED', 'WRITTEN OFF', 'CURED/IN-VIO', 'STIPULATION/IN-VIO', 'POP/IN-VIO']);
/** Every CERTIFICATION_STATUS the real exports show (blank included: no certification asked). */
const ECB_CERTIFICATION_STATUSES = new Set(['CERTIFICATE ACCEPTED', 'CURE ACCEPTED', 'NO COMPLIANCE RECORDED', 'N/A - DISMISSED', 'COMPLIANCE-INSP/DOC']);

/**
 * ECB: open while the violation is not RESOLVE, a hearing is ahead (on or after the
 * clock's day), or a balance is due. Penalty imposed is PENALITY_IMPOSED; due is
 * BALANCE_DUE, never negative. An unknown violation status counts as not resolved;
 * unknown hearing and certification statuses are only counted (they do not decide isOpen).
 */
export function ecbViolationStanding(status: EcbViolationStatus, asOf: Date): ViolationStanding {
  const unknownValues: string[] = [];
  if (status.violationStatus === null || !ECB_VIOLATION_STATUSES.has(status.violationStatus)) unknownValues.push(`ECB_VIOLATION_STATUS "${status.violationStatus ?? ''}"`);
  if (status.hearingStatus !== null && !ECB_HEARING_STATUSES.has(status.hearingStatus)) unknownValues.push(`HEARING_STATUS "${status.hearingStatus}"`);
  if (status.certificationStatus !== null && !ECB_CERTIFICATION_STATUSES.has(status.certificationStatus)) unknownValues.push(`CERTIFICATION_STATUS "${status.certificationStatus}"`);
  const penaltyDueCents = Math.max(0, status.balanceDueCents ?? 0);
  const hearingAhead = status.hearingDate !== null && status.hearingDate >= isoDate(asOf);
  return {
    isOpen: status.violationStatus !== 'RESOLVE' || hearingAhead || penaltyDueCents > 0,
    penaltyImposedCents: status.penaltyImposedCents ?? 0,
    penaltyDueCents,
    unknownValues,
  };
}

/** DOB Safety Violations (855j-jady): `Violation Status`. */
export interface DobSafetyViolationStatus {
  violationStatus: string | null;
}

/**
 * DOB safety: Active is open, Dismissed is closed; anything else is counted and open.
 * The dataset has no penalty columns.
 */
export function dobSafetyViolationStanding(status: DobSafetyViolationStatus): ViolationStanding {
  const known = status.violationStatus === 'Active' || status.violationStatus === 'Dismissed';
  return {
    isOpen: status.violationStatus !== 'Dismissed',
    penaltyImposedCents: 0,
    penaltyDueCents: 0,
    unknownValues: known ? [] : [`Violation Status "${status.violationStatus ?? ''}"`],
  };
}

/** HPD Housing Maintenance Code Violations (wvxf-dwi5): the columns that say where a violation stands. */
export interface HpdViolationStatus {
  /** ViolationStatus: Open or Close, HPD's own reading of where the violation stands. */
  violationStatus: string | null;
  /** CurrentStatus: NOV SENT OUT, VIOLATION CLOSED, VIOLATION DISMISSED, NOT COMPLIED WITH, ... */
  currentStatus: string | null;
}

/** The CurrentStatus values that close a violation (read only when ViolationStatus says neither Open nor Close). */
export const HPD_CLOSING_STATUSES = ['VIOLATION CLOSED', 'VIOLATION DISMISSED'] as const;
/** Every CurrentStatus the real exports show. */
const HPD_CURRENT_STATUSES = new Set<string>([...HPD_CLOSING_STATUSES, 'NOV SENT OUT', 'INVALID CERTIFICATION', 'NOT COMPLIED WITH']);

/**
 * HPD: open while ViolationStatus is Open, closed when it is Close. A blank or other
 * ViolationStatus is counted and the CurrentStatus decides: open unless it is a closing
 * status (an unknown one is counted too). HPD violations carry no penalty columns (its
 * civil penalties are sought in Housing Court, not recorded here).
 */
export function hpdViolationStanding(status: HpdViolationStatus): ViolationStanding {
  const unknownValues: string[] = [];
  let isOpen: boolean;
  if (status.violationStatus === 'Open' || status.violationStatus === 'Close') {
    isOpen = status.violationStatus === 'Open';
  } else {
    unknownValues.push(`ViolationStatus "${status.violationStatus ?? ''}"`);
    if (status.currentStatus === null || !HPD_CURRENT_STATUSES.has(status.currentStatus)) unknownValues.push(`CurrentStatus "${status.currentStatus ?? ''}"`);
    isOpen = !(HPD_CLOSING_STATUSES as readonly string[]).includes(status.currentStatus ?? '');
  }
  return { isOpen, penaltyImposedCents: 0, penaltyDueCents: 0, unknownValues };
}
