import { parse } from 'csv-parse/sync';
import { Random, WeightedTable } from '../../ingest/generate/random';
import { PORTFOLIO_TYPEAHEAD } from '../../src/owners/search/queries';
import { CpuMeter, serverPids } from '../cpu';
import { addFigures, exportList, type ExportFigures, exportSummary, getLive, getLiveText, noFigures, probe } from '../family-scenarios';
import { asTyped, interleaved, keystrokes, TYPISTS, withTypo } from '../typeahead-traffic';
import type { BenchContext, BenchScenario, HttpRequestSpec } from '../types';
import { ensureData } from './properties';

/**
 * The owners family on the generated New York set (its HPD registrations and contacts,
 * ingest/generate/owners.ts, loaded with the properties set by ./properties.ts at
 * BENCH_PROPERTIES_FRACTION): the portfolio search typed keystroke by keystroke at a fixed
 * offered rate, and the largest portfolio's lots followed to their end and exported as CSV.
 * The regrouping of the whole set (regroupPortfolios) is timed by the load itself: the
 * properties load logs it after each HPD data set, and `properties-ingest` reports it.
 */

const RATE = 200;
/** Keystrokes of the load: more than a default run sends (200 req/s for 3 + 10 s, twice with the variant), so none is replayed. */
const KEYSTROKES = 30_000;
const TYPO_SHARE = 0.1;
const ZIPF_OFFSET = 10;

export interface OwnerName {
  /** As the portfolio lists it: a person, a corporation, or a business address `HOUSE STREET ZIP`. */
  name: string;
  kind: 'person' | 'corporation' | 'address';
  portfolioId: string;
  lots: number;
}

const STREET_ABBREVIATIONS: Array<[RegExp, string]> = [[/\bstreet\b/, 'st'], [/\bavenue\b/, 'ave'], [/\beast\b/, 'e'], [/\bwest\b/, 'w'], [/\bsouth\b/, 's'], [/\blane\b/, 'ln']];

/**
 * What a person types for a name of a portfolio: a person's whole name or (two times in five)
 * the surname alone; a business address without its ZIP, half the time abbreviated; a
 * corporation without its legal form (asTyped). Apostrophes often left out.
 */
export function ownerAsTyped(entry: OwnerName, random: Random): string {
  if (entry.kind === 'address') {
    let text = entry.name.toLowerCase().replace(/\s+\d{5}$/, '');
    if (random.chance(0.5)) for (const [pattern, short] of STREET_ABBREVIATIONS) text = text.replace(pattern, short);
    return text;
  }
  const typed = asTyped(entry.name, random);
  if (entry.kind === 'person' && random.chance(0.4)) {
    const words = typed.split(' ');
    if (words.length > 1) return words.slice(1).join(' ');
  }
  return typed;
}

/**
 * The requests' q values, in arrival order: people typing owners' names and addresses at once
 * (interleaved), each search's keystrokes from the third character (the search's minimum) to
 * where the person stops, one in ten with a slip of the finger. Which name: a Zipf-like skew
 * over the portfolios ranked by lots (the large landlords are looked up most), half people,
 * three in ten business addresses, the rest corporations.
 */
export function ownerKeystrokes(names: OwnerName[], count: number, seed: number, typists = TYPISTS): string[] {
  const random = new Random(seed);
  const tables = (['person', 'address', 'corporation'] as const).map((kind) => {
    const ranked = names
      .filter((entry) => entry.kind === kind)
      .map((entry) => ({ entry, tiebreak: random.next() }))
      .sort((a, b) => b.entry.lots - a.entry.lots || a.tiebreak - b.tiebreak)
      .map(({ entry }) => entry);
    return ranked.length ? new WeightedTable(ranked.map((entry, rank) => [entry, 1 / (rank + ZIPF_OFFSET)] as const)) : undefined;
  });
  const kinds = new WeightedTable(tables.flatMap((table, i) => (table ? [[table, [5, 3, 2][i]] as const] : [])));
  const search = () => {
    const entry = kinds.draw(random).draw(random);
    let text = ownerAsTyped(entry, random);
    if (random.chance(TYPO_SHARE)) text = withTypo(text, random);
    return keystrokes(text, random).filter((q) => q.trim().length >= 3);
  };
  return interleaved(search, typists, count, random);
}

interface OwnerSamples {
  names: OwnerName[];
  largest: { id: string; lots: number };
}

let ownerSamples: OwnerSamples | undefined;

/** The generated set loaded (./properties.ts), and the names of its portfolios. */
async function ensureOwners(ctx: BenchContext): Promise<OwnerSamples> {
  if (ownerSamples) return ownerSamples;
  await ensureData(ctx);
  const pg = ctx.stores.byMode.live.pg;
  const { rows } = await pg.query<{ portfolio_id: string; lots: number; people: Array<{ name: string }>; corporations: Array<{ name: string }>; addresses: Array<{ name: string }> }>(
    'select portfolio_id, lots, people, corporations, addresses from owner_portfolios where lots > 0 order by lots desc, portfolio_id',
  );
  if (!rows.length) throw new Error(`${ctx.namespace} holds no portfolios: the HPD registrations and contacts were not loaded`);
  const names: OwnerName[] = rows.flatMap((row) => [
    ...row.people.map((entry) => ({ name: entry.name, kind: 'person' as const, portfolioId: row.portfolio_id, lots: row.lots })),
    ...row.corporations.map((entry) => ({ name: entry.name, kind: 'corporation' as const, portfolioId: row.portfolio_id, lots: row.lots })),
    ...row.addresses.map((entry) => ({ name: entry.name, kind: 'address' as const, portfolioId: row.portfolio_id, lots: row.lots })),
  ]);
  ownerSamples = { names, largest: { id: rows[0].portfolio_id, lots: rows[0].lots } };
  ctx.log(`owners: ${rows.length} portfolios, ${names.length} names and addresses; the largest ${rows[0].portfolio_id} (${rows[0].lots} lots)`);
  return ownerSamples;
}

/**
 * Before the load, the whole names of the largest portfolios' people, one at a time: how many
 * find nothing, and how often the portfolio named comes first, so a fast p99 cannot come from
 * a search that finds nothing.
 */
async function checkSearch(ctx: BenchContext, names: OwnerName[]): Promise<void> {
  const people = names.filter((entry) => entry.kind === 'person').slice(0, 200);
  let empty = 0;
  let first = 0;
  for (const entry of people) {
    const res = await getLive(ctx, `/api/v1/portfolios/search?q=${encodeURIComponent(entry.name.toLowerCase())}`);
    const body = (await res.json()) as { data?: Array<{ id: string }> };
    if (!body.data?.length) empty += 1;
    if (body.data?.[0]?.id === entry.portfolioId) first += 1;
  }
  ctx.log(`${people.length} whole names of the largest portfolios' people: ${empty} with no result, their portfolio first for ${first}`);
}

const portfolioSearch: BenchScenario = {
  kind: 'http',
  name: 'portfolio-search',
  searchIndex: 'portfolios',
  typeahead: PORTFOLIO_TYPEAHEAD,
  description: `GET /portfolios/search: generated owners' names, corporations and business addresses typed keystroke by keystroke (surnames alone, abbreviated streets, typos), open-loop at ${RATE} req/s`,
  connections: 0,
  openLoop: { rate: RATE },
  targets: 'one Elasticsearch search a keystroke at most; p99 <= 15 ms at 200 req/s with the answer cache off; API CPU per keystroke beside bare Koa\'s',
  variants: [{ label: 'TYPEAHEAD_CACHE=off', env: { TYPEAHEAD_CACHE: 'off' } }],
  prepare: async (ctx) => void (await ensureOwners(ctx)),
  unavailable: (ctx) => probe(ctx, '/api/v1/portfolios/search?q=llc', 'GET /api/v1/portfolios/search'),
  requests: async (ctx) => {
    const { names } = await ensureOwners(ctx);
    await checkSearch(ctx, names);
    const typed = ownerKeystrokes(names, KEYSTROKES, 21);
    ctx.log(`load: ${typed.length} keystrokes, ${new Set(typed).size} distinct`);
    return typed.map((q): HttpRequestSpec => ({ path: `/api/v1/portfolios/search?q=${encodeURIComponent(q)}` }));
  },
};


/** The portfolio's lots as one CSV download: the transfer timed, then every row checked against Postgres. */
async function exportCsv(ctx: BenchContext, id: string, stored: string[], figures: ExportFigures): Promise<void> {
  const started = process.hrtime.bigint();
  const res = await getLiveText(ctx, `/api/v1/portfolios/${id}/lots.csv?sort=bbl`);
  figures.seconds += Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 200) throw new Error(`CSV of portfolio ${id}: ${res.status} ${res.text.slice(0, 300)}`);
  const rows = parse(res.text, { columns: true }) as Array<{ bbl: string }>;
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(row.bbl, (seen.get(row.bbl) ?? 0) + 1);
  figures.rows += rows.length;
  figures.pages += 1;
  figures.lists += 1;
  figures.missing += stored.filter((bbl) => !seen.has(bbl)).length;
  const storedSet = new Set(stored);
  for (const [bbl, count] of seen) figures.duplicates += storedSet.has(bbl) ? count - 1 : count;
}

const portfolioLots: BenchScenario = {
  kind: 'task',
  name: 'portfolio-lots',
  description: 'The largest generated portfolio: GET /portfolios/{id}/lots?limit=500 followed to the end by BBL and by -openViolations, then GET /portfolios/{id}/lots.csv; each pass repeated to 10,000 rows at least; every lot once, checked against Postgres',
  targets: '>= 10,000 rows/s for a 5,000-lot portfolio (the full-scale set\'s largest); nothing missing or repeated',
  async run(ctx): Promise<Record<string, string | number>> {
    const { largest } = await ensureOwners(ctx);
    const skipped = await probe(ctx, `/api/v1/portfolios/${largest.id}/lots?limit=1`, 'GET /api/v1/portfolios/{id}/lots');
    if (skipped) return { skipped };
    const pg = ctx.stores.byMode.live.pg;
    const stored = (await pg.query('select bbl from owner_portfolio_lots where portfolio_id = $1', [largest.id])).rows.map((row) => row.bbl as string);
    const list = (sort: string) => ({
      path: `/api/v1/portfolios/${largest.id}/lots?limit=500&sort=${sort}`,
      what: `lots of portfolio ${largest.id} (${sort})`,
      idOf: (row: { bbl: string }) => row.bbl,
      storedIds: async () => stored,
    });
    // A small portfolio's pass is over in milliseconds: repeat each until 10,000 rows, the first pass unmeasured (cold JIT, first reads).
    const passes = Math.max(3, Math.ceil(10_000 / Math.max(1, largest.lots)));
    await exportList(ctx, list('bbl'), noFigures());
    await exportList(ctx, list('-openViolations'), noFigures());
    await exportCsv(ctx, largest.id, stored, noFigures());
    const byBbl = noFigures();
    const byViolations = noFigures();
    const csv = noFigures();
    const cpu = new CpuMeter(serverPids(ctx.apiPid));
    cpu.start();
    for (let pass = 0; pass < passes; pass++) await exportList(ctx, list('bbl'), byBbl);
    for (let pass = 0; pass < passes; pass++) await exportList(ctx, list('-openViolations'), byViolations);
    for (let pass = 0; pass < passes; pass++) await exportCsv(ctx, largest.id, stored, csv);
    const reading = cpu.stop();
    const all = [byBbl, byViolations, csv].reduce(addFigures);
    const perThousand = (seconds: number) => `${((seconds * 1000 * 1000) / Math.max(1, all.rows)).toFixed(1)} ms/1,000 rows`;
    return {
      portfolio: `${largest.id}: ${largest.lots} lots (${stored.length} in owner_portfolio_lots), ${passes} passes of each`,
      byBbl: exportSummary(byBbl, 'rows', 'passes'),
      byOpenViolations: exportSummary(byViolations, 'rows', 'passes'),
      csv: exportSummary(csv, 'rows', 'downloads'),
      cpu: `${Object.entries(reading.seconds).map(([name, seconds]) => `${name} ${reading.missing.includes(name) ? 'n/a' : `${seconds.toFixed(2)} s (${perThousand(seconds)})`}`).join(', ')}, load generator ${reading.loadGeneratorSeconds.toFixed(2)} s; rest of the machine ${reading.restSeconds.toFixed(1)} s`,
    };
  },
};

export const ownerScenarios: BenchScenario[] = [portfolioSearch, portfolioLots];
