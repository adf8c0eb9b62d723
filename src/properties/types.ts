/** The vocabularies of a property violation item (docs/decisions.md, Properties). */
export const VIOLATION_AGENCIES = ['DOB', 'ECB', 'DOB_NOW', 'HPD'] as const;
export const VIOLATION_RECORD_TYPES = ['dob_violation', 'ecb_violation', 'dob_safety_violation', 'hpd_violation'] as const;
/** HPD's hazard classes: A non-hazardous, B hazardous, C immediately hazardous. */
export const HPD_VIOLATION_CLASSES = ['A', 'B', 'C'] as const;
export const VIOLATION_SORTS = ['-date', 'date', '-penalty', 'penalty'] as const;
export type ViolationSort = (typeof VIOLATION_SORTS)[number];

/** The Property violation item, fields in contract order. */
export interface PropertyViolationItem {
  identifier: string;
  agency: string;
  recordType: string;
  status: string;
  description: string;
  isOpen: boolean;
  issuedAt: string | null;
  statusAt: string | null;
  penaltyImposedCents: number;
  penaltyDueCents: number;
  /** HPD's hazard class (A, B, C); null for the DOB dockets, which class none. */
  class: string | null;
}
