import { ECB_DEFAULT_HEARING_STATUS, propertyRisk, type RiskFinding } from '../../domain/properties/risk';
import { clockOf } from '../../platform/fixture-clock';
import type { DataStore } from '../../stores';
import { recordCounts } from '../records';
import type { PropertyProfile } from './types';

/**
 * The property profile, read through a cache (migration 404_property_profile_cache.sql).
 * An entry is served while it was computed for the lot's current version (every change to
 * any of the lot's records gives the lot a new version, so an ingest that changes the lot
 * makes its entry stale at once) and less than 6 hours ago on the mode's clock (now for
 * live keys, the fixture reference date for test keys). Otherwise the profile is computed
 * from the tables and the entry replaced.
 */

export const PROFILE_CACHE_HOURS = 6;
const HOUR_MS = 3_600_000;

/** At most this many finding groups per lot feed the risk score (newest issue dates first). */
export const MAX_FINDING_GROUPS_PER_LOT = 2000;

interface LotRow {
  bbl: string;
  version: string;
  address: string | null;
  borough: string;
  cached: PropertyProfile | null;
}

/** Profiles of the lots on record among `bbls` (distinct, well-formed); unknown lots are absent. */
export async function propertyProfiles(store: DataStore, bbls: string[], now: () => Date = () => new Date()): Promise<Map<string, PropertyProfile>> {
  const out = new Map<string, PropertyProfile>();
  if (bbls.length === 0) return out;
  const asOf = clockOf(store, now);
  const { rows } = await store.pg.query<LotRow>(
    `select l.bbl, l.version, l.address, l.borough, c.profile as cached
       from property_lots l
       left join property_profile_cache c
         on c.bbl = l.bbl and c.version = l.version and c.computed_at > $2 and c.computed_at <= $3
      where l.bbl = any($1::text[])`,
    [bbls, new Date(asOf.getTime() - PROFILE_CACHE_HOURS * HOUR_MS), asOf],
  );
  const misses = rows.filter((row) => row.cached === null);
  const computed = await computeProfiles(store, misses, asOf);
  if (computed.length > 0) await storeProfiles(store, computed, asOf);
  const fresh = new Map(computed.map((entry) => [entry.profile.bbl, entry.profile]));
  for (const row of rows) out.set(row.bbl, row.cached ?? fresh.get(row.bbl)!);
  return out;
}

interface Computed {
  version: string;
  profile: PropertyProfile;
}

interface AgencyRow {
  bbl: string;
  agency: string;
  open: string;
  imposed: string;
  due: string;
  defaulted: string;
}

interface FindingRow {
  bbl: string;
  issued_at: string | null;
  is_open: boolean;
  defaulted: boolean;
  defaulted_at: string | null;
  has_due: boolean;
  n: string;
}

async function computeProfiles(store: DataStore, lots: LotRow[], asOf: Date): Promise<Computed[]> {
  if (lots.length === 0) return [];
  const bbls = lots.map((lot) => lot.bbl);
  const defaulted = `(source_dataset = 'ecb-violations' and status_columns->>'hearingStatus' = $2)`;
  const [agencies, findings, totals] = await Promise.all([
    store.pg.query<AgencyRow>(
      `select bbl, agency, count(*) filter (where is_open) as open, sum(penalty_imposed_cents) as imposed,
              sum(penalty_due_cents) as due, count(*) filter (where ${defaulted}) as defaulted
         from property_violations where bbl = any($1::text[]) group by bbl, agency`,
      [bbls, ECB_DEFAULT_HEARING_STATUS],
    ),
    // Violations alike for the score are one group; a lot's groups are bounded by its distinct issue dates.
    store.pg.query<FindingRow>(
      `select bbl, issued_at, is_open, defaulted, defaulted_at, has_due, n from (
         select bbl, issued_at::text, is_open, defaulted, defaulted_at::text, has_due, count(*) as n,
                row_number() over (partition by bbl order by issued_at desc nulls last) as rank
           from (select bbl, issued_at, is_open, ${defaulted} as defaulted,
                        case when ${defaulted} then coalesce(status_at, issued_at) end as defaulted_at,
                        penalty_due_cents > 0 as has_due
                   from property_violations where bbl = any($1::text[])) v
          group by bbl, issued_at, is_open, defaulted, defaulted_at, has_due) g
        where rank <= $3`,
      [bbls, ECB_DEFAULT_HEARING_STATUS, MAX_FINDING_GROUPS_PER_LOT],
    ),
    recordCounts(store, bbls),
  ]);
  return lots.map((lot) => {
    const mine = agencies.rows.filter((row) => row.bbl === lot.bbl);
    const sum = (field: 'open' | 'imposed' | 'due' | 'defaulted') => mine.reduce((total, row) => total + Number(row[field]), 0);
    const riskFindings: RiskFinding[] = findings.rows
      .filter((row) => row.bbl === lot.bbl)
      .map((row) => ({ issuedAt: row.issued_at, isOpen: row.is_open, defaulted: row.defaulted, defaultedAt: row.defaulted_at, hasBalanceDue: row.has_due, count: Number(row.n) }));
    const finesDueCents = sum('due');
    const risk = propertyRisk({ findings: riskFindings, finesDueCents }, asOf);
    const profile: PropertyProfile = {
      bbl: lot.bbl,
      address: lot.address ?? '',
      borough: lot.borough,
      riskLevel: risk.level,
      riskScore: risk.score,
      openViolations: sum('open'),
      totalRecords: totals.get(lot.bbl) ?? 0,
      finesImposedCents: sum('imposed'),
      finesDueCents,
      defaultedHearings: sum('defaulted'),
      agencies: mine
        .map((row) => ({ agency: row.agency, openCount: Number(row.open) }))
        .sort((a, b) => b.openCount - a.openCount || (a.agency < b.agency ? -1 : a.agency > b.agency ? 1 : 0)),
      riskFactors: risk.factors.map(({ key, label, count, points, detail }) => ({ key, label, count, points, detail })),
    };
    return { version: lot.version, profile };
  });
}

/** Writes the entries; an entry never replaces one computed for a later version of the lot. */
async function storeProfiles(store: DataStore, computed: Computed[], asOf: Date): Promise<void> {
  await store.pg.query(
    `insert into property_profile_cache (bbl, version, computed_at, profile)
     select bbl, version, $3, profile from unnest($1::text[], $2::bigint[], $4::json[]) as e(bbl, version, profile)
     on conflict (bbl) do update set version = excluded.version, computed_at = excluded.computed_at, profile = excluded.profile
      where property_profile_cache.version <= excluded.version`,
    [computed.map((entry) => entry.profile.bbl), computed.map((entry) => entry.version), asOf, computed.map((entry) => JSON.stringify(entry.profile))],
  );
}
