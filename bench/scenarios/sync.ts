import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { CONTRACTORS_FILE, writeContractorsFile } from '../../ingest/generate/contractors-files';
import { generateRestaurants } from '../../ingest/generate/restaurants';
import { FAMILIES } from '../../ingest/families';
import { registered } from '../../ingest/families/registry';
import { upgradeIndices } from '../../ingest/index/rebuild';
import { silentProgress } from '../../ingest/load/progress';
import { syncDataset, type SyncSummary } from '../../ingest/sync/sync';
import { loadConfig } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { openStores, type Stores } from '../../src/stores';
import { CpuMeter, serverPids } from '../cpu';
import type { BenchContext, BenchScenario } from '../types';
import { resetNamespace } from './ingest';

/**
 * npm run sync against a portal at city scale (bench/portal/server.ts, its own process): the
 * generated OATH export at two sizes (BENCH_SYNC_SIZES, default 1 and 2 million summonses)
 * and ~300k restaurant rows, first synced whole into empty stores, then with nothing changed
 * and with 2,000, 20,000 and 200,000 OATH rows changed (0.1%, 1% and 10% of 2 million, the
 * same counts at every size). Each sync is applied and indexed
 * before it returns. CPU per process: the sync (this process), the portal, Postgres and
 * Elasticsearch.
 */

const NAMESPACE = 'bench_sync';
const SIZES = (process.env.BENCH_SYNC_SIZES ?? '1000000,2000000').split(',').map(Number);
const ESTABLISHMENTS = Number(process.env.BENCH_INGEST_ESTABLISHMENTS ?? 27_000);
/**
 * OATH rows changed between syncs (BENCH_SYNC_DELTAS): none, then 0.1%, 1% and 10% of 2
 * million, the same counts at every size (a delta's cost must not grow with the rows held).
 */
const DELTAS = (process.env.BENCH_SYNC_DELTAS ?? '0,2000,20000,200000').split(',').map(Number);
const repoRoot = path.resolve(__dirname, '..', '..');
const workDir = path.join(os.tmpdir(), 'nyc-api-bench-sync');
const OATH_ID = registered('oath')!.socrataId!;
const RESTAURANTS_ID = registered('restaurants')!.socrataId!;

async function oathFile(summonses: number): Promise<string> {
  const dir = path.join(workDir, `oath-${summonses}`);
  const file = path.join(dir, CONTRACTORS_FILE);
  if (!fs.existsSync(file)) await writeContractorsFile(dir, { fraction: summonses / 2_000_000, seed: 5 });
  return file;
}

async function restaurantsFile(): Promise<string> {
  const file = path.join(workDir, `restaurants-${ESTABLISHMENTS}.csv`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(workDir, { recursive: true });
    const out = fs.createWriteStream(file);
    await generateRestaurants(out, { establishments: ESTABLISHMENTS, seed: 7 });
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  return file;
}

/** The bench portal as a child process; resolves once it listens. */
function startPortal(): Promise<{ url: string; child: ChildProcess; call(method: string, pathAndQuery: string): Promise<Record<string, number>> }> {
  const child = spawn(process.execPath, ['--max-old-space-size=4096', path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(repoRoot, 'bench', 'portal', 'server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      const url = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
      const call = async (method: string, pathAndQuery: string) => {
        const res = await fetch(`${url}${pathAndQuery}`, { method });
        if (!res.ok) throw new Error(`bench portal: ${res.status} ${await res.text()}`);
        return (await res.json()) as Record<string, number>;
      };
      resolve({ url, child, call });
    });
  });
}

interface Timed {
  summary: SyncSummary;
  seconds: number;
  cpu: Record<string, number>;
}

async function timedSync(stores: Stores, portal: string, name: string, pids: Record<string, number | undefined>): Promise<Timed> {
  const meter = new CpuMeter(pids);
  meter.start();
  const started = performance.now();
  const summary = await syncDataset(stores.byMode.live, registered(name)!, { base: portal, progress: silentProgress });
  const seconds = (performance.now() - started) / 1000;
  const reading = meter.stop();
  if (summary.status !== 'synced') throw new Error(`${name} sync ${summary.status}: ${summary.error}`);
  return { summary, seconds, cpu: { sync: reading.loadGeneratorSeconds, ...reading.seconds } };
}

const cpuText = (cpu: Record<string, number>) =>
  Object.entries(cpu)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`)
    .join(', ');

async function benchSize(ctx: BenchContext, summonses: number, figures: Record<string, string | number>): Promise<Record<number, number>> {
  const [oath, restaurants] = [await oathFile(summonses), await restaurantsFile()];
  await resetNamespace(ctx, NAMESPACE);
  const config = { ...loadConfig(), databaseUrl: ctx.databaseUrl, elasticsearchUrl: ctx.elasticsearchUrl, namespace: NAMESPACE, storeTimeoutMs: 600_000, poolSize: 4, keptReads: false };
  await migrate(config.databaseUrl, NAMESPACE);
  const stores = openStores(config);
  const portal = await startPortal();
  const deltaSeconds: Record<number, number> = {};
  try {
    for (const family of FAMILIES) await upgradeIndices(stores.byMode.live, family, { progress: silentProgress });
    const oathRows = (await portal.call('POST', `/_bench/load?dataset=${OATH_ID}&file=${encodeURIComponent(oath)}`)).rows;
    const restaurantRows = (await portal.call('POST', `/_bench/load?dataset=${RESTAURANTS_ID}&file=${encodeURIComponent(restaurants)}`)).rows;
    const pids = { portal: portal.child.pid, Elasticsearch: serverPids(undefined).Elasticsearch, Postgres: serverPids(undefined).Postgres };
    const label = `${oathRows} OATH rows:`;
    ctx.log(`sync bench at ${oathRows} OATH rows and ${restaurantRows} restaurant rows`);
    for (const name of ['restaurants', 'oath']) {
      const first = await timedSync(stores, portal.url, name, pids);
      figures[`${label} first sync ${name}`] = `${first.summary.rowsFetched} rows in ${first.seconds.toFixed(1)} s (${Math.round(first.summary.rowsFetched / first.seconds)} rows/s); CPU s ${cpuText(first.cpu)}`;
      ctx.log(`${label} first sync ${name}: ${figures[`${label} first sync ${name}`]}`);
    }
    for (const rows of DELTAS) {
      if (rows) await portal.call('POST', `/_bench/change?dataset=${OATH_ID}&rows=${rows}&seed=${rows + summonses}`);
      const run = await timedSync(stores, portal.url, 'oath', pids);
      deltaSeconds[rows] = run.seconds;
      figures[`${label} OATH, ${rows ? `${rows} rows changed` : 'nothing changed'}`] =
        `${run.summary.rowsFetched} rows fetched, ${run.summary.rowsApplied} applied in ${run.seconds.toFixed(2)} s; CPU s ${cpuText(run.cpu)}`;
      // Logged as measured: a run that fails later keeps the figures before it.
      ctx.log(`${label} ${rows ? `${rows} rows changed` : 'nothing changed'}: ${figures[`${label} OATH, ${rows ? `${rows} rows changed` : 'nothing changed'}`]}`);
    }
  } finally {
    portal.child.kill();
    await stores.close();
  }
  return deltaSeconds;
}

const syncScenario: BenchScenario = {
  kind: 'task',
  name: 'sync',
  description: `npm run sync against a portal serving the generated OATH export (${SIZES.join(' and ')} summonses) and ${ESTABLISHMENTS} establishments (~300k rows): the first sync, then ${DELTAS.map((rows) => (rows ? rows.toLocaleString('en-US') : 'none')).join(', ')} OATH rows changed`,
  targets: 'a delta costs the same at both sizes (within 20%); 20,000 changed rows of 2 million synced, applied and indexed in <= 10 s; nothing changed in <= 1 s',
  async run(ctx) {
    const figures: Record<string, string | number> = {};
    const bySize: Array<Record<number, number>> = [];
    for (const size of SIZES) bySize.push(await benchSize(ctx, size, figures));
    if (bySize.length === 2) {
      for (const rows of DELTAS) {
        const [small, large] = [bySize[0][rows], bySize[1][rows]];
        figures[`${rows} rows changed: time at the larger size / the smaller`] = (large / small).toFixed(2);
      }
    }
    await resetNamespace(ctx, NAMESPACE);
    return figures;
  },
};

export const syncScenarios: BenchScenario[] = [syncScenario];
