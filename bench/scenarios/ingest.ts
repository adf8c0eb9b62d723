import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parse } from 'csv-parse';
import { Client } from 'pg';
import { httpCall } from '../../scripts/services/http';
import { PORTAL_HEADER, portalLine, PortalRow, writeLine } from '../../ingest/generate/csv-writer';
import { generateRestaurants } from '../../ingest/generate/restaurants';
import { schemaNames } from '../../src/db/schemas';
import type { BenchContext, BenchScenario } from '../types';

/**
 * The restaurant ingest at the real data set's size: a ~300k-row generated export loaded
 * into an empty namespace by the real command line (its own process, so its peak RSS is
 * its own), then verified; then the same file with 1% of its rows changed.
 */

const ESTABLISHMENTS = Number(process.env.BENCH_INGEST_ESTABLISHMENTS ?? 27_000);
const NAMESPACE = 'bench_ingest';
const repoRoot = path.resolve(__dirname, '..', '..');
const workDir = path.join(os.tmpdir(), 'nyc-api-bench-ingest');
const fullFile = path.join(workDir, `restaurants-${ESTABLISHMENTS}.csv`);
const changedFile = path.join(workDir, `restaurants-${ESTABLISHMENTS}-1pct.csv`);

export interface CliRun {
  seconds: number;
  output: string;
  code: number;
}

/** The ingest command line in its own process (its peak RSS is its own) on a namespace. */
export function runCli(args: string[], ctx: BenchContext, namespace = NAMESPACE): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(repoRoot, 'scripts', 'ingest.ts'), ...args], {
      env: { ...process.env, DATA_NAMESPACE: namespace, DATABASE_URL: ctx.databaseUrl, ELASTICSEARCH_URL: ctx.elasticsearchUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    readline.createInterface({ input: child.stdout! }).on('line', (line) => (output += `${line}\n`));
    child.stderr!.on('data', () => undefined);
    child.on('exit', (code) => resolve({ seconds: (Date.now() - started) / 1000, output, code: code ?? 1 }));
  });
}

export const field = (output: string, label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(output)?.[1] ?? '?';

/** Drops the namespace's schemas and indices: the next ingest starts from empty stores. */
export async function resetNamespace(ctx: BenchContext, namespace = NAMESPACE): Promise<void> {
  const pg = new Client({ connectionString: ctx.databaseUrl });
  await pg.connect();
  for (const schema of Object.values(schemaNames(namespace))) await pg.query(`drop schema if exists ${schema} cascade`);
  await pg.end();
  await httpCall('DELETE', `${ctx.elasticsearchUrl}/${namespace}_*?expand_wildcards=all`);
}

/** A copy of the export in which every hundredth row's violation description is amended. */
async function writeChangedCopy(): Promise<number> {
  const out = fs.createWriteStream(changedFile);
  await writeLine(out, `${PORTAL_HEADER.join(',')}\n`);
  let index = 0;
  let changed = 0;
  for await (const record of fs.createReadStream(fullFile).pipe(parse({ columns: true }))) {
    const row = record as PortalRow;
    if (index++ % 100 === 0) {
      row['VIOLATION DESCRIPTION'] = `${row['VIOLATION DESCRIPTION'] ?? ''} (amended)`;
      changed++;
    }
    await writeLine(out, portalLine(row));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return changed;
}

const fullIngest: BenchScenario = {
  kind: 'task',
  name: 'ingest-full',
  description: `npm run ingest -- restaurants on a generated export of ${ESTABLISHMENTS} establishments (~300k rows) into empty stores, then ingest verify`,
  targets: 'under 2 minutes; memory bounded',
  async run(ctx) {
    fs.mkdirSync(workDir, { recursive: true });
    const out = fs.createWriteStream(fullFile);
    const { rows } = await generateRestaurants(out, { establishments: ESTABLISHMENTS, seed: 7 });
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    await resetNamespace(ctx);
    ctx.log(`ingesting ${rows} rows`);
    const ingest = await runCli(['restaurants', '--file', fullFile], ctx);
    if (ingest.code !== 0) throw new Error(`ingest failed:\n${ingest.output}`);
    const verify = await runCli(['verify'], ctx);
    const again = await runCli(['restaurants', '--file', fullFile], ctx);
    return {
      rows,
      seconds: ingest.seconds.toFixed(1),
      rowsPerSec: Math.round(rows / ingest.seconds),
      establishmentsChanged: field(ingest.output, 'establishments changed'),
      documentsIndexed: field(ingest.output, 'documents indexed'),
      peakRssMB: field(ingest.output, 'peak RSS'),
      verify: verify.code === 0 ? `passed (${verify.seconds.toFixed(1)} s)` : `FAILED\n${verify.output}`,
      rerunSameFile: `${again.seconds.toFixed(1)} s, establishments changed ${field(again.output, 'establishments changed')}`,
    };
  },
};

const changedIngest: BenchScenario = {
  kind: 'task',
  name: 'ingest-1pct',
  description: 'the same export with 1% of rows changed, ingested over the stores ingest-full left (the unchanged establishments are skipped before their rows are parsed)',
  targets: 'at most 5 s',
  async run(ctx) {
    if (!fs.existsSync(fullFile)) throw new Error('run ingest-full first');
    const changedRows = await writeChangedCopy();
    const ingest = await runCli(['restaurants', '--file', changedFile], ctx);
    if (ingest.code !== 0) throw new Error(`ingest failed:\n${ingest.output}`);
    const verify = await runCli(['verify'], ctx);
    return {
      changedRows,
      seconds: ingest.seconds.toFixed(1),
      phases: /reading .*final indexing \S+ s/.exec(ingest.output)?.[0] ?? '?',
      establishmentsChanged: field(ingest.output, 'establishments changed'),
      documentsIndexed: field(ingest.output, 'documents indexed'),
      peakRssMB: field(ingest.output, 'peak RSS'),
      verify: verify.code === 0 ? `passed (${verify.seconds.toFixed(1)} s)` : `FAILED\n${verify.output}`,
    };
  },
};

export const ingestScenarios: BenchScenario[] = [fullIngest, changedIngest];
