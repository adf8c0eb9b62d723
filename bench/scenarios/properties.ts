import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { datasetNamed, DOB_VIOLATIONS_LOAD, ECB_VIOLATIONS_LOAD, PLUTO_LOAD, PROPERTIES, type KeyedDataset } from '../../ingest/families';
import { PropertySet } from '../../ingest/generate/properties';
import { PROPERTY_FILES, writePropertyFiles } from '../../ingest/generate/properties-files';
import { refreshIndices } from '../../ingest/index/indices';
import { upgradeIndices } from '../../ingest/index/rebuild';
import { ingestDataset } from '../../ingest/load/pipeline';
import { fileSource } from '../../ingest/sources/source';
import type { BenchContext, BenchScenario, HttpRequestSpec } from '../types';
import { field, resetNamespace, runCli } from './ingest';

/**
 * The properties family on the generated New York set (ingest/generate/properties.ts) at
 * BENCH_PROPERTIES_FRACTION of the city's scale (default 0.1: 86,000 lots, ~190k DOB and
 * ~149k ECB violations, ~97k permits): address typeahead and profiles at a fixed offered
 * rate (open-loop), every docket followed to its end, and the full ingest of the set.
 */

const FRACTION = Number(process.env.BENCH_PROPERTIES_FRACTION ?? 0.1);
const READ_SEED = 11;
const INGEST_SEED = 7;
/** Offered rate of the open-loop scenarios (BENCH_RATE overrides it for every open-loop scenario). */
const RATE = 200;
const AS_OF = new Date('2026-04-01T00:00:00Z');
const INGEST_NAMESPACE = 'bench_ingest_properties';
const workDir = path.join(os.tmpdir(), 'nyc-api-bench-properties');
const repoRoot = path.resolve(__dirname, '..', '..');

/** The permit dataset joins once it is registered (`dob-permits` in ingest/families DATASETS). */
const permitsLoad = () => datasetNamed('dob-permits');

/** The data sets of the generated files, in load order: lots first, then the dockets. */
function loads(): Array<{ file: string; load: KeyedDataset<unknown> }> {
  const permits = permitsLoad();
  return [
    { file: PROPERTY_FILES.pluto, load: PLUTO_LOAD as KeyedDataset<unknown> },
    { file: PROPERTY_FILES.dobViolations, load: DOB_VIOLATIONS_LOAD as KeyedDataset<unknown> },
    { file: PROPERTY_FILES.ecbViolations, load: ECB_VIOLATIONS_LOAD as KeyedDataset<unknown> },
    ...(permits ? [{ file: PROPERTY_FILES.permits, load: permits }] : []),
  ];
}

interface Samples {
  lots: Array<{ bbl: string; address: string; borough: string }>;
  /** The lots with the most violations, most first. */
  heavy: string[];
  /** Lots with at least one violation, for the export over many lots. */
  withViolations: string[];
}

let samples: Samples | undefined;

/** Loads the generated set into the bench namespace's live store once (kept between runs: reloaded only when short). */
async function ensureData(ctx: BenchContext): Promise<Samples> {
  if (samples) return samples;
  const store = ctx.stores.byMode.live;
  if ((await upgradeIndices(store, PROPERTIES)).length) ctx.log('rebuilt the properties index (its mapping changed)');
  const layout = new PropertySet(FRACTION, READ_SEED);
  const { rows } = await store.pg.query('select (select count(*)::int from property_lots) as lots, (select count(*)::int from property_violations) as violations');
  let expectedViolations = 0;
  for (let index = 0; index < layout.lots; index += 1) {
    const [dob, ecb] = layout.lot(index).records;
    expectedViolations += dob + ecb;
  }
  if (rows[0].lots > layout.lots || rows[0].violations > expectedViolations) {
    // Another fraction or seed was loaded here before: the figures would be of a mixed set.
    throw new Error(`${ctx.namespace} holds ${rows[0].lots} lots and ${rows[0].violations} violations, more than the set at fraction ${FRACTION} (${layout.lots}, ${expectedViolations}): use a fresh BENCH_NAMESPACE`);
  }
  if (rows[0].lots < layout.lots || rows[0].violations < expectedViolations) {
    const dir = path.join(workDir, `read-${FRACTION}`);
    ctx.log(`generating the properties set at fraction ${FRACTION} (seed ${READ_SEED})`);
    await writePropertyFiles(dir, { fraction: FRACTION, seed: READ_SEED });
    for (const { file, load } of loads()) {
      const started = Date.now();
      const summary = await ingestDataset(store, load, fileSource(load.source, path.join(dir, file)), { asOf: AS_OF });
      const unknown = Object.values(summary.unknownValues).reduce((sum, count) => sum + count, 0);
      ctx.log(`ingested ${load.source.name}: ${summary.rowsRead} rows (${summary.rowsRejected} rejected, ${summary.rowsMerged} merged, ${unknown} with unknown status values) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      if (summary.rowsRejected) ctx.log(`  rejections: ${JSON.stringify(summary.rejectionsByReason)}`);
    }
    await refreshIndices(store, PROPERTIES);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await store.pg.query('select setseed(0.11)');
  const lots = await store.pg.query(`select bbl, address, borough from property_lots where address is not null order by random() limit 400`);
  const heavy = await store.pg.query(`select bbl from property_violations group by bbl order by count(*) desc, bbl limit 5`);
  await store.pg.query('select setseed(0.12)');
  const many = await store.pg.query(`select bbl from (select distinct bbl from property_violations) lots order by random() limit 500`);
  samples = { lots: lots.rows, heavy: heavy.rows.map((row) => row.bbl), withViolations: many.rows.map((row) => row.bbl) };
  return samples;
}

const ABBREVIATIONS: Array<[RegExp, string]> = [[/\bstreet\b/, 'st'], [/\bavenue\b/, 'ave'], [/\bboulevard\b/, 'blvd'], [/\beast\b/, 'e'], [/\bwest\b/, 'w'], [/\bplace\b/, 'pl']];

/**
 * What people type into an address box, from the generated lots' addresses: the address cut
 * at a keystroke past the house number (a third as PLUTO spells it, a third abbreviated,
 * a third with the borough after the whole address), Queens numbers now and then without
 * their hyphen.
 */
export function typeaheadQueries(lots: Samples['lots']): string[] {
  return lots.map(({ address, borough }, i) => {
    let text = address.toLowerCase();
    if (i % 3 === 1) for (const [pattern, short] of ABBREVIATIONS) text = text.replace(pattern, short);
    if (i % 7 === 0) text = text.replace(/^(\d+)-(\d+)/, '$1$2');
    if (i % 3 === 2) return `${text} ${borough.toLowerCase()}`;
    const streetStart = text.indexOf(' ') + 1;
    const cut = Math.min(text.length, streetStart + 1 + (i % Math.max(1, text.length - streetStart)));
    return text.slice(0, cut).trimEnd();
  });
}

/** A probe of the endpoint: undefined when it answers, else why the scenario is skipped. */
async function probe(ctx: BenchContext, pathAndQuery: string, what: string): Promise<string | undefined> {
  const res = await fetch(`${ctx.apiUrl}${pathAndQuery}`, { headers: { Authorization: `Bearer ${ctx.liveKey}` } });
  const body = await res.text();
  if (res.status === 404) return `${what} answers 404 (${body.slice(0, 120)}): the endpoint is not built in this tree yet`;
  if (res.status >= 400) return `${what} answers ${res.status}: ${body.slice(0, 200)}`;
  return undefined;
}

const typeahead: BenchScenario = {
  kind: 'http',
  name: 'properties-typeahead',
  description: `GET /properties/search: prefixes of generated addresses (as typed, abbreviated, with a borough), open-loop at ${RATE} req/s`,
  connections: 0,
  openLoop: { rate: RATE },
  targets: `p99 <= 15 ms at ${RATE} req/s`,
  prepare: async (ctx) => void (await ensureData(ctx)),
  unavailable: async (ctx) => probe(ctx, `/api/v1/properties/search?q=${encodeURIComponent(typeaheadQueries((await ensureData(ctx)).lots)[0])}`, 'GET /api/v1/properties/search'),
  requests: async (ctx) => {
    const { lots } = await ensureData(ctx);
    const queries = typeaheadQueries(lots);
    await checkTypeahead(ctx, lots, queries);
    return queries.map((q): HttpRequestSpec => ({ path: `/api/v1/properties/search?q=${encodeURIComponent(q)}` }));
  },
};

/**
 * Before the load, each query once, one at a time: how many find nothing, and how often a
 * whole address with its borough has the lot it names first, so a fast p99 cannot come
 * from a search that finds nothing.
 */
async function checkTypeahead(ctx: BenchContext, lots: Samples['lots'], queries: string[]): Promise<void> {
  let empty = 0;
  let whole = 0;
  let first = 0;
  for (const [i, q] of queries.entries()) {
    const res = await fetch(`${ctx.apiUrl}/api/v1/properties/search?q=${encodeURIComponent(q)}`, { headers: { Authorization: `Bearer ${ctx.liveKey}` } });
    const body = (await res.json()) as { data?: Array<{ bbl: string }> };
    if (!body.data?.length) empty += 1;
    if (i % 3 === 2) {
      whole += 1;
      if (body.data?.[0]?.bbl === lots[i].bbl) first += 1;
    }
  }
  ctx.log(`${queries.length} queries: ${empty} with no result; whole address + borough: the lot first for ${first} of ${whole}`);
}

const profile: BenchScenario = {
  kind: 'http',
  name: 'properties-profile',
  description: `GET /properties/{bbl}: sampled lots and the heaviest ones, open-loop at ${RATE} req/s`,
  connections: 0,
  openLoop: { rate: RATE },
  prepare: async (ctx) => void (await ensureData(ctx)),
  unavailable: async (ctx) => probe(ctx, `/api/v1/properties/${(await ensureData(ctx)).lots[0].bbl}`, 'GET /api/v1/properties/{bbl}'),
  requests: async (ctx) => {
    const data = await ensureData(ctx);
    return [...data.lots.map((lot) => lot.bbl), ...data.heavy].map((bbl) => ({ path: `/api/v1/properties/${bbl}` }));
  },
};

interface ExportFigures {
  lots: number;
  rows: number;
  pages: number;
  missing: number;
  duplicates: number;
  seconds: number;
}

/** Follows one lot's docket from the first page to the last; every row checked against Postgres. */
async function exportDocket(ctx: BenchContext, bbl: string, sort: string, figures: ExportFigures): Promise<void> {
  const seen = new Map<string, number>();
  let cursor: string | null = null;
  const started = process.hrtime.bigint();
  do {
    const url = `${ctx.apiUrl}/api/v1/properties/${bbl}/violations?limit=100&sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await fetch(url, { headers: { Authorization: `Bearer ${ctx.liveKey}` } });
    if (!res.ok) throw new Error(`docket of ${bbl} (${sort}) failed on page ${figures.pages + 1}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: Array<{ recordType: string; identifier: string }>; meta: { nextCursor: string | null } };
    for (const row of body.data) {
      const id = `${row.recordType}|${row.identifier}`;
      seen.set(id, (seen.get(id) ?? 0) + 1);
      figures.rows += 1;
    }
    cursor = body.meta.nextCursor;
    figures.pages += 1;
  } while (cursor);
  figures.seconds += Number(process.hrtime.bigint() - started) / 1e9;
  const { rows } = await ctx.stores.byMode.live.pg.query(`select record_type || '|' || identifier as id from property_violations where bbl = $1`, [bbl]);
  const stored = new Map<string, number>();
  for (const { id } of rows) stored.set(id, (stored.get(id) ?? 0) + 1);
  for (const [id, count] of stored) figures.missing += Math.max(0, count - (seen.get(id) ?? 0));
  for (const [id, count] of seen) figures.duplicates += Math.max(0, count - (stored.get(id) ?? 0));
  figures.lots += 1;
}

const summary = (f: ExportFigures) =>
  `${f.rows} rows of ${f.lots} dockets in ${f.pages} pages, ${f.seconds.toFixed(1)} s: ${Math.round(f.rows / Math.max(f.seconds, 1e-3))} rows/s; ${f.missing} missing, ${f.duplicates} repeated (vs Postgres)`;

const docketExport: BenchScenario = {
  kind: 'task',
  name: 'properties-docket-export',
  description: 'Follow GET /properties/{bbl}/violations?limit=100 cursors to the end: the 5 heaviest lots in both date and penalty order, then 500 sampled lots; every row once, checked against Postgres',
  targets: '>= 10,000 rows/s; nothing missing or repeated',
  async run(ctx) {
    const data = await ensureData(ctx);
    const heavy: ExportFigures = { lots: 0, rows: 0, pages: 0, missing: 0, duplicates: 0, seconds: 0 };
    const heavyPenalty: ExportFigures = { ...heavy };
    const many: ExportFigures = { ...heavy };
    for (const bbl of data.heavy) await exportDocket(ctx, bbl, '-date', heavy);
    for (const bbl of data.heavy) await exportDocket(ctx, bbl, '-penalty', heavyPenalty);
    for (const bbl of data.withViolations) await exportDocket(ctx, bbl, '-date', many);
    const all = [heavy, heavyPenalty, many].reduce((sum, f) => ({
      lots: sum.lots + f.lots, rows: sum.rows + f.rows, pages: sum.pages + f.pages, missing: sum.missing + f.missing, duplicates: sum.duplicates + f.duplicates, seconds: sum.seconds + f.seconds,
    }));
    return {
      heaviestByDate: summary(heavy),
      heaviestByPenalty: summary(heavyPenalty),
      sampledLots: summary(many),
      overall: summary(all),
    };
  },
};

/** The generator in its own process, so its peak RSS is its own (it prints it). */
function generateFiles(dir: string, fraction: number, seed: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(repoRoot, 'ingest', 'generate', 'cli.ts'), 'properties', '--fraction', String(fraction), '--seed', String(seed), '--out', dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(output.trim().split('\n').pop() ?? '') : reject(new Error(`generate failed: ${output}`))));
  });
}

const fullIngest: BenchScenario = {
  kind: 'task',
  name: 'properties-ingest',
  description: `npm run ingest -- pluto, dob-violations, ecb-violations (and dob-permits once registered) on the generated set at fraction ${FRACTION}, into empty stores, each in its own process; then ingest verify`,
  targets: '>= 20,000 rows/s; memory bounded (peak RSS flat across fractions)',
  async run(ctx) {
    const dir = path.join(workDir, `ingest-${FRACTION}`);
    fs.rmSync(dir, { recursive: true, force: true });
    const generated = await generateFiles(dir, FRACTION, INGEST_SEED);
    ctx.log(generated);
    await resetNamespace(ctx, INGEST_NAMESPACE);
    const result: Record<string, string | number> = { fraction: FRACTION, generator: generated.replace(/^wrote /, '') };
    let totalRows = 0;
    let totalSeconds = 0;
    let wallSeconds = 0;
    let peak = 0;
    for (const { file, load } of loads()) {
      ctx.log(`ingesting ${load.source.name}`);
      const run = await runCli([load.source.name, '--file', path.join(dir, file)], ctx, INGEST_NAMESPACE);
      if (run.code !== 0) throw new Error(`ingest of ${load.source.name} failed:\n${run.output}`);
      const rows = Number(field(run.output, 'rows read'));
      const seconds = Number(field(run.output, 'time'));
      const rss = Number(field(run.output, 'peak RSS'));
      totalRows += rows;
      totalSeconds += seconds;
      wallSeconds += run.seconds;
      peak = Math.max(peak, rss);
      const phases = /reading .*final indexing \S+ s/.exec(run.output)?.[0] ?? '?';
      result[load.source.name] = `${rows} rows (${field(run.output, 'rejected')} rejected) in ${seconds} s: ${Math.round(rows / seconds)} rows/s [${phases}]; process ${run.seconds.toFixed(1)} s wall; peak RSS ${rss} MB`;
    }
    result.total = `${totalRows} rows in ${totalSeconds.toFixed(1)} s of loading: ${Math.round(totalRows / totalSeconds)} rows/s (${Math.round(totalRows / wallSeconds)} rows/s counting each process's start, ${wallSeconds.toFixed(1)} s); peak RSS ${peak} MB`;
    const verify = await runCli(['verify', '--family', 'properties'], ctx, INGEST_NAMESPACE);
    result.verify = verify.code === 0 ? `passed (${verify.seconds.toFixed(1)} s)` : `FAILED\n${verify.output}`;
    fs.rmSync(dir, { recursive: true, force: true });
    return result;
  },
};

export const propertyScenarios: BenchScenario[] = [typeahead, profile, docketExport, fullIngest];
