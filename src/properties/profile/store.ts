import { isoDate } from '../../nyc/dates';
import { ECB_DEFAULT_HEARING_STATUS, HALF_LIFE_DAYS, propertyRisk, RECENT_WINDOW_DAYS, type RiskFinding, type RiskFindingTotals, WEIGHT_FLOOR } from '../../domain/properties/risk';
import { clockOf } from '../../platform/fixture-clock';
import type { DataStore } from '../../stores';
import { recordCounts } from '../store';
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

/**
 * The profile computation's revision: bump it with any change to what a profile of the same
 * records says, and cached entries of the old computation are no longer served.
 * 1: risk factors count and weigh every finding (the newest 2,000 groups only before).
 */
export const PROFILE_FORMULA = 1;
const HOUR_MS = 3_600_000;

/**
 * At most this many finding groups per lot are read one by one (newest issue dates first);
 * the lot's older groups are summed per factor in Postgres (FOLDED_TOTALS), so every finding
 * counts and weighs whatever the lot's size, and the read stays bounded.
 */
export const MAX_FINDING_GROUPS_PER_LOT = 2000;

interface LotRow {
  bbl: string;
  version: string;
  address: string | null;
  borough: string;
  cached: PropertyProfile | null;
}

/** Profiles of the lots on record among `bbls` (distinct, well-formed); unknown lots are absent. */
export async function propertyProfiles(
  store: DataStore,
  bbls: string[],
  now: () => Date = () => new Date(),
  maxFindingGroups = MAX_FINDING_GROUPS_PER_LOT,
): Promise<Map<string, PropertyProfile>> {
  const out = new Map<string, PropertyProfile>();
  if (bbls.length === 0) return out;
  const asOf = clockOf(store, now);
  const { rows } = await store.pg.query<LotRow>(
    `select l.bbl, l.version, l.address, l.borough, c.profile as cached
       from property_lots l
       left join property_profile_cache c
         on c.bbl = l.bbl and c.version = l.version and c.formula = $4 and c.computed_at > $2 and c.computed_at <= $3
      where l.bbl = any($1::text[])`,
    [bbls, new Date(asOf.getTime() - PROFILE_CACHE_HOURS * HOUR_MS), asOf, PROFILE_FORMULA],
  );
  const misses = rows.filter((row) => row.cached === null);
  const computed = await computeProfiles(store, misses, asOf, maxFindingGroups);
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

interface FoldedRow {
  bbl: string;
  open_n: string;
  open_w: number;
  defaulted_n: string;
  defaulted_w: number;
  recent_n: string;
  recent_w: number;
  due_n: string;
}

/** An ECB hearing that became a default judgment ($2 the hearing status of a default). */
const DEFAULTED = `(source_dataset = 'ecb-violations' and status_columns->>'hearingStatus' = $2)`;

/**
 * Violations alike for the score are one group, ranked newest issue date first: $1 the lots,
 * $2 the ECB hearing status of a default. A lot's groups are bounded by its distinct issue dates.
 */
const FINDING_GROUPS = `finding_groups as (
  select bbl, issued_at, is_open, defaulted, defaulted_at, has_due, count(*) as n,
         row_number() over (partition by bbl order by issued_at desc nulls last) as rank
    from (select bbl, issued_at, is_open,
                 ${DEFAULTED} as defaulted,
                 case when ${DEFAULTED} then coalesce(status_at, issued_at) end as defaulted_at,
                 penalty_due_cents > 0 as has_due
            from property_violations where bbl = any($1::text[])) v
   group by bbl, issued_at, is_open, defaulted, defaulted_at, has_due)`;

/**
 * findingWeight (src/domain/properties/risk.ts) in SQL, for a date column: $4 the clock's
 * day, $5 the floor, $6 the half-life in days; undated weighs the floor, a date after the
 * clock counts as today. The profile test checks it against the listed groups' weights.
 */
const weightOf = (date: string) => `case when ${date} is null then $5::float8 else $5::float8 + (1 - $5::float8) * power(0.5::float8, greatest(0, $4::date - ${date})::float8 / $6::float8) end`;

/** Issued less than the recent window ($7 days) before the clock's day, as propertyRisk counts it. */
const isRecent = (date: string) => `${date} is not null and greatest(0, $4::date - ${date}) < $7`;

/** The groups past the listed ones ($3 of them), summed per factor as propertyRisk sums them ($7 the recent window in days). */
const FOLDED_TOTALS = `with ${FINDING_GROUPS}
  select bbl,
         coalesce(sum(n) filter (where is_open), 0) as open_n,
         coalesce(sum(n * ${weightOf('issued_at')}) filter (where is_open), 0) as open_w,
         coalesce(sum(n) filter (where defaulted), 0) as defaulted_n,
         coalesce(sum(n * ${weightOf('coalesce(defaulted_at, issued_at)')}) filter (where defaulted), 0) as defaulted_w,
         coalesce(sum(n) filter (where ${isRecent('issued_at')}), 0) as recent_n,
         coalesce(sum(n * ${weightOf('issued_at')}) filter (where ${isRecent('issued_at')}), 0) as recent_w,
         coalesce(sum(n) filter (where has_due), 0) as due_n
    from finding_groups where rank > $3 group by bbl`;

function foldedTotals(row: FoldedRow | undefined): RiskFindingTotals | undefined {
  if (row === undefined) return undefined;
  return {
    open: { count: Number(row.open_n), weight: Number(row.open_w) },
    defaulted: { count: Number(row.defaulted_n), weight: Number(row.defaulted_w) },
    recent: { count: Number(row.recent_n), weight: Number(row.recent_w) },
    due: Number(row.due_n),
  };
}

async function computeProfiles(store: DataStore, lots: LotRow[], asOf: Date, maxFindingGroups: number): Promise<Computed[]> {
  if (lots.length === 0) return [];
  const bbls = lots.map((lot) => lot.bbl);
  const [agencies, findings, folded, totals] = await Promise.all([
    store.pg.query<AgencyRow>(
      `select bbl, agency, count(*) filter (where is_open) as open, sum(penalty_imposed_cents) as imposed,
              sum(penalty_due_cents) as due, count(*) filter (where ${DEFAULTED}) as defaulted
         from property_violations where bbl = any($1::text[]) group by bbl, agency`,
      [bbls, ECB_DEFAULT_HEARING_STATUS],
    ),
    // The newest groups one by one, the score's own weights applied to them...
    store.pg.query<FindingRow>(
      `with ${FINDING_GROUPS}
       select bbl, issued_at::text, is_open, defaulted, defaulted_at::text, has_due, n from finding_groups where rank <= $3`,
      [bbls, ECB_DEFAULT_HEARING_STATUS, maxFindingGroups],
    ),
    // ...and the rest summed per factor: one row per lot that has more.
    store.pg.query<FoldedRow>(FOLDED_TOTALS, [bbls, ECB_DEFAULT_HEARING_STATUS, maxFindingGroups, isoDate(asOf), WEIGHT_FLOOR, HALF_LIFE_DAYS, RECENT_WINDOW_DAYS]),
    recordCounts(store, bbls),
  ]);
  return lots.map((lot) => {
    const mine = agencies.rows.filter((row) => row.bbl === lot.bbl);
    const sum = (field: 'open' | 'imposed' | 'due' | 'defaulted') => mine.reduce((total, row) => total + Number(row[field]), 0);
    const riskFindings: RiskFinding[] = findings.rows
      .filter((row) => row.bbl === lot.bbl)
      .map((row) => ({ issuedAt: row.issued_at, isOpen: row.is_open, defaulted: row.defaulted, defaultedAt: row.defaulted_at, hasBalanceDue: row.has_due, count: Number(row.n) }));
    const finesDueCents = sum('due');
    const summed = foldedTotals(folded.rows.find((row) => row.bbl === lot.bbl));
    const risk = propertyRisk({ findings: riskFindings, finesDueCents, ...(summed ? { summed } : {}) }, asOf);
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
    `insert into property_profile_cache (bbl, version, computed_at, profile, formula)
     select bbl, version, $3, profile, $5 from unnest($1::text[], $2::bigint[], $4::json[]) as e(bbl, version, profile)
     on conflict (bbl) do update set version = excluded.version, computed_at = excluded.computed_at, profile = excluded.profile, formula = excluded.formula
      where property_profile_cache.version <= excluded.version`,
    [computed.map((entry) => entry.profile.bbl), computed.map((entry) => entry.version), asOf, computed.map((entry) => JSON.stringify(entry.profile)), PROFILE_FORMULA],
  );
}
