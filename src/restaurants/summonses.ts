import { keptRows } from '../db/kept-reads';
import { prepared } from '../db/pool';
import { contractorFigures, emptySummonses, type LinkEstablishment, type RestaurantSummonses } from '../contractors/figures';
import { isoDate } from '../nyc';
import type { DataStore } from '../stores';
import type { Borough } from './types';

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
