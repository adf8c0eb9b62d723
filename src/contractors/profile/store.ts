import { contractorRisk, type ContractorRiskFactor, type ContractorRiskLevel, reopenableSavings, riskFindingOf } from '../../domain/contractors';
import type { DataStore } from '../../stores';
import { companiesBySlug, type CompanyRow, type StandingTicket, ticketsOfCompanies } from '../store';

/** The Contractor profile (api-spec.md), plus its risk score, factors and docket spellings. */
export interface ContractorProfile {
  slug: string;
  name: string;
  riskLevel: ContractorRiskLevel;
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
}

/** A company's profile from its tickets' standings as of the clock (pure). */
export function profileOf(company: CompanyRow, tickets: StandingTicket[], asOf: Date): ContractorProfile {
  let openTickets = 0;
  let defaultedHearings = 0;
  let imposed = 0;
  let due = 0;
  for (const { standing } of tickets) {
    if (standing.status !== 'closed') openTickets += 1;
    if (standing.status === 'defaulted') defaultedHearings += 1;
    imposed += standing.imposedCents;
    due += standing.dueCents;
  }
  const risk = contractorRisk({ findings: tickets.map(({ record, standing }) => riskFindingOf(record, standing)), finesDueCents: due }, asOf);
  const savings = reopenableSavings(tickets.map(({ standing }) => standing), asOf);
  return {
    slug: company.slug,
    name: company.name,
    riskLevel: risk.level,
    riskScore: risk.score,
    tickets: tickets.length,
    openTickets,
    finesImposedCents: imposed,
    finesDueCents: due,
    defaultedHearings,
    reopenableSavingsMinCents: savings.reopenableSavingsMinCents,
    reopenableSavingsMaxCents: savings.reopenableSavingsMaxCents,
    riskFactors: risk.factors,
    spellings: [...company.spellings].sort(),
  };
}

/** Profiles by requested slug (an absorbed company's slug answers the absorber's profile). */
export async function contractorProfiles(store: DataStore, slugs: string[], asOf: Date): Promise<Map<string, ContractorProfile>> {
  const companies = await companiesBySlug(store, slugs);
  const tickets = await ticketsOfCompanies(store, [...new Set([...companies.values()].map((company) => company.slug))], asOf);
  const profiles = new Map<string, ContractorProfile>();
  const bySlug = new Map<string, ContractorProfile>();
  for (const [requested, company] of companies) {
    let profile = bySlug.get(company.slug);
    if (!profile) {
      profile = profileOf(company, tickets.get(company.slug) ?? [], asOf);
      bySlug.set(company.slug, profile);
    }
    profiles.set(requested, profile);
  }
  return profiles;
}
