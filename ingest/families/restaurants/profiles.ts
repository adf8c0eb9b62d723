import type { PoolClient } from 'pg';
import { deriveProfile } from '../../../src/domain/restaurants/profile';
import { isoDate } from '../../../src/domain/restaurants/recency';
import type { DerivedProfile, EstablishmentHistory } from '../../../src/restaurants/types';
import { loadHistories } from './histories';

/**
 * Recomputes the derived profile of each establishment from its stored records and the
 * clock, and writes those that differ from what is stored. Returns the CAMIS written.
 * `known` histories are used as they are: an establishment inserted in this transaction
 * has no records but the ones just written, so reading them back would be wasted work.
 */
export async function refreshProfiles(client: PoolClient, camis: string[], asOf: Date, known: Map<string, EstablishmentHistory> = new Map()): Promise<string[]> {
  if (camis.length === 0) return [];
  const stored = await loadHistories(client, camis.filter((value) => !known.has(value)));
  const histories = camis.map((value) => known.get(value) ?? stored.get(value)).filter((history): history is EstablishmentHistory => history !== undefined);
  const profiles: DerivedProfile[] = histories.map((history) => deriveProfile(history, asOf));
  const column = <T>(get: (p: DerivedProfile) => T) => profiles.map(get);
  const json = (value: unknown) => JSON.stringify(value);
  const { rows } = await client.query(
    `insert into restaurant_profiles (camis, as_of, grade, grade_date, score, closed, risk_score, risk_level, last_inspected_at,
       open_violations, last_vermin_at, summary, risk, vermin, sanitary, stats, vermin_dates)
     select u.camis, $2::date, u.grade, u.grade_date, u.score, u.closed, u.risk_score, u.risk_level, u.last_inspected_at,
       u.open_violations, u.last_vermin_at, u.summary, u.risk, u.vermin, u.sanitary, u.stats,
       array(select jsonb_array_elements_text(u.vermin_dates)::date)
     from unnest($1::text[], $3::text[], $4::date[], $5::integer[], $6::boolean[], $7::integer[], $8::text[], $9::date[],
       $10::integer[], $11::date[], $12::jsonb[], $13::jsonb[], $14::jsonb[], $15::jsonb[], $16::jsonb[], $17::jsonb[])
       as u(camis, grade, grade_date, score, closed, risk_score, risk_level, last_inspected_at, open_violations, last_vermin_at,
            summary, risk, vermin, sanitary, stats, vermin_dates)
     on conflict (camis) do update set as_of = excluded.as_of, grade = excluded.grade, grade_date = excluded.grade_date,
       score = excluded.score, closed = excluded.closed, risk_score = excluded.risk_score, risk_level = excluded.risk_level,
       last_inspected_at = excluded.last_inspected_at, open_violations = excluded.open_violations, last_vermin_at = excluded.last_vermin_at,
       summary = excluded.summary, risk = excluded.risk, vermin = excluded.vermin, sanitary = excluded.sanitary, stats = excluded.stats,
       vermin_dates = excluded.vermin_dates
     where (restaurant_profiles.summary, restaurant_profiles.grade_date, restaurant_profiles.risk, restaurant_profiles.vermin,
            restaurant_profiles.sanitary, restaurant_profiles.stats, restaurant_profiles.vermin_dates)
       is distinct from (excluded.summary, excluded.grade_date, excluded.risk, excluded.vermin, excluded.sanitary, excluded.stats, excluded.vermin_dates)
     returning camis`,
    [
      column((p) => p.summary.camis),
      isoDate(asOf),
      column((p) => p.summary.grade),
      column((p) => p.gradeDate),
      column((p) => p.summary.score),
      column((p) => p.summary.closed),
      column((p) => p.summary.riskScore),
      column((p) => p.summary.riskLevel),
      column((p) => p.summary.lastInspectedAt),
      column((p) => p.summary.openViolations),
      column((p) => p.verminDates[0] ?? null),
      column((p) => json(p.summary)),
      column((p) => json(p.risk)),
      column((p) => json(p.vermin)),
      column((p) => json(p.sanitary)),
      column((p) => json(p.stats)),
      column((p) => json(p.verminDates)),
    ],
  );
  return rows.map((row) => row.camis as string);
}
