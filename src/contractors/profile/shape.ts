import { contractorRisk, type ContractorRiskFactor, type ContractorRiskFinding, type GroupingReason, reopenableSavings, riskFindingOf } from '../../domain/contractors';
import type { RiskLevel } from '../../domain/scoring';
import type { CompanyRow, StandingTicket } from '../store';

/** The Contractor profile of the contract, plus its risk score, factors and docket spellings. */
export interface ContractorProfile {
  slug: string;
  name: string;
  riskLevel: RiskLevel;
  riskScore: number;
  tickets: number;
  openTickets: number;
  finesImposedCents: number;
  finesDueCents: number;
  defaultedHearings: number;
  reopenableSavingsMinCents: number;
  reopenableSavingsMaxCents: number;
  riskFactors: ContractorRiskFactor[];
  spellings: string[];
  groupedBecause: GroupingReason[];
}

/**
 * A company's tickets as the profile reads them: most as groups of alike findings with their
 * money summed (their stored standing is exact on any clock), the rest one by one, re-derived
 * on the clock.
 */
export interface ProfileTickets {
  /** Tickets whose stored standing holds on any clock, grouped: a finding, and the group's imposed and due sums. */
  groups: Array<{ finding: ContractorRiskFinding; imposedCents: number; dueCents: number }>;
  /** Tickets re-derived on the clock: undecided ones derived on another day, and defaults whose window may be live. */
  rederived: StandingTicket[];
}

/** A company's profile from its tickets as of the clock (pure). */
export function profileOf(company: Pick<CompanyRow, 'slug' | 'name' | 'spellings'> & Partial<Pick<CompanyRow, 'groupedBecause'>>, tickets: ProfileTickets, asOf: Date): ContractorProfile {
  const findings: ContractorRiskFinding[] = [];
  let count = 0;
  let imposed = 0;
  let due = 0;
  for (const group of tickets.groups) {
    findings.push(group.finding);
    count += group.finding.count;
    imposed += group.imposedCents;
    due += group.dueCents;
  }
  for (const { record, standing } of tickets.rederived) {
    findings.push(riskFindingOf(record, standing));
    count += 1;
    imposed += standing.imposedCents;
    due += standing.dueCents;
  }
  let openTickets = 0;
  let defaultedHearings = 0;
  for (const finding of findings) {
    if (finding.open) openTickets += finding.count;
    if (finding.unpaidDefault) defaultedHearings += finding.count;
  }
  const risk = contractorRisk({ findings, finesDueCents: due }, asOf);
  // Only a default can have a live window, and every one that may is among the re-derived.
  const savings = reopenableSavings(tickets.rederived.map(({ standing }) => standing), asOf);
  return {
    slug: company.slug,
    name: company.name,
    riskLevel: risk.level,
    riskScore: risk.score,
    tickets: count,
    openTickets,
    finesImposedCents: imposed,
    finesDueCents: due,
    defaultedHearings,
    reopenableSavingsMinCents: savings.reopenableSavingsMinCents,
    reopenableSavingsMaxCents: savings.reopenableSavingsMaxCents,
    riskFactors: risk.factors,
    spellings: [...company.spellings].sort(),
    groupedBecause: company.groupedBecause ?? [],
  };
}
