import fs from 'node:fs';
import { CONTRACTOR_TYPEAHEAD } from '../../src/contractors/browse/queries';
import os from 'node:os';
import path from 'node:path';
import { CONTRACTORS, OATH_LOAD } from '../../ingest/families';
import { respondentsAt, summonsCount } from '../../ingest/generate/contractors';
import { CONTRACTORS_FILE, writeContractorsFile } from '../../ingest/generate/contractors-files';
import { refreshIndices } from '../../ingest/index/indices';
import { upgradeIndices } from '../../ingest/index/rebuild';
import { ingestDataset } from '../../ingest/load/pipeline';
import { fileSource } from '../../ingest/sources/source';
import type { BenchContext, BenchScenario, HttpRequestSpec } from '../types';
import { addFigures, exportList, type ExportFigures, exportSummary, generateInOwnProcess, getLive, ingestRunFigures, noFigures, probe, verifyLine } from '../family-scenarios';
import { type NamedPlace, typeaheadTraffic } from '../typeahead-traffic';
import { resetNamespace, runCli } from './ingest';

/**
 * The contractors family on the generated OATH export (ingest/generate/contractors.ts) at
 * BENCH_CONTRACTORS_FRACTION of the city's scale (default 0.02: ~40,000 summonses over 6,000
 * respondents; the heaviest company ~1,400 tickets): company-name typeahead and profiles at
 * a fixed offered rate (open-loop), the heaviest companies' and a sample's tickets followed
 * to the end, and the full ingest of a generated set. Fraction 1 is ~2 million summonses;
 * the real OATH export (every agency, since the 1990s) is about ten times that:
 * docs/benchmarks.md says how the figures extrapolate.
 */

const FRACTION = Number(process.env.BENCH_CONTRACTORS_FRACTION ?? 0.02);
const READ_SEED = 21;
const INGEST_SEED = 23;
/** Offered rate of the open-loop scenarios (BENCH_RATE overrides it for every open-loop scenario). */
const RATE = 200;
const AS_OF = new Date('2026-04-01T00:00:00Z');
const INGEST_NAMESPACE = 'bench_ingest_contractors';
const workDir = path.join(os.tmpdir(), 'nyc-api-bench-contractors');

interface Samples {
  /** Listed companies (slug, name), sampled. */
  companies: Array<{ slug: string; name: string }>;
  /** The companies with the most tickets, most first. */
  heavy: string[];
  /** Every listed company's name and ticket count (the typeahead traffic's skew). */
  names: NamedPlace[];
}

let samples: Samples | undefined;

/** The generated set's summons count at FRACTION (a pure function of the seed). */
function expectedSummonses(): number {
  let total = 0;
  for (let index = 0; index < respondentsAt(FRACTION); index += 1) total += summonsCount(FRACTION, index, READ_SEED);
  return total;
}

/** Loads the generated set into the bench namespace's live store once (kept between runs: reloaded only when short). */
async function ensureData(ctx: BenchContext): Promise<Samples> {
  if (samples) return samples;
  const store = ctx.stores.byMode.live;
  if ((await upgradeIndices(store, CONTRACTORS)).length) ctx.log('rebuilt the contractors index (its mapping changed)');
  const expected = expectedSummonses();
  const { rows } = await store.pg.query('select count(*)::int as n from contractor_tickets');
  if (rows[0].n > expected) {
    throw new Error(`${ctx.namespace} holds ${rows[0].n} contractor tickets, more than the set at fraction ${FRACTION} (${expected}): use a fresh BENCH_NAMESPACE`);
  }
  if (rows[0].n < expected) {
    const dir = path.join(workDir, `read-${FRACTION}`);
    ctx.log(`generating the OATH set at fraction ${FRACTION} (seed ${READ_SEED})`);
    await writeContractorsFile(dir, { fraction: FRACTION, seed: READ_SEED });
    const started = Date.now();
    const summary = await ingestDataset(store, OATH_LOAD, fileSource(OATH_LOAD.source, path.join(dir, CONTRACTORS_FILE)), { asOf: AS_OF });
    ctx.log(`ingested oath: ${summary.rowsRead} rows (${summary.rowsRejected} rejected, ${summary.rowsMerged} merged) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await refreshIndices(store, CONTRACTORS);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await store.pg.query('select setseed(0.21)');
  const companies = await store.pg.query(`select slug, name from contractor_companies where listed order by random() limit 400`);
  const heavy = await store.pg.query(`select slug from contractor_companies where listed order by tickets desc, slug limit 5`);
  const names = await store.pg.query(`select name, tickets::int as establishments, null as borough, null as zip from contractor_companies where listed`);
  samples = { companies: companies.rows, heavy: heavy.rows.map((row) => row.slug), names: names.rows };
  return samples;
}

const LEGAL = /\s+(INC|CORP|LLC|CO|LTD|L\.L\.C\.|INCORPORATED|CORPORATION)\.?$/i;

/**
 * What people type into a company box, from the sampled companies' names: the name cut at a
 * keystroke (at least three characters, the search's minimum), in lower case, without its legal form a third of the
 * time, a word dropped now and then (the head only), and one letter wrong in every seventh.
 */
export function typeaheadQueries(companies: Samples['companies']): string[] {
  return companies.map(({ name }, i) => {
    let text = name.toLowerCase();
    if (i % 3 === 0) text = text.replace(LEGAL, '');
    if (i % 5 === 4) text = text.split(' ')[0];
    // The search answers from the third character (q is 3 to 120 characters).
    const cut = Math.min(text.length, 3 + (i * 7) % Math.max(1, text.length - 2));
    text = text.slice(0, cut).trimEnd();
    if (text.length < 3) text = name.toLowerCase().slice(0, 3);
    if (i % 7 === 6 && text.length > 5) text = `${text.slice(0, 3)}${text[4]}${text[3]}${text.slice(5)}`;
    return text;
  });
}

/** Before the load, each query once: how many find nothing, and how often the company typed is first, so a fast p99 cannot come from empty answers. */
async function checkTypeahead(ctx: BenchContext, companies: Samples['companies'], queries: string[]): Promise<void> {
  let empty = 0;
  let found = 0;
  for (const [i, q] of queries.entries()) {
    const res = await getLive(ctx, `/api/v1/contractors/search?q=${encodeURIComponent(q)}`);
    const body = (await res.json()) as { data?: Array<{ slug: string }> };
    if (!body.data?.length) empty += 1;
    if (body.data?.some((c) => c.slug === companies[i].slug)) found += 1;
  }
  ctx.log(`${queries.length} queries: ${empty} with no result; the company typed on the first page for ${found}`);
}

/** Keystrokes sent by the load (more than the longest measurement asks for). */
const TRAFFIC_REQUESTS = 40_000;

/**
 * The load: people typing company names letter by letter (bench/typeahead-traffic.ts: names
 * drawn with a Zipf-like skew by ticket count, legal forms left off, typos), from the third
 * character, the search's minimum.
 */
const companyKeystrokes = (names: NamedPlace[]) =>
  typeaheadTraffic(names, { count: 2 * TRAFFIC_REQUESTS, seed: READ_SEED })
    .filter((q) => q.trim().length >= 3)
    .slice(0, TRAFFIC_REQUESTS);

const typeahead: BenchScenario = {
  kind: 'http',
  name: 'contractors-typeahead',
  aliases: ['company-typeahead'],
  searchIndex: 'contractors',
  typeahead: CONTRACTOR_TYPEAHEAD,
  description: `GET /contractors/search: people typing company names letter by letter (Zipf-skewed by tickets, legal forms left off, typos), open-loop at ${RATE} req/s; the names cut at a keystroke checked first`,
  connections: 0,
  openLoop: { rate: RATE },
  targets: 'one Elasticsearch search a keystroke at most; Elasticsearch CPU <= 1.0 ms and API CPU <= 3 x bare Koa a keystroke; p99 <= 15 ms cache off, <= 10 ms cache on, at 200 req/s',
  // The API as started (its answer cache on), then a second API process with the cache off.
  variants: [{ label: 'TYPEAHEAD_CACHE=off', env: { TYPEAHEAD_CACHE: 'off' } }],
  prepare: async (ctx) => void (await ensureData(ctx)),
  unavailable: async (ctx) => probe(ctx, `/api/v1/contractors/search?q=${encodeURIComponent(typeaheadQueries((await ensureData(ctx)).companies)[0])}`, 'GET /api/v1/contractors/search'),
  requests: async (ctx) => {
    const { companies, names } = await ensureData(ctx);
    await checkTypeahead(ctx, companies, typeaheadQueries(companies));
    const keystrokes = companyKeystrokes(names);
    ctx.log(`load: ${keystrokes.length} keystrokes typing ${names.length} companies' names, ${new Set(keystrokes).size} distinct`);
    return keystrokes.map((q): HttpRequestSpec => ({ path: `/api/v1/contractors/search?q=${encodeURIComponent(q)}` }));
  },
};

const profile: BenchScenario = {
  kind: 'http',
  name: 'contractors-profile',
  description: `GET /contractors/{slug}: sampled companies and the heaviest ones (risk and savings re-derived over every ticket), open-loop at ${RATE} req/s`,
  connections: 0,
  openLoop: { rate: RATE },
  targets: `p99 <= 30 ms at ${RATE} req/s`,
  // The API as started (its company lookup a kept read), then a second API process without kept reads.
  variants: [{ label: 'KEPT_READS=off', env: { KEPT_READS: 'off' } }],
  prepare: async (ctx) => void (await ensureData(ctx)),
  unavailable: async (ctx) => probe(ctx, `/api/v1/contractors/${(await ensureData(ctx)).companies[0].slug}`, 'GET /api/v1/contractors/{slug}'),
  requests: async (ctx) => {
    const data = await ensureData(ctx);
    return [...data.companies.map((c) => c.slug), ...data.heavy].map((slug) => ({ path: `/api/v1/contractors/${slug}` }));
  },
};

/** Follows one company's tickets from the first page to the last; every ticket checked against Postgres. */
const exportTickets = (ctx: BenchContext, slug: string, sort: string, figures: ExportFigures) =>
  exportList<{ ticket: string }>(ctx, {
    path: `/api/v1/contractors/${slug}/tickets?limit=100&sort=${sort}`,
    what: `tickets of ${slug} (${sort})`,
    idOf: (row) => row.ticket,
    storedIds: async () => (await ctx.stores.byMode.live.pg.query(
      `select t.ticket from contractor_slugs s join contractor_tickets t on t.company = s.company where s.slug = $1`, [slug],
    )).rows.map((row) => row.ticket as string),
  }, figures);

const summary = (f: ExportFigures) => exportSummary(f, 'tickets', 'companies');

const ticketExport: BenchScenario = {
  kind: 'task',
  name: 'contractors-ticket-export',
  description: 'Follow GET /contractors/{slug}/tickets?limit=100 cursors to the end: the 5 heaviest companies newest and oldest first, then 200 sampled companies; every ticket once, checked against Postgres; after an untimed warm-up over 200 other sampled companies',
  targets: '>= 10,000 rows/s; nothing missing or repeated',
  async run(ctx) {
    const data = await ensureData(ctx);
    const newest = noFigures();
    const oldest = noFigures();
    const sampled = noFigures();
    // Unmeasured, as every load scenario's first seconds: a fresh server's first pages pay
    // for compiling its code. Other companies than the timed ones, both orders.
    const warmup = noFigures();
    for (const { slug } of data.companies.slice(200, 400)) await exportTickets(ctx, slug, slug < 'm' ? '-date' : 'date', warmup);
    for (const slug of data.heavy) await exportTickets(ctx, slug, '-date', newest);
    for (const slug of data.heavy) await exportTickets(ctx, slug, 'date', oldest);
    for (const { slug } of data.companies.slice(0, 200)) await exportTickets(ctx, slug, '-date', sampled);
    const all = [newest, oldest, sampled].reduce(addFigures);
    return { heaviestNewestFirst: summary(newest), heaviestOldestFirst: summary(oldest), sampledCompanies: summary(sampled), overall: summary(all) };
  },
};

const fullIngest: BenchScenario = {
  kind: 'task',
  name: 'contractors-ingest',
  description: `npm run ingest -- oath on the generated set at fraction ${FRACTION}, into empty stores, in its own process; then ingest verify`,
  targets: '>= 20,000 rows/s; memory bounded (peak RSS flat across fractions)',
  async run(ctx) {
    const dir = path.join(workDir, `ingest-${FRACTION}`);
    fs.rmSync(dir, { recursive: true, force: true });
    const generated = await generateInOwnProcess('contractors', dir, FRACTION, INGEST_SEED);
    ctx.log(generated);
    await resetNamespace(ctx, INGEST_NAMESPACE);
    const result: Record<string, string | number> = { fraction: FRACTION, generator: generated.replace(/^wrote /, '') };
    const run = await runCli(['oath', '--file', path.join(dir, CONTRACTORS_FILE)], ctx, INGEST_NAMESPACE);
    if (run.code !== 0) throw new Error(`ingest of oath failed:\n${run.output}`);
    result.oath = ingestRunFigures(run).line;
    result.verify = await verifyLine(ctx, 'contractors', INGEST_NAMESPACE);
    fs.rmSync(dir, { recursive: true, force: true });
    return result;
  },
};

export const contractorScenarios: BenchScenario[] = [typeahead, profile, ticketExport, fullIngest];
