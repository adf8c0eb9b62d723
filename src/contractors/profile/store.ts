import {
  contractorRisk, type ContractorRiskFactor, type ContractorRiskFinding, type ContractorRiskLevel, NEW_HEARING_WINDOW_DAYS, reopenableSavings,
  riskFindingOf,
} from '../../domain/contractors';
import { isoDate } from '../../nyc';
import type { DataStore } from '../../stores';
import { companiesBySlug, type CompanyRow, type StandingTicket, standingTicketOf, TICKET_RECORD_SELECT } from '../store';

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
export function profileOf(company: CompanyRow, tickets: ProfileTickets, asOf: Date): ContractorProfile {
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
  };
}

/**
 * Which stored standings can be stale on the clock's day ($2): ticketStanding reads the clock
 * only for an undecided ticket (is its hearing ahead?) and for the window of a defaulted one
 * (status defaulted itself never depends on the clock). Those are read whole and re-derived;
 * every other ticket's stored status, flags and money hold, so they are grouped in SQL by
 * what the risk reads (a date only where a factor weighs it).
 */
const MAY_BE_STALE = `((not t.decided and t.as_of <> $2::date)
  or (t.status = 'defaulted' and coalesce(t.decision_date, t.hearing_date) + ${NEW_HEARING_WINDOW_DAYS} >= $2::date))`;

const GROUPS = `select t.company,
    case when t.status <> 'closed' or t.decided then t.violation_date::text end as issued_at,
    case when t.status = 'defaulted' then coalesce(t.decision_date, t.hearing_date)::text end as decided_at,
    t.status, t.decided, t.due_cents > 0 as has_due, count(*)::int as count,
    sum(t.imposed_cents)::float8 as imposed, sum(t.due_cents)::float8 as due
  from contractor_tickets t
  where t.company = any($1::text[]) and not ${MAY_BE_STALE}
  group by 1, 2, 3, 4, 5, 6`;

const REDERIVED = `select t.company, ${TICKET_RECORD_SELECT} from contractor_tickets t where t.company = any($1::text[]) and ${MAY_BE_STALE}`;

async function profileTickets(store: DataStore, companies: string[], asOf: Date): Promise<Map<string, ProfileTickets>> {
  const out = new Map<string, ProfileTickets>(companies.map((company) => [company, { groups: [], rederived: [] }]));
  if (companies.length === 0) return out;
  const values = [companies, isoDate(asOf)];
  const [groups, rederived] = await Promise.all([store.pg.query(GROUPS, values), store.pg.query(REDERIVED, values)]);
  for (const row of groups.rows) {
    out.get(row.company)?.groups.push({
      finding: {
        issuedAt: row.issued_at,
        decidedAt: row.decided_at,
        open: row.status !== 'closed',
        unpaidDefault: row.status === 'defaulted',
        found: row.decided,
        hasBalanceDue: row.has_due,
        count: row.count,
      },
      imposedCents: row.imposed,
      dueCents: row.due,
    });
  }
  for (const row of rederived.rows) out.get(row.company)?.rederived.push(standingTicketOf(row, asOf));
  return out;
}

/** Profiles by requested slug (an absorbed company's slug answers the absorber's profile). */
export async function contractorProfiles(store: DataStore, slugs: string[], asOf: Date): Promise<Map<string, ContractorProfile>> {
  const companies = await companiesBySlug(store, slugs);
  const tickets = await profileTickets(store, [...new Set([...companies.values()].map((company) => company.slug))], asOf);
  const profiles = new Map<string, ContractorProfile>();
  const bySlug = new Map<string, ContractorProfile>();
  for (const [requested, company] of companies) {
    let profile = bySlug.get(company.slug);
    if (!profile) {
      profile = profileOf(company, tickets.get(company.slug) ?? { groups: [], rederived: [] }, asOf);
      bySlug.set(company.slug, profile);
    }
    profiles.set(requested, profile);
  }
  return profiles;
}
