import fs from 'node:fs';
import { PROPERTY_TYPEAHEAD } from '../../src/properties/search/queries';
import os from 'node:os';
import path from 'node:path';
import { datasetNamed, DOB_VIOLATIONS_LOAD, ECB_VIOLATIONS_LOAD, HPD_CONTACTS_LOAD, HPD_REGISTRATIONS_LOAD, HPD_VIOLATIONS_LOAD, OWNERS, PLUTO_LOAD, PROPERTIES, type KeyedDataset } from '../../ingest/families';
import { PropertySet } from '../../ingest/generate/properties';
import { Random } from '../../ingest/generate/random';
import { PROPERTY_FILES, writePropertyFiles } from '../../ingest/generate/properties-files';
import { refreshIndices } from '../../ingest/index/indices';
import { upgradeIndices } from '../../ingest/index/rebuild';
import { ingestDataset } from '../../ingest/load/pipeline';
import { fileSource } from '../../ingest/sources/source';
import type { BenchContext, BenchScenario, HttpRequestSpec } from '../types';
import { addFigures, exportList, type ExportFigures, exportSummary, generateInOwnProcess, getLive, ingestRunFigures, noFigures, probe, verifyLine } from '../family-scenarios';
import { resetNamespace, runCli } from './ingest';
import { CpuMeter, type CpuReading, serverPids } from '../cpu';
import { interleaved, TYPISTS } from '../typeahead-traffic';

/**
 * The properties family on the generated New York set (ingest/generate/properties.ts) at
 * BENCH_PROPERTIES_FRACTION of the city's scale (default 0.1: 86,000 lots, ~190k DOB,
 * ~149k ECB and ~300k HPD violations, ~97k permits): address typeahead and profiles at a fixed offered
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

/** The permit dataset joins once it is registered (`dob-permits` in ingest/families DATASETS). */
const permitsLoad = () => datasetNamed('dob-permits');

/**
 * The data sets of the generated files, in load order: lots first, then the HPD registrations
 * (a registration names its lot) and their contacts (a contact names only its registration;
 * the owners' portfolios are regrouped after each of the two), then the dockets.
 */
function loads(): Array<{ file: string; load: KeyedDataset<unknown> }> {
  const permits = permitsLoad();
  return [
    { file: PROPERTY_FILES.pluto, load: PLUTO_LOAD as KeyedDataset<unknown> },
    { file: PROPERTY_FILES.hpdRegistrations, load: HPD_REGISTRATIONS_LOAD as KeyedDataset<unknown> },
    { file: PROPERTY_FILES.hpdContacts, load: HPD_CONTACTS_LOAD as KeyedDataset<unknown> },
    { file: PROPERTY_FILES.dobViolations, load: DOB_VIOLATIONS_LOAD as KeyedDataset<unknown> },
    { file: PROPERTY_FILES.ecbViolations, load: ECB_VIOLATIONS_LOAD as KeyedDataset<unknown> },
    { file: PROPERTY_FILES.hpdViolations, load: HPD_VIOLATIONS_LOAD as KeyedDataset<unknown> },
    ...(permits ? [{ file: PROPERTY_FILES.permits, load: permits }] : []),
  ];
}

interface Samples {
  /** Lots whose addresses are checked before the load (typeaheadQueries). */
  lots: Array<{ bbl: string; address: string; borough: string }>;
  /** Other lots, whose addresses the load types keystroke by keystroke (addressKeystrokes). */
  typed: Array<{ bbl: string; address: string; borough: string }>;
  /** The lots with the most violations, most first. */
  heavy: string[];
  /** Lots with at least one violation, for the export over many lots. */
  withViolations: string[];
}

let samples: Samples | undefined;

/** A data set's load in the bench's namespace, as the log reports it: rows, rejections, time, and what it derived (the owners' regrouping, timed). */
function loadLine(name: string, summary: Awaited<ReturnType<typeof ingestDataset>>, seconds: number): string {
  const unknown = Object.values(summary.unknownValues).reduce((sum, count) => sum + count, 0);
  const derived = summary.derived.map((step) => `; ${step.family} derived in ${(step.ms / 1000).toFixed(1)} s (${Object.entries(step.figures).map(([key, value]) => `${value} ${key}`).join(', ')}), ${step.documents} documents indexed in ${(step.indexMs / 1000).toFixed(1)} s`);
  return `ingested ${name}: ${summary.rowsRead} rows (${summary.rowsRejected} rejected, ${summary.rowsMerged} merged, ${unknown} with unknown status values) in ${seconds.toFixed(0)} s${derived.join('')}`;
}

/**
 * Loads the generated set into the bench namespace's live store once (kept between runs: each
 * data set reloaded only when short, so a namespace loaded before the HPD files were generated
 * gets them added). Exported for the owners' scenarios, which read the same set.
 */
export async function ensureData(ctx: BenchContext): Promise<Samples> {
  if (samples) return samples;
  const store = ctx.stores.byMode.live;
  if ((await upgradeIndices(store, PROPERTIES)).length) ctx.log('rebuilt the properties index (its mapping changed)');
  if ((await upgradeIndices(store, OWNERS)).length) ctx.log('rebuilt the portfolios index (its mapping changed)');
  const layout = new PropertySet(FRACTION, READ_SEED);
  const { rows } = await store.pg.query(
    `select (select count(*)::int from property_lots) as lots, (select count(*)::int from property_violations) as violations,
       (select count(*)::int from property_filings where source_dataset = 'hpd-registrations') as registrations,
       (select count(*)::int from property_filings where source_dataset = 'hpd-contacts') as contacts`,
  );
  let expectedViolations = 0;
  for (let index = 0; index < layout.lots; index += 1) {
    const [dob, ecb, , hpd] = layout.lot(index).records;
    expectedViolations += dob + ecb + hpd;
  }
  if (rows[0].lots > layout.lots || rows[0].violations > expectedViolations) {
    // Another fraction or seed was loaded here before: the figures would be of a mixed set.
    throw new Error(`${ctx.namespace} holds ${rows[0].lots} lots and ${rows[0].violations} violations, more than the set at fraction ${FRACTION} (${layout.lots}, ${expectedViolations}): use a fresh BENCH_NAMESPACE`);
  }
  const lotsShort = rows[0].lots < layout.lots;
  const docketsShort = rows[0].violations < expectedViolations;
  const ownersShort = rows[0].registrations === 0 || rows[0].contacts === 0;
  if (lotsShort || docketsShort || ownersShort) {
    const dir = path.join(workDir, `read-${FRACTION}`);
    ctx.log(`generating the properties set at fraction ${FRACTION} (seed ${READ_SEED})`);
    const counts = await writePropertyFiles(dir, { fraction: FRACTION, seed: READ_SEED });
    ctx.log(`owners: ${counts.owners.registrations} registrations, ${counts.owners.contacts} contacts, ${counts.owners.landlords} true owners, the largest ${counts.owners.largest.lots} lots`);
    const wanted = new Set([
      ...(lotsShort ? [PLUTO_LOAD.source.name] : []),
      // A reloaded PLUTO changes the lots' units, which the portfolios sum: regroup with them.
      ...(ownersShort || lotsShort ? [HPD_REGISTRATIONS_LOAD.source.name, HPD_CONTACTS_LOAD.source.name] : []),
      ...(docketsShort ? loads().slice(3).map(({ load }) => load.source.name) : []),
    ]);
    for (const { file, load } of loads().filter(({ load }) => wanted.has(load.source.name))) {
      const started = Date.now();
      const summary = await ingestDataset(store, load, fileSource(load.source, path.join(dir, file)), { asOf: AS_OF });
      ctx.log(loadLine(load.source.name, summary, (Date.now() - started) / 1000));
      if (summary.rowsRejected) ctx.log(`  rejections: ${JSON.stringify(summary.rejectionsByReason)}`);
    }
    await refreshIndices(store, PROPERTIES);
    await refreshIndices(store, OWNERS);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await store.pg.query('select setseed(0.11)');
  const lots = await store.pg.query(`select bbl, address, borough from property_lots where address is not null order by random() limit 400`);
  const heavy = await store.pg.query(`select bbl from property_violations group by bbl order by count(*) desc, bbl limit 5`);
  await store.pg.query('select setseed(0.12)');
  const many = await store.pg.query(`select bbl from (select distinct bbl from property_violations) lots order by random() limit 500`);
  await store.pg.query('select setseed(0.13)');
  const typed = await store.pg.query(`select bbl, address, borough from property_lots where address is not null order by random() limit ${TYPED_LOTS}`);
  const checked = new Set(lots.rows.map((row) => row.bbl));
  samples = {
    lots: lots.rows,
    typed: typed.rows.filter((row) => !checked.has(row.bbl)),
    heavy: heavy.rows.map((row) => row.bbl),
    withViolations: many.rows.map((row) => row.bbl),
  };
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
    const text = asTyped(address, borough, i);
    if (i % 3 === 2) return text;
    const streetStart = text.indexOf(' ') + 1;
    const cut = Math.min(text.length, streetStart + 1 + (i % Math.max(1, text.length - streetStart)));
    return text.slice(0, cut).trimEnd();
  });
}

/** The i-th lot's address as typed: a third as PLUTO spells it, a third abbreviated, a third with the borough after it; every seventh Queens number without its hyphen. */
function asTyped(address: string, borough: string, i: number): string {
  let text = address.toLowerCase();
  if (i % 3 === 1) for (const [pattern, short] of ABBREVIATIONS) text = text.replace(pattern, short);
  if (i % 7 === 0) text = text.replace(/^(\d+)-(\d+)/, '$1$2');
  return i % 3 === 2 ? `${text} ${borough.toLowerCase()}` : text;
}

/** Lots typed by the load: about 12 keystrokes each, so that no run of the bench sends a keystroke twice unless two people typed it. */
const TYPED_LOTS = 2000;

/**
 * The load's requests: people typing addresses into the box, one request per keystroke from
 * the third character (the search's minimum) until they stop: a third type the whole address
 * (a third of those with the borough), the others stop somewhere after the street's first
 * letter, many people at once (interleaved). Prefixes people share ("12", "123 ") come back as they would from many users; no
 * address is one the check before the load sent, so an answer cache starts cold.
 */
export function addressKeystrokes(lots: Samples['typed'], seed = 11, typists = TYPISTS): string[] {
  const random = new Random(seed);
  const searches = lots.map(({ address, borough }, i) => {
    const text = asTyped(address, borough, i);
    const streetStart = text.indexOf(' ') + 1;
    const stop = random.chance(1 / 3) ? text.length : random.int(Math.min(text.length, streetStart + 1), text.length);
    const keystrokes: string[] = [];
    for (let end = 3; end <= stop; end++) if (text[end - 1] !== ' ') keystrokes.push(text.slice(0, end));
    return keystrokes;
  });
  // People type at once (bench/typeahead-traffic.ts, interleaved), each address's keystrokes in order.
  let next = 0;
  return interleaved(() => searches[next++], typists, searches.reduce((sum, keys) => sum + keys.length, 0), random);
}

const typeahead: BenchScenario = {
  kind: 'http',
  name: 'properties-typeahead',
  aliases: ['address-typeahead'],
  searchIndex: 'properties',
  typeahead: PROPERTY_TYPEAHEAD,
  description: `GET /properties/search: generated addresses typed keystroke by keystroke (as PLUTO spells them, abbreviated, with a borough), open-loop at ${RATE} req/s`,
  connections: 0,
  openLoop: { rate: RATE },
  targets: 'one Elasticsearch search a keystroke at most; Elasticsearch CPU <= 1.0 ms and API CPU <= 3 x bare Koa a keystroke; p99 <= 15 ms cache off, <= 10 ms cache on, at 200 req/s',
  // The API as started (its answer cache on), then a second API process with the cache off.
  variants: [{ label: 'TYPEAHEAD_CACHE=off', env: { TYPEAHEAD_CACHE: 'off' } }],
  prepare: async (ctx) => void (await ensureData(ctx)),
  unavailable: async (ctx) => probe(ctx, `/api/v1/properties/search?q=${encodeURIComponent(typeaheadQueries((await ensureData(ctx)).lots)[0])}`, 'GET /api/v1/properties/search'),
  requests: async (ctx) => {
    const { lots, typed } = await ensureData(ctx);
    await checkTypeahead(ctx, lots, typeaheadQueries(lots));
    const keystrokes = addressKeystrokes(typed);
    ctx.log(`load: ${keystrokes.length} keystrokes typing ${typed.length} other lots' addresses, ${new Set(keystrokes).size} distinct`);
    return keystrokes.map((q): HttpRequestSpec => ({ path: `/api/v1/properties/search?q=${encodeURIComponent(q)}` }));
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
    const res = await getLive(ctx, `/api/v1/properties/search?q=${encodeURIComponent(q)}`);
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

/** Follows one lot's docket from the first page to the last; every row checked against Postgres. */
const exportDocket = (ctx: BenchContext, bbl: string, sort: string, figures: ExportFigures) =>
  exportList<{ recordType: string; identifier: string }>(ctx, {
    path: `/api/v1/properties/${bbl}/violations?limit=100&sort=${sort}`,
    what: `docket of ${bbl} (${sort})`,
    idOf: (row) => `${row.recordType}|${row.identifier}`,
    storedIds: async () => (await ctx.stores.byMode.live.pg.query(`select record_type || '|' || identifier as id from property_violations where bbl = $1`, [bbl])).rows.map((row) => row.id as string),
  }, figures);

const summary = (f: ExportFigures) => exportSummary(f, 'rows', 'dockets');

/**
 * CPU of each process over the whole export, per page and per 1,000 rows: the figure to
 * compare between runs on a shared machine, where wall time (rows/s) moves with other work.
 * The load generator's share includes checking every docket against Postgres.
 */
function cpuLine(reading: CpuReading, f: ExportFigures): string {
  const per = (seconds: number) => `${((seconds * 1000) / Math.max(1, f.pages)).toFixed(2)} ms/page, ${((seconds * 1000 * 1000) / Math.max(1, f.rows)).toFixed(1)} ms/1,000 rows`;
  const processes = Object.entries(reading.seconds).map(([name, seconds]) => `${name} ${reading.missing.includes(name) ? 'n/a' : `${seconds.toFixed(2)} s (${per(seconds)})`}`);
  return `${processes.join(', ')}, load generator ${reading.loadGeneratorSeconds.toFixed(2)} s; rest of the machine ${reading.restSeconds.toFixed(1)} s (other work during the export)`;
}

const docketExport: BenchScenario = {
  kind: 'task',
  name: 'properties-docket-export',
  description: 'Follow GET /properties/{bbl}/violations?limit=100 cursors to the end: the 5 heaviest lots in both date and penalty order, then 500 sampled lots; every row once, checked against Postgres',
  targets: '>= 10,000 rows/s; nothing missing or repeated',
  async run(ctx) {
    const data = await ensureData(ctx);
    const heavy = noFigures();
    const heavyPenalty = noFigures();
    const many = noFigures();
    const cpu = new CpuMeter(serverPids(ctx.apiPid));
    cpu.start();
    for (const bbl of data.heavy) await exportDocket(ctx, bbl, '-date', heavy);
    for (const bbl of data.heavy) await exportDocket(ctx, bbl, '-penalty', heavyPenalty);
    for (const bbl of data.withViolations) await exportDocket(ctx, bbl, '-date', many);
    const all = [heavy, heavyPenalty, many].reduce(addFigures);
    return {
      heaviestByDate: summary(heavy),
      heaviestByPenalty: summary(heavyPenalty),
      sampledLots: summary(many),
      overall: summary(all),
      cpu: cpuLine(cpu.stop(), all),
    };
  },
};

const fullIngest: BenchScenario = {
  kind: 'task',
  name: 'properties-ingest',
  description: `npm run ingest -- pluto, hpd-registrations, hpd-contacts (each followed by the owners' regrouping), dob-violations, ecb-violations, hpd-violations (and dob-permits once registered) on the generated set at fraction ${FRACTION}, into empty stores, each in its own process; then ingest verify of the properties and owners families`,
  targets: '>= 20,000 rows/s; memory bounded (peak RSS flat across fractions)',
  async run(ctx) {
    const dir = path.join(workDir, `ingest-${FRACTION}`);
    fs.rmSync(dir, { recursive: true, force: true });
    const generated = await generateInOwnProcess('properties', dir, FRACTION, INGEST_SEED);
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
      const { rows, seconds, rss, line } = ingestRunFigures(run);
      totalRows += rows;
      totalSeconds += seconds;
      wallSeconds += run.seconds;
      peak = Math.max(peak, rss);
      result[load.source.name] = line;
      // The owners' regrouping of the whole set, after each HPD load (the CLI's "derived:" line).
      const derived = /^\s*derived: (.*)$/m.exec(run.output)?.[1];
      if (derived) result[`${load.source.name}, then`] = derived;
    }
    result.total = `${totalRows} rows in ${totalSeconds.toFixed(1)} s of loading: ${Math.round(totalRows / totalSeconds)} rows/s (${Math.round(totalRows / wallSeconds)} rows/s counting each process's start, ${wallSeconds.toFixed(1)} s); peak RSS ${peak} MB`;
    result.verify = await verifyLine(ctx, 'properties', INGEST_NAMESPACE);
    result.verifyOwners = await verifyLine(ctx, 'owners', INGEST_NAMESPACE);
    fs.rmSync(dir, { recursive: true, force: true });
    return result;
  },
};

export const propertyScenarios: BenchScenario[] = [typeahead, profile, docketExport, fullIngest];
