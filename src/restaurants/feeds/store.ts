import { clockOf } from '../../platform/fixture-clock';
import type { DataStore } from '../../stores';

/** Enumerations and aggregates, read from Postgres (the canonical tables). */

/** Bound on the enumerations (the city uses about 90 cuisines and 150 codes). */
const MAX_ENUMERATION = 1000;

export async function cuisines(store: DataStore): Promise<string[]> {
  const { rows } = await store.pg.query(
    'select cuisine from restaurant_establishments where cuisine is not null group by cuisine order by count(*) desc, cuisine limit $1',
    [MAX_ENUMERATION],
  );
  return rows.map((row) => row.cuisine as string);
}

export async function violationCodes(store: DataStore): Promise<Array<{ code: string; description: string; category: string }>> {
  const { rows } = await store.pg.query(
    `select v.code, v.description, v.category from restaurant_violation_codes v
     left join (select code, count(*) as n from restaurant_citations group by code) c on c.code = v.code
     order by coalesce(c.n, 0) desc, v.code limit $1`,
    [MAX_ENUMERATION],
  );
  return rows.map((row) => ({ code: row.code, description: row.description, category: row.category }));
}

export interface Aggregates {
  establishments: number;
  byGrade: Record<string, number>;
  byBorough: Record<string, number>;
  violationsLast30Days: number;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The aggregates as of the store's clock (now, or the fixture reference date in test mode). */
export async function restaurantAggregates(store: DataStore, narrow: { borough?: string; cuisine?: string }): Promise<Aggregates> {
  const today = clockOf(store);
  const yearAgo = new Date(today);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  const monthAgo = new Date(today.getTime() - 29 * 86_400_000);
  // A cuisine is matched case-insensitively, as the cuisine filters of the lists are.
  const where = '($1::text is null or e.borough = $1) and ($2::text is null or lower(e.cuisine) = lower($2))';
  const params = [narrow.borough ?? null, narrow.cuisine ?? null];
  const [boroughs, grades, recent] = await Promise.all([
    store.pg.query(`select e.borough, count(*) as n from restaurant_establishments e where ${where} group by e.borough order by e.borough`, params),
    store.pg.query(
      `select i.grade, count(distinct i.camis) as n from restaurant_inspections i join restaurant_establishments e using (camis)
       where ${where} and i.grade is not null and i.inspected_at > $3 and i.inspected_at <= $4 group by i.grade order by i.grade`,
      [...params, isoDay(yearAgo), isoDay(today)],
    ),
    store.pg.query(
      `select count(*) as n from restaurant_citations c join restaurant_establishments e using (camis) where ${where} and c.inspected_at >= $3 and c.inspected_at <= $4`,
      [...params, isoDay(monthAgo), isoDay(today)],
    ),
  ]);
  const byBorough = Object.fromEntries(boroughs.rows.map((row) => [row.borough as string, row.n as number]));
  return {
    establishments: Object.values(byBorough).reduce((sum, n) => sum + n, 0),
    byGrade: Object.fromEntries(grades.rows.map((row) => [row.grade as string, row.n as number])),
    byBorough,
    violationsLast30Days: recent.rows[0].n as number,
  };
}
