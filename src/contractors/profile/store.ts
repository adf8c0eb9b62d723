import { NEW_HEARING_WINDOW_DAYS } from '../../domain/contractors';
import { prepared } from '../../db/pool';
import { isoDate } from '../../nyc';
import type { DataStore } from '../../stores';
import { type CompanyRow, companiesBySlug, standingTicketOf, TICKET_RECORD_SELECT } from '../store';
import { type ContractorProfile, profileOf, type ProfileTickets } from './shape';

export type { ContractorProfile } from './shape';

/**
 * Which stored standings can be stale on the clock's day ($2): ticketStanding reads the clock
 * only for an undecided ticket (is its hearing ahead?) and for the window of a defaulted one
 * never reopened (status defaulted itself never depends on the clock; a summons reopened once
 * has no window again). Those are read whole and re-derived;
 * every other ticket's stored status, flags and money hold, so they are grouped in SQL by
 * what the risk reads (a date only where a factor weighs it). Never null (a default with
 * neither a decision nor a hearing date has no window), so every ticket is read one way or
 * the other.
 */
const MAY_BE_STALE = `((not t.decided and t.as_of <> $2::date)
  or coalesce(t.status = 'defaulted' and not t.reopened and coalesce(t.decision_date, t.hearing_date) + ${NEW_HEARING_WINDOW_DAYS} >= $2::date, false))`;

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
  const [groups, rederived] = await Promise.all([store.pg.query(prepared(GROUPS, values)), store.pg.query(prepared(REDERIVED, values))]);
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

/**
 * Profiles as computed, by data schema, company, revision and the clock's day. A profile is a
 * pure function of the company row, its tickets and the day, and the revision moves whenever
 * the company or any of its tickets is written (an ingest, a rederive). Every request reads the
 * company row anyway (a kept read, served only until a write to the contractor tables commits),
 * so a kept profile is current in every API process. The heaviest
 * companies' profiles read thousands of tickets (25 ms against 4 for a sampled company).
 */
const computed = new Map<string, ContractorProfile>();
const MAX_COMPUTED = 2000;

const computedKey = (store: DataStore, company: CompanyRow, asOf: Date) => `${store.schema}\n${company.slug}\n${company.revision}\n${isoDate(asOf)}`;

function keep(key: string, profile: ContractorProfile): void {
  computed.set(key, profile);
  // Insertion order is recency order: a hit moves its entry to the end, eviction takes from the front.
  for (const oldest of computed.keys()) {
    if (computed.size <= MAX_COMPUTED) break;
    computed.delete(oldest);
  }
}

/** Profiles by requested slug (an absorbed company's slug answers the absorber's profile). */
export async function contractorProfiles(store: DataStore, slugs: string[], asOf: Date): Promise<Map<string, ContractorProfile>> {
  const companies = await companiesBySlug(store, slugs);
  const bySlug = new Map<string, ContractorProfile>();
  const missing = new Map<string, CompanyRow>();
  for (const company of companies.values()) {
    const key = computedKey(store, company, asOf);
    const hit = computed.get(key);
    if (hit) {
      computed.delete(key);
      computed.set(key, hit);
      bySlug.set(company.slug, hit);
    } else missing.set(company.slug, company);
  }
  const tickets = await profileTickets(store, [...missing.keys()], asOf);
  for (const [slug, company] of missing) {
    const profile = profileOf(company, tickets.get(slug) ?? { groups: [], rederived: [] }, asOf);
    keep(computedKey(store, company, asOf), profile);
    bySlug.set(slug, profile);
  }
  return new Map([...companies].map(([requested, company]) => [requested, bySlug.get(company.slug)!]));
}
