import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { type CliRun, field, runCli } from './scenarios/ingest';
import type { BenchContext } from './types';

/**
 * The plumbing the family scenarios (bench/scenarios/properties.ts, contractors.ts) share:
 * the endpoint probe that skips a scenario, the generator run in its own process, and the
 * cursor export that follows one list to its end and checks every row against Postgres.
 * Each scenario keeps what it measures and how it samples.
 */

const repoRoot = path.resolve(__dirname, '..');

/** GET with the bench's live key. */
export const getLive = (ctx: BenchContext, pathAndQuery: string) => fetch(`${ctx.apiUrl}${pathAndQuery}`, { headers: { Authorization: `Bearer ${ctx.liveKey}` } });

/** A probe of the endpoint: undefined when it answers, else why the scenario is skipped. */
export async function probe(ctx: BenchContext, pathAndQuery: string, what: string): Promise<string | undefined> {
  const res = await getLive(ctx, pathAndQuery);
  const body = await res.text();
  if (res.status === 404) return `${what} answers 404 (${body.slice(0, 120)}): the endpoint is not built in this tree yet`;
  if (res.status >= 400) return `${what} answers ${res.status}: ${body.slice(0, 200)}`;
  return undefined;
}

/** `npm run generate -- <family>` in its own process, so its peak RSS is its own (it prints it); resolves to its last line. */
export function generateInOwnProcess(family: string, dir: string, fraction: number, seed: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(repoRoot, 'ingest', 'generate', 'cli.ts'), family, '--fraction', String(fraction), '--seed', String(seed), '--out', dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(output.trim().split('\n').pop() ?? '') : reject(new Error(`generate failed: ${output}`))));
  });
}

/** What a cursor export measured over some lists (a lot's docket, a company's tickets). */
export interface ExportFigures {
  lists: number;
  rows: number;
  pages: number;
  missing: number;
  duplicates: number;
  seconds: number;
}

export const noFigures = (): ExportFigures => ({ lists: 0, rows: 0, pages: 0, missing: 0, duplicates: 0, seconds: 0 });

export const addFigures = (a: ExportFigures, b: ExportFigures): ExportFigures => ({
  lists: a.lists + b.lists, rows: a.rows + b.rows, pages: a.pages + b.pages, missing: a.missing + b.missing, duplicates: a.duplicates + b.duplicates, seconds: a.seconds + b.seconds,
});

/** `<rows> <rowWord> of <lists> <listWord> in <pages> pages, <s> s: <rows/s> rows/s; <missing> missing, <repeated> repeated (vs Postgres)`. */
export const exportSummary = (f: ExportFigures, rowWord: string, listWord: string) =>
  `${f.rows} ${rowWord} of ${f.lists} ${listWord} in ${f.pages} pages, ${f.seconds.toFixed(1)} s: ${Math.round(f.rows / Math.max(f.seconds, 1e-3))} rows/s; ${f.missing} missing, ${f.duplicates} repeated (vs Postgres)`;

/** One list to export: its first page's path (without the cursor), a row's identity, and the identities Postgres holds. */
export interface ExportedList<Row> {
  /** e.g. `/api/v1/properties/{bbl}/violations?limit=100&sort=-date`. */
  path: string;
  /** What the failure message names, e.g. `docket of 1000010001 (-date)`. */
  what: string;
  idOf(row: Row): string;
  storedIds(): Promise<string[]>;
}

/** One kept-alive connection, as an exporting client holds it. */
const exportAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * A GET with the bench's live key through node:http: fetch (undici) cost the bench's client
 * about 1.3 ms more per page than the API's whole answer to a one-page list (2.5 against 3.8
 * ms a page in turns on the same warm server), and an export's pages follow one another.
 */
export function getLiveText(ctx: BenchContext, pathAndQuery: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${ctx.apiUrl}${pathAndQuery}`, { agent: exportAgent, headers: { Authorization: `Bearer ${ctx.liveKey}` } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Follows a list's cursors from the first page to the last, then compares the rows served
 * with the rows stored as multisets: a stored row never served is missing, a row served more
 * often than stored is repeated.
 */
export async function exportList<Row>(ctx: BenchContext, list: ExportedList<Row>, figures: ExportFigures): Promise<void> {
  const seen = new Map<string, number>();
  let cursor: string | null = null;
  const started = process.hrtime.bigint();
  do {
    const res = await getLiveText(ctx, `${list.path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.status !== 200) throw new Error(`${list.what} failed on page ${figures.pages + 1}: ${res.status} ${res.text}`);
    const body = JSON.parse(res.text) as { data: Row[]; meta: { nextCursor: string | null } };
    for (const row of body.data) {
      const id = list.idOf(row);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      figures.rows += 1;
    }
    cursor = body.meta.nextCursor;
    figures.pages += 1;
  } while (cursor);
  figures.seconds += Number(process.hrtime.bigint() - started) / 1e9;
  const stored = new Map<string, number>();
  for (const id of await list.storedIds()) stored.set(id, (stored.get(id) ?? 0) + 1);
  for (const [id, count] of stored) figures.missing += Math.max(0, count - (seen.get(id) ?? 0));
  for (const [id, count] of seen) figures.duplicates += Math.max(0, count - (stored.get(id) ?? 0));
  figures.lists += 1;
}

/** One `npm run ingest` process's figures from its output, and the line a scenario reports. */
export function ingestRunFigures(run: CliRun): { rows: number; seconds: number; rss: number; line: string } {
  const rows = Number(field(run.output, 'rows read'));
  const seconds = Number(field(run.output, 'time'));
  const rss = Number(field(run.output, 'peak RSS'));
  const phases = /reading .*final indexing \S+ s/.exec(run.output)?.[0] ?? '?';
  const line = `${rows} rows (${field(run.output, 'rejected')} rejected) in ${seconds} s: ${Math.round(rows / seconds)} rows/s [${phases}]; process ${run.seconds.toFixed(1)} s wall; peak RSS ${field(run.output, 'peak RSS')} MB`;
  return { rows, seconds, rss, line };
}

/** `npm run ingest -- verify --family <family>` in the namespace, as a report line. */
export async function verifyLine(ctx: BenchContext, family: string, namespace: string): Promise<string> {
  const verify = await runCli(['verify', '--family', family], ctx, namespace);
  return verify.code === 0 ? `passed (${verify.seconds.toFixed(1)} s)` : `FAILED\n${verify.output}`;
}
