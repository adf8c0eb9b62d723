import { spawn } from 'node:child_process';
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

export interface ScriptRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Its standard output and error, interleaved as written. */
  output: string;
}

/**
 * A command line of scripts/ (`npm run <script> -- <args>`) run as one process (node --import
 * tsx: no wrapper to outlive a kill) into this data namespace, killed with SIGKILL after
 * `killAfterMs` when given. A run that neither finishes nor is killed is a hang: it is killed
 * after two minutes.
 */
export function runScript(script: string, args: readonly string[], namespace: string, killAfterMs?: number): Promise<ScriptRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { ...process.env, DATA_NAMESPACE: namespace },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const killer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const limit = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      clearTimeout(killer);
      clearTimeout(limit);
      resolve({ code, signal, output });
    }),
  );
}

/** One killed run: when the kill was sent, and how the process ended. */
export interface KilledRun {
  afterMs: number;
  signal: NodeJS.Signals | null;
  code: number | null;
}

/**
 * Three runs of a command, each killed at a random moment `fromMs` to `fromMs + 5000` ms in
 * (start-up, reading, applying, indexing); a run the kill came too late for must still have
 * succeeded. Returns the kills: a test's assertions carry them, printed on failure to replay them.
 */
export async function killedRuns(run: (killAfterMs: number) => Promise<ScriptRun>, fromMs: number): Promise<KilledRun[]> {
  const killed: KilledRun[] = [];
  for (const afterMs of Array.from({ length: 3 }, () => fromMs + Math.floor(Math.random() * 5000))) {
    const ended = await run(afterMs);
    killed.push({ afterMs, signal: ended.signal, code: ended.code });
    if (ended.signal !== 'SIGKILL') expect({ afterMs, code: ended.code, output: ended.output }).toEqual({ afterMs, code: 0, output: expect.any(String) });
  }
  return killed;
}
