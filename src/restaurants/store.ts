import { keptRows } from '../db/kept-reads';
import { prepared } from '../db/pool';
import { orderBySchema } from '../contract/order';
import { communityFigures } from '../community/figures';
import type { OpenApiDocument } from '../contract/types';
import type { DataStore } from '../stores';
import { clockOf } from '../platform/fixture-clock';
import type { DerivedProfile, Inspection, Violation, ViolationCategory, RestaurantSummary, Borough } from './types';
import { withOathFactor } from '../domain/restaurants/oath-risk';
import { typeahead } from '../search/typeahead';
import type { RestaurantSearchQuery } from './openapi';
import { RESTAURANT_TYPEAHEAD } from './queries';
import { contractorFigures, emptySummonses, type LinkEstablishment, type RestaurantSummonses } from '../contractors/figures';
import { isoDate } from '../nyc';

/** Postgres reads of the restaurant family: profiles, history and citations. */

/** Longest lists a single-establishment history answer returns (no real establishment comes close). */
export const MAX_INSPECTIONS = 500;
export const MAX_VIOLATIONS = 2000;
/** A CAMIS is digits; anything else cannot be on record. */
const CAMIS_SHAPE = /^\d{1,10}$/;

export const isCamis = (value: string) => CAMIS_SHAPE.test(value);

type StoredProfile = Omit<DerivedProfile, 'verminDates'>;

/** Derived profiles as stored at ingest, keyed by camis (unknown ids absent). */
async function storedProfiles(store: DataStore, camis: string[]): Promise<Map<string, StoredProfile>> {
  const wanted = camis.filter(isCamis);
  if (wanted.length === 0) return new Map();
  // Prepared: each pooled connection plans it once (a profile is read on every page view).
  const rows = await keptRows(store, prepared('select camis, summary, grade_date, risk, vermin, sanitary, stats from restaurant_profiles where camis = any($1)', [wanted]));
  return new Map(
    rows.map((row) => [row.camis as string, { summary: row.summary, gradeDate: row.grade_date, risk: row.risk, vermin: row.vermin, sanitary: row.sanitary, stats: row.stats }]),
  );
}

const PROFILE_SCHEMA = { $ref: '#/components/schemas/RestaurantProfile' };

/**
 * Full profiles (spec "Restaurant profile") of the known ids, with the community and
 * remediation blocks (read through the community family's declared figures, not its
 * store); the sanitary owner-response signal follows the remediation block.
 * Keys come out in the order of the contract `doc` (the JSONB blocks are stored in Postgres's).
 */
export async function loadProfiles(store: DataStore, camis: string[], doc: OpenApiDocument): Promise<Map<string, Record<string, unknown>>> {
  const asOf = clockOf(store);
  // The reads are independent: one round trip of latency instead of several (blocks of unknown ids are simply unused).
  const [profiles, community, remediation, summonses] = await Promise.all([
    storedProfiles(store, camis),
    communityFigures.communityBlocks(store, camis, asOf),
    communityFigures.remediationBlocks(store, camis, asOf),
    restaurantSummonses(store, camis.filter(isCamis), asOf),
  ]);
  const found = [...profiles.keys()];
  const out = new Map<string, Record<string, unknown>>();
  for (const id of found) {
    const profile = profiles.get(id)!;
    const fixes = remediation.get(id) ?? null;
    // The OATH fields and risk factor: summonses linked at read time through the contractors' figures.
    const oath = summonses.get(id)!;
    const answer = {
      restaurant: profile.summary,
      gradeDate: profile.gradeDate,
      risk: withOathFactor(profile.risk, oath.findings, asOf),
      vermin: profile.vermin,
      sanitary: { ...profile.sanitary, ownerResponseSignal: fixes && fixes.documentedOpenViolations >= 1 ? 'documented_fixes' : null },
      stats: {
        ...profile.stats,
        oathSummonses: oath.oathSummonses,
        finesImposedCents: oath.finesImposedCents,
        finesDueCents: oath.finesDueCents,
        defaultedHearings: oath.defaultedHearings,
      },
      community: community.get(id),
      remediation: fixes,
    };
    out.set(id, orderBySchema(answer, PROFILE_SCHEMA, doc) as Record<string, unknown>);
  }
  return out;
}

/** The latest inspection date of a known establishment; undefined when the camis is unknown. */
async function latestInspection(store: DataStore, camis: string): Promise<string | null | undefined> {
  if (!isCamis(camis)) return undefined;
  const { rows } = await store.pg.query('select last_inspected_at from restaurant_profiles where camis = $1', [camis]);
  return rows.length ? (rows[0].last_inspected_at as string | null) : undefined;
}

function violationOf(row: Record<string, unknown>): Violation {
  return {
    code: row.code as string,
    description: row.description as string,
    critical: row.critical as boolean,
    inspectedAt: row.inspected_at as string,
    inspectionType: (row.inspection_type as string) || null,
    category: row.category as ViolationCategory,
  };
}

/** Every visit, newest first, with its citations; null when the camis is unknown. */
export async function loadInspections(store: DataStore, camis: string): Promise<Inspection[] | null> {
  if ((await latestInspection(store, camis)) === undefined) return null;
  const visits = await store.pg.query(
    `select inspected_at, inspection_type, score, grade, action, closure from restaurant_inspections where camis = $1
     order by inspected_at desc, inspection_type limit $2`,
    [camis, MAX_INSPECTIONS],
  );
  const citations = await store.pg.query(
    `select c.inspected_at, c.inspection_type, c.code, c.description, c.critical, c.category from restaurant_citations c
     where c.camis = $1 and c.inspected_at >= coalesce($2::date, '-infinity') order by c.code`,
    [camis, visits.rows.length ? visits.rows[visits.rows.length - 1].inspected_at : null],
  );
  const byVisit = new Map<string, Violation[]>();
  for (const row of citations.rows) {
    const key = `${row.inspected_at}|${row.inspection_type}`;
    const list = byVisit.get(key) ?? [];
    list.push(violationOf(row));
    byVisit.set(key, list);
  }
  return visits.rows.map((row) => ({
    inspectedAt: row.inspected_at,
    type: row.inspection_type || null,
    score: row.score,
    grade: row.grade,
    action: row.action,
    closedRestaurant: row.closure === 'closed' || row.closure === 'reclosed',
    violations: byVisit.get(`${row.inspected_at}|${row.inspection_type}`) ?? [],
  }));
}

/**
 * Citations newest first; open=true: those of the latest inspection date (what
 * openViolations counts), open=false: the others. null when the camis is unknown.
 */
export async function loadViolations(store: DataStore, camis: string, open?: boolean): Promise<Violation[] | null> {
  const latest = await latestInspection(store, camis);
  if (latest === undefined) return null;
  if (open === true && latest === null) return [];
  const condition = open === undefined || latest === null ? '' : open ? 'and inspected_at = $3' : 'and inspected_at <> $3';
  const params: unknown[] = [camis, MAX_VIOLATIONS];
  if (condition) params.push(latest);
  const { rows } = await store.pg.query(
    `select inspected_at, inspection_type, code, description, critical, category from restaurant_citations
     where camis = $1 ${condition} order by inspected_at desc, inspection_type, code limit $2`,
    params,
  );
  return rows.map(violationOf);
}

/** The typeahead's one search a keystroke (the kit, src/search/typeahead.ts, on the family's table), uncached. */
export function searchRestaurants(store: DataStore, params: RestaurantSearchQuery): Promise<Array<RestaurantSummary & { distanceMeters?: number }>> {
  return restaurantTypeahead.search(store, params);
}

const restaurantTypeahead = typeahead(RESTAURANT_TYPEAHEAD);

/**
 * The OATH summonses of establishments, read through the contractors family's declared
 * figures (never its store): this family hands over its own facts of the establishments on
 * the same lots (BBL, address, dba, inspection dates) and gets the four RestaurantStats
 * fields and the findings of the oath_summonses risk factor back.
 */

/** Most establishments weighed on the asked-about lots together (a mall or a terminal holds dozens). */
export const MAX_LOT_ESTABLISHMENTS = 2000;

export async function restaurantSummonses(store: DataStore, camis: string[], asOf: Date): Promise<Map<string, RestaurantSummonses>> {
  const out = new Map(camis.map((id) => [id, emptySummonses()]));
  if (camis.length === 0) return out;
  const today = isoDate(asOf);
  // Every establishment on the asked-about lots, with its inspection dates up to the clock.
  // Prepared: each pooled connection plans it once (read with every profile).
  const rows = await keptRows(
    store,
    prepared(
      `with lots as (select distinct bbl from restaurant_establishments where camis = any($1) and bbl is not null),
     tenants as (select e.camis, e.name, e.building, e.street, e.borough, e.bbl from restaurant_establishments e join lots using (bbl)
                 order by e.camis limit $3)
     select t.*, coalesce((select array_agg(distinct i.inspected_at::text) from restaurant_inspections i
                           where i.camis = t.camis and i.inspected_at <= $2::date), '{}') as dates
     from tenants t`,
      [camis, today, MAX_LOT_ESTABLISHMENTS],
    ),
  );
  if (rows.length === 0) return out;
  const establishments: LinkEstablishment[] = rows.map((row) => ({
    camis: row.camis,
    bbl: row.bbl,
    building: row.building,
    street: row.street,
    borough: row.borough as Borough,
    name: row.name,
    inspectionDates: row.dates as string[],
  }));
  const linked = await contractorFigures.restaurantSummonses(store, establishments, asOf);
  for (const id of camis) {
    const figures = linked.get(id);
    if (figures) out.set(id, figures);
  }
  return out;
}
