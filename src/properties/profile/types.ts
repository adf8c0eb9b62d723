import type { PropertyRiskFactorKey } from '../../domain/properties/risk';
import type { RiskLevel } from '../../domain/scoring';

/** The Property profile of the contract, fields in contract order, then the risk factors. */
export interface PropertyProfile {
  bbl: string;
  address: string;
  borough: string;
  riskLevel: RiskLevel;
  riskScore: number;
  openViolations: number;
  totalRecords: number;
  finesImposedCents: number;
  finesDueCents: number;
  defaultedHearings: number;
  agencies: Array<{ agency: string; openCount: number }>;
  riskFactors: Array<{ key: PropertyRiskFactorKey; label: string; count: number; points: number; detail: string }>;
}
