/**
 * Restaurant shapes shared by ingest (which computes and stores them), the pure rules
 * (which derive them) and the read API (which serves them). Dates are 'YYYY-MM-DD'
 * strings throughout. They live beside the rules so the rules import nothing above them.
 */
import type { RiskLevel } from '../scoring';

export const GRADES = ['A', 'B', 'C', 'Z', 'P', 'N'] as const;
export type Grade = (typeof GRADES)[number];

export const VIOLATION_CATEGORIES = ['vermin', 'food_temp', 'hygiene', 'facility', 'admin', 'other'] as const;
export type ViolationCategory = (typeof VIOLATION_CATEGORIES)[number];
/** The food-safety categories the sanitary block counts. */
export const FOOD_CATEGORIES: readonly ViolationCategory[] = ['vermin', 'food_temp', 'hygiene', 'facility'];

export type CriticalFlag = 'Critical' | 'Not Critical' | 'Not Applicable';
/** What an inspection's ACTION line says about the establishment being open. */
export type ClosureAction = 'closed' | 'reclosed' | 'reopened';

/** The establishment as the city describes it (latest values seen). */
export interface EstablishmentRecord {
  camis: string;
  name: string;
  building: string | null;
  street: string | null;
  /** Building and street, whitespace collapsed; the borough is separate. */
  address: string;
  borough: string;
  zip: string | null;
  phone: string | null;
  cuisine: string | null;
  latitude: number | null;
  longitude: number | null;
  bin: string | null;
  bbl: string | null;
  nta: string | null;
  communityBoard: string | null;
  councilDistrict: string | null;
  censusTract: string | null;
}

export interface CitationRecord {
  /** Never empty: a row without a violation code is an inspection without citations. */
  code: string;
  description: string;
  criticalFlag: CriticalFlag | null;
  critical: boolean;
  category: ViolationCategory;
}

/** One visit: camis + date + inspection type. */
export interface InspectionRecord {
  inspectedAt: string;
  /** The city's INSPECTION TYPE text; '' when blank. */
  inspectionType: string;
  score: number | null;
  grade: Grade | null;
  gradeDate: string | null;
  action: string | null;
  closure: ClosureAction | null;
  citations: CitationRecord[];
}

/** Everything known about one establishment: what derivations take as input. */
export interface EstablishmentHistory {
  establishment: EstablishmentRecord;
  /** Any order; derivations sort what they need. */
  inspections: InspectionRecord[];
}

// ---- Served shapes of the contract -------------------------------------------------------

export interface RestaurantSummary {
  camis: string;
  name: string;
  address: string;
  borough: string;
  zip: string | null;
  cuisine: string | null;
  grade: Grade | null;
  score: number | null;
  closed: boolean;
  riskLevel: RiskLevel;
  riskScore: number;
  lastInspectedAt: string | null;
  latitude: number | null;
  longitude: number | null;
  openViolations: number;
}

export interface RiskFactor {
  key: string;
  label: string;
  count: number;
  detail: string;
}

export interface RiskBlock {
  score: number;
  level: RiskLevel;
  factors: RiskFactor[];
}

export interface VerminCounts {
  rats: number;
  mice: number;
  roaches: number;
  flies: number;
  other: number;
  conducive: number;
}

export interface VerminReport extends VerminCounts {
  lastSightedAt: string | null;
  weighted: VerminCounts;
}

export interface SanitaryReport {
  /** null when the establishment has no scored cycle inspection yet. */
  latestCycleScore: number | null;
  latestInitialScore: number | null;
  worstScore36mo: number | null;
  criticalFood24mo: number;
  openFoodViolations: number;
  closures36mo: number;
  ownerResponseSignal: 'documented_fixes' | null;
  weighted: { criticalFood: number; closures: number; worstScoreWeight: number };
}

export interface RestaurantStats {
  openViolations: number;
  totalViolations: number;
  criticalViolations: number;
  inspectionCount: number;
  closureCount: number;
  oathSummonses: number;
  finesImposedCents: number;
  finesDueCents: number;
  defaultedHearings: number;
}

/** Owner remediation (another feature); only its documented count reaches the sanitary block. */
export interface RemediationInput {
  documentedOpenViolations: number;
}

/** Everything ingest derives for one establishment; the profile endpoint adds community and remediation. */
export interface DerivedProfile {
  summary: RestaurantSummary;
  gradeDate: string | null;
  risk: RiskBlock;
  vermin: VerminReport;
  sanitary: SanitaryReport;
  stats: RestaurantStats;
  /** Every date a vermin-category citation was recorded (all time, newest first): backs `verminSince`. */
  verminDates: string[];
}

export interface Violation {
  code: string | null;
  description: string;
  critical: boolean;
  inspectedAt: string;
  inspectionType: string | null;
  category: ViolationCategory;
}

export interface Inspection {
  inspectedAt: string;
  type: string | null;
  score: number | null;
  grade: Grade | null;
  action: string | null;
  closedRestaurant: boolean;
  violations: Violation[];
}
