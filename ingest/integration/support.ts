import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataStore } from '../../src/stores';
import { generateRestaurants } from '../generate/restaurants';

/** Row counts of the canonical and derived tables of a store. */
export async function tableCounts(store: DataStore): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['restaurant_establishments', 'restaurant_inspections', 'restaurant_citations', 'restaurant_profiles', 'restaurant_outbox']) {
    counts[table] = (await store.pg.query(`select count(*)::int as n from ${table}`)).rows[0].n;
  }
  return counts;
}

/** Everything derived and canonical, as comparable text (versions excluded). */
export async function storeSnapshot(store: DataStore): Promise<string> {
  const parts: unknown[] = [];
  parts.push((await store.pg.query('select camis, name, address, borough, zip, latitude, longitude from restaurant_establishments order by camis')).rows);
  // Records without their row versions (stamped from a sequence: they say when, not what).
  const records = (rows: Array<Record<string, unknown>>) => rows.map(({ version: _version, ...record }) => record);
  parts.push(records((await store.pg.query('select * from restaurant_inspections order by camis, inspected_at, inspection_type')).rows));
  parts.push(records((await store.pg.query('select * from restaurant_citations order by camis, inspected_at, inspection_type, code')).rows));
  parts.push((await store.pg.query('select camis, summary, risk, vermin, sanitary, stats from restaurant_profiles order by camis')).rows);
  return JSON.stringify(parts);
}

/** Versions of every establishment: unchanged versions prove a run wrote nothing. */
export async function versions(store: DataStore): Promise<Record<string, number>> {
  const { rows } = await store.pg.query('select camis, version from restaurant_establishments');
  return Object.fromEntries(rows.map((row) => [row.camis, Number(row.version)]));
}

export async function generatedFile(establishments: number, seed: number): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restaurants-'));
  const file = path.join(dir, `generated-${establishments}-${seed}.csv`);
  const out = fs.createWriteStream(file);
  await generateRestaurants(out, { establishments, seed });
  await new Promise<void>((resolve) => out.end(resolve));
  return file;
}
