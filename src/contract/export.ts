import { Type } from '@sinclair/typebox';
import { stringify } from 'csv-stringify/sync';
import type { Context } from 'koa';
import { Readable, Transform } from 'node:stream';
import type { PoolClient } from 'pg';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { type CursorCodec, type Position, type PositionShape, queryBinding } from '../search/cursor';
import type { DataStore } from '../stores';
import type { ExportSlots } from './export-slots';
import type { Route, RouteState } from './routes';
import { type CursorList, cursorPage, type PageQuery, type SearchHit, searchPage } from './lists';

/**
 * CSV exports of the cursor lists: the same list (filters, order, scope, a cursor's starting
 * point), every row of it instead of one page, streamed as text/csv in store batches, so
 * memory stays flat whatever the list's length. One mechanism for every list: a Postgres list
 * walks its keyset (`rows(after, EXPORT_BATCH)`), an Elasticsearch list walks search_after
 * inside a point in time (one consistent view of the index for the whole export).
 */

/** How long Elasticsearch keeps an export's point in time between two batches. */
const PIT_KEEP_ALIVE = '1m';

/**
 * A list's CSV columns in order: each the header and the item's field, a dotted path into a
 * nested object (`address.street`). Values as the JSON has them (money in cents, dates
 * YYYY-MM-DD); null is an empty field; an array or object a column points at whole is its JSON text.
 */
export type CsvColumns = readonly string[];

/** What an export needs of the app (AppDeps has it all). */
export interface ExportDeps {
  config: Pick<Config, 'exportBatchRows' | 'exportMaxSeconds' | 'exportStallSeconds'>;
  logger: Logger;
  cursors: CursorCodec;
  exportSlots: ExportSlots;
}

/** The format query parameter of an exportable list (exportParams). */
export type ExportQuery = PageQuery & { format?: 'json' | 'csv' };

/** The path of a list's CSV export operation (exportableList in export-document.ts, exportableRoutes here). */
export const csvExportPath = (listPath: string): string => `${listPath}.csv`;

/**
 * A cursor list's route and its CSV export's, GET <path>.csv: the list's own handler, given
 * the input the list's declaration validates (without format, which the export's operation
 * does not take) with format csv, so the export is the one format=csv asks for (same
 * answers, headers, limits and export slots), whatever the Accept header says.
 */
export function exportableRoutes(list: Route): Route[] {
  const query = list.input?.query;
  if (list.method !== 'get' || !query?.properties.format) throw new Error(`${list.method.toUpperCase()} ${list.path}: only a GET list with exportParams (format) has a CSV export`);
  const { format: _format, ...filters } = query.properties;
  return [
    list,
    {
      method: 'get',
      path: csvExportPath(list.path),
      input: { ...list.input, query: Type.Object(filters) },
      handler: (ctx, input) => list.handler(ctx, { ...input, query: { ...input.query, format: 'csv' } }),
    },
  ];
}

/** format=csv, or no format and an Accept header that prefers text/csv to JSON. */
export function wantsCsv(ctx: Context, format: string | undefined): boolean {
  if (format) return format === 'csv';
  return ctx.get('Accept').includes('text/csv') && ctx.accepts('application/json', 'text/csv') === 'text/csv';
}

// RFC 4180: CRLF between records; a field with a comma, quote, CR or LF is quoted (csv-stringify
// quotes LF and CR alone only when told, with a CRLF record delimiter).
const CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

function cellOf(path: string): (item: unknown) => unknown {
  const steps = path.split('.');
  return (item) => {
    let value = item;
    for (const step of steps) value = value == null ? undefined : (value as Record<string, unknown>)[step];
    if (value == null) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}

/** The CSV text of one batch of items (header row first when asked), quoted by csv-stringify. */
export function csvText(columns: CsvColumns, items: unknown[], header = false): string {
  const cells = columns.map(cellOf);
  const records = items.map((item) => cells.map((cell) => cell(item)));
  return stringify(header ? [columns as string[], ...records] : records, CSV_OPTIONS);
}

/**
 * The batches of a keyset walk, each fetched while the previous one is written (one batch
 * ahead). A batch shorter than asked for is the last.
 */
async function* keysetBatches<Row>(fetch: (after: Position | null) => Promise<Row[]>, positionOf: (row: Row) => Position, start: Position | null, size: number): AsyncGenerator<Row[]> {
  const prefetch = (after: Position | null) => {
    const batch = fetch(after);
    // Awaited when its turn comes; a failure meanwhile (or of a prefetch an early stop never reads) is not an unhandled rejection.
    batch.catch(() => undefined);
    return batch;
  };
  let next: Promise<Row[]> | null = prefetch(start);
  while (next) {
    const rows: Row[] = await next;
    next = rows.length >= size ? prefetch(positionOf(rows[rows.length - 1])) : null;
    if (rows.length) yield rows;
  }
}

/**
 * A slot for the export about to start, or 429 too_many_exports (export-slots.ts): counted per
 * mode, and per key (per client address for a key limited per client). The function returned
 * gives it back.
 */
function exportSlot(ctx: Context, deps: ExportDeps, mode: string): () => void {
  const { key, client } = ctx.state as Partial<RouteState>;
  return deps.exportSlots.take(mode, client ? `${key?.id}/${client}` : String(key?.id));
}

/**
 * Most bytes handed to the response in one write. The client's progress is seen once per write
 * it takes whole, so a batch's text (a megabyte or more) goes in pieces: a slow reader that keeps
 * reading is seen doing so well within EXPORT_STALL_SECONDS.
 */
const WRITE_BYTES = 64 * 1024;

async function* inPieces(text: string): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += WRITE_BYTES) yield text.slice(at, at + WRITE_BYTES);
}

/** How long an export may run, and wait on its client for each chunk, before it is cut off. */
export interface ExportLimits {
  maxSeconds: number;
  stallSeconds: number;
}

/**
 * The body of an export: the source's chunks, one in hand at a time (the response's
 * backpressure pauses the source). Destroyed with an error (which cuts the response off
 * mid-body: the chunked transfer never ends, so the client sees an incomplete download, never
 * a short file that looks whole) when
 * - the export runs past maxSeconds,
 * - a chunk waits stallSeconds for the client to take it: a client that stops reading holds no
 *   slot, connection or point in time for longer than that. Only the wait on the client counts,
 *   never the source's time to produce the next chunk, and each chunk the client takes starts a
 *   new wait, so a slow but steady reader is never cut off,
 * - the source fails (`failed` hears of it, and of the cut-offs).
 * A cut-off destroys the source at once when it is a stream (a COPY's), so its store call ends
 * with it; a generator source is returned (its finally blocks close what it holds). `ended`
 * runs once when the body closes, however it ends, the client leaving included.
 */
export function exportBody(source: AsyncIterable<string | Buffer>, limits: ExportLimits, hooks: { failed(error: unknown): void; ended(): void }): Readable {
  const { maxSeconds, stallSeconds } = limits;
  // A stream's failure reaches the body through the iteration (a stream keeps its error for an
  // iteration that starts later); without a listener, one before the first read would be uncaught.
  if (source instanceof Readable) source.on('error', () => undefined);
  const cut = (reason: string) => {
    const error = new Error(`CSV export ${reason}`);
    if (source instanceof Readable) source.destroy(error);
    body.destroy(error);
  };
  async function* guarded(): AsyncGenerator<string | Buffer> {
    try {
      for await (const chunk of source) {
        // Resumed once the response has taken the chunk before this one: the time in between is the client's.
        const stall = setTimeout(cut, stallSeconds * 1000, `stalled: the client took nothing for ${stallSeconds} s`);
        try {
          yield chunk;
        } finally {
          clearTimeout(stall);
        }
      }
    } catch (error) {
      hooks.failed(error);
      throw error;
    }
  }
  const body = Readable.from(guarded(), { objectMode: true, highWaterMark: 1 });
  const limit = setTimeout(cut, maxSeconds * 1000, `over ${maxSeconds} s`);
  limit.unref();
  body.once('close', () => {
    clearTimeout(limit);
    hooks.ended();
  });
  return body;
}

/** Answers the export: its body (exportBody, under EXPORT_MAX_SECONDS and EXPORT_STALL_SECONDS) as a text/csv attachment. */
function sendCsv(ctx: Context, deps: ExportDeps, name: string, source: AsyncIterable<string | Buffer>, ended: () => void): void {
  const limits = { maxSeconds: deps.config.exportMaxSeconds, stallSeconds: deps.config.exportStallSeconds };
  const failed = (error: unknown) => deps.logger.warn({ err: error, requestId: ctx.state.requestId, list: name }, 'CSV export cut off');
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${name}.csv"`);
  ctx.body = exportBody(source, limits, { failed, ended });
}

/**
 * Streams the batches as the response: the first is fetched before anything is sent, so a
 * refusal (not found, a bad cursor, a store down) still answers in the error envelope. Once
 * streaming, sendCsv's limits apply. The slot is given back when the walk ends.
 */
async function streamCsv<Row>(ctx: Context, deps: ExportDeps, name: string, columns: CsvColumns, batches: AsyncGenerator<Row[]>, item: (row: Row) => unknown, slot: () => void): Promise<void> {
  let first: IteratorResult<Row[]>;
  try {
    first = await batches.next();
  } catch (error) {
    slot();
    throw error;
  }
  async function* chunks(): AsyncGenerator<string> {
    try {
      yield* inPieces(csvText(columns, first.done ? [] : first.value.map(item), true));
      for await (const rows of batches) yield* inPieces(csvText(columns, rows.map(item)));
    } finally {
      await batches.return(undefined);
    }
  }
  sendCsv(ctx, deps, name, chunks(), () => {
    slot();
    // Also when the client left before the first chunk was read: the walk (an Elasticsearch point in time) is closed.
    void batches.return(undefined).catch(() => undefined);
  });
}

/** A Postgres (keyset) cursor list and its CSV columns. */
export type ExportableList<Row, Item> = CursorList<Row, Item> & { query: ExportQuery; csv: CsvColumns };

/** A cursor list's answer: one JSON page (cursorPage), or with format=csv / Accept: text/csv the whole list from the cursor on. */
export async function answerList<Row, Item>(ctx: Context, deps: ExportDeps, mode: string, list: ExportableList<Row, Item>): Promise<void> {
  const { format, ...query } = list.query;
  if (!wantsCsv(ctx, format)) {
    ctx.body = await cursorPage(deps.cursors, mode, { ...list, query });
    return;
  }
  const start = query.cursor ? deps.cursors.decode(query.cursor, queryBinding(list.list, mode, query, list.scope), list.position) : null;
  const slot = exportSlot(ctx, deps, mode);
  const size = deps.config.exportBatchRows;
  const batches = keysetBatches((after) => list.rows(after, size), list.positionOf, start, size);
  await streamCsv(ctx, deps, list.list, list.csv, batches, list.item, slot);
}

/** An Elasticsearch (search_after) cursor list, as searchPage takes it, and its CSV columns. */
export type ExportableSearchList<Item> = Omit<CursorList<SearchHit, Item>, 'rows' | 'positionOf'> & {
  query: ExportQuery;
  csv: CsvColumns;
  index: string;
  request(after: Position | null): Record<string, unknown>;
};

/** Only what an export reads of each hit. */
const HIT_FIELDS = ['pit_id', 'hits.hits._source', 'hits.hits.fields', 'hits.hits.sort'];

/**
 * search_after batches inside one point in time (closed at the end). The page request's size
 * is replaced by the batch; a missing index is an empty list, as for a page.
 */
async function* searchBatches(store: DataStore, list: ExportableSearchList<unknown>, start: Position | null, size: number): AsyncGenerator<SearchHit[]> {
  const opened = await store.es.openPointInTime({ index: store.indexAlias(list.index), keep_alive: PIT_KEEP_ALIVE }, { ignore: [404] });
  let pit: string | undefined = opened.id;
  if (!pit) return;
  try {
    const fetch = async (after: Position | null) => {
      const response = await store.es.search({ ...list.request(after), size, pit: { id: pit!, keep_alive: PIT_KEEP_ALIVE }, filter_path: HIT_FIELDS });
      pit = response.pit_id ?? pit;
      return response.hits?.hits ?? [];
    };
    yield* keysetBatches(fetch, (hit) => hit.sort as Position, start, size);
  } finally {
    await store.es.closePointInTime({ id: pit }, { ignore: [404] }).catch(() => undefined);
  }
}

/** An Elasticsearch list's answer: one JSON page (searchPage), or the whole list as CSV (answerList). */
export async function answerSearchList<Item>(ctx: Context, deps: ExportDeps, store: DataStore, list: ExportableSearchList<Item>): Promise<void> {
  const { format, ...query } = list.query;
  if (!wantsCsv(ctx, format)) {
    ctx.body = await searchPage(deps.cursors, store, { ...list, query });
    return;
  }
  const start = query.cursor ? deps.cursors.decode(query.cursor, queryBinding(list.list, store.mode, query, list.scope), list.position) : null;
  const slot = exportSlot(ctx, deps, store.mode);
  await streamCsv(ctx, deps, list.list, list.csv, searchBatches(store, list, start, deps.config.exportBatchRows), list.item, slot);
}

/**
 * One SQL statement of a Postgres export: its text with $1..$n and their values. COPY takes no
 * bind parameters, so each value is written into the text as a literal (escaped by pg; an array
 * as ARRAY[...]::type[] from the placeholder's cast), never spliced from a request by hand.
 */
export interface CopyStatement {
  sql: string;
  params: unknown[];
}

/** A list exported by one COPY statement straight from Postgres (answerCopyList). */
export interface CopyList {
  list: string;
  /** The validated query, as the list's JSON page binds its cursors. */
  query: ExportQuery;
  scope?: Record<string, unknown>;
  position: PositionShape;
  /** The declared CSV columns: the statement's select list names them in this order (the header row). */
  csv: CsvColumns;
  /** The rows from the start, or after a cursor's position, in list order. */
  statement(after: Position | null): CopyStatement;
}

/** What writing a literal needs of a client: pg's escaping (the same for a pool's client and pg.escapeLiteral). */
type Escaper = Pick<PoolClient, 'escapeLiteral'>;

function literal(client: Escaper, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `array[${value.map((element) => literal(client, element)).join(',')}]`;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return client.escapeLiteral(String(value));
}

/** The statement's text with each $n replaced by its value as a literal (one pass: a value's text is never read again). */
export function inlineParams(client: Escaper, statement: CopyStatement): string {
  return statement.sql.replace(/\$(\d+)/g, (_match, n: string) => {
    const index = Number(n) - 1;
    if (index >= statement.params.length) throw new Error(`no value for $${n}`);
    return literal(client, statement.params[index]);
  });
}

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');

/** Bytes gathered before the transform passes them on: COPY's chunks are a few KB, and each write to the socket costs a system call and a chunk header. */
const CRLF_WRITE_BYTES = 64 * 1024;

/**
 * COPY ends records with LF; every export ends them with CRLF (RFC 4180, as csvText does). A
 * line feed outside quotes ends a record; inside a quoted field it is the value's own and
 * stays. Quote parity is carried across chunks ("" inside a field toggles twice). After the
 * first chunk, the output is passed on in writes of at least CRLF_WRITE_BYTES (the rest at the end).
 */
export function crlfRecords(): Transform {
  let quoted = false;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let started = false;
  const add = (part: Buffer) => {
    if (!part.length) return;
    pending.push(part);
    pendingBytes += part.length;
  };
  const take = () => {
    const out = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      let at = 0;
      let nextQuote = chunk.indexOf(QUOTE, 0);
      while (at < chunk.length) {
        if (quoted) {
          if (nextQuote < 0) break;
          quoted = false;
          at = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, at);
          continue;
        }
        const lf = chunk.indexOf(LF, at);
        if (nextQuote >= 0 && (lf < 0 || nextQuote < lf)) {
          quoted = true;
          at = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, at);
          continue;
        }
        if (lf < 0) break;
        add(chunk.subarray(start, lf));
        add(CRLF);
        start = at = lf + 1;
      }
      add(chunk.subarray(start));
      // The first chunk at once: the answer (status, headers, the header row) starts without waiting for 64 KB.
      const first = !started;
      started = true;
      done(null, first || pendingBytes >= CRLF_WRITE_BYTES ? take() : undefined);
    },
    flush(done) {
      done(null, pendingBytes ? take() : undefined);
    },
  });
}

/**
 * A Postgres list's whole CSV in one `COPY (select ...) TO STDOUT (FORMAT csv, HEADER)`: the
 * server writes the text and Node passes its bytes on (line ends made CRLF), so the rows never
 * become objects. One client of the store's pool for the export, its statement_timeout
 * EXPORT_MAX_SECONDS. As for the batch walks: the first chunk is awaited before answering, so a
 * refusal (a bad cursor, no export slot, the store down or timing out) still answers in the
 * error envelope; once streaming, sendCsv's limits (time, stalled client) or a failure cut the
 * body off mid-transfer. An export that ends before its last row (cut off, or the client gone)
 * ends its statement: its connection is closed and discarded, never returned to the pool
 * mid-COPY, so the backend is freed with it.
 */
export async function answerCopyList(ctx: Context, deps: ExportDeps, store: DataStore, list: CopyList): Promise<void> {
  const { format: _format, ...query } = list.query;
  const start = query.cursor ? deps.cursors.decode(query.cursor, queryBinding(list.list, store.mode, query, list.scope), list.position) : null;
  const statement = list.statement(start);
  const limitMs = deps.config.exportMaxSeconds * 1000;
  const deadline = Date.now() + limitMs;
  const slot = exportSlot(ctx, deps, store.mode);
  let client: PoolClient;
  try {
    client = await store.pg.connect();
  } catch (error) {
    slot();
    throw error;
  }
  let released = false;
  const release = (failure?: Error) => {
    if (released) return;
    released = true;
    client.release(failure);
  };
  let copy: CopyToStreamQuery | undefined;
  // pg times a query out through its callback, which a COPY stream never calls: without this
  // the timer outlived every export by EXPORT_MAX_SECONDS, holding the process open at shutdown
  // and then failing a statement that had long finished.
  const settled = () => (copy as unknown as { callback?: () => void } | undefined)?.callback?.();
  try {
    // One backend per export, walking the list's index in its order (no parallel workers: on a
    // shared server they tripled an export's CPU to sort the whole list before its first row).
    await client.query(`set statement_timeout = ${Math.max(1000, limitMs)}; set max_parallel_workers_per_gather = 0`);
    const query = copyTo(`copy (${inlineParams(client, statement)}) to stdout with (format csv, header)`);
    // The pool's client-side query timeout is for one page's statement; the export's is its own limit.
    Object.assign(query, { query_timeout: Math.max(1000, limitMs) + 5000 });
    copy = client.query(query);
    await firstChunk(copy);
  } catch (error) {
    settled();
    // The connection may be mid-statement: closed, not pooled.
    release(error as Error);
    slot();
    throw error;
  }
  const stream = copy;
  const records = crlfRecords();
  stream.once('end', () => {
    settled();
    // The last row is in: the file ends only within the time limit.
    if (Date.now() >= deadline) records.destroy(new Error(`CSV export over ${deps.config.exportMaxSeconds} s`));
    else records.end();
    // The session's settings back to the pool's, then the client back to the pool.
    client.query('reset statement_timeout; reset max_parallel_workers_per_gather').then(() => release(), (error: Error) => release(error));
  });
  records.once('close', () => {
    if (!stream.readableEnded) {
      settled();
      stream.destroy();
      release(new Error('CSV export ended before its last row'));
    }
  });
  stream.on('error', (error) => {
    settled();
    records.destroy(error);
  });
  stream.pipe(records, { end: false });
  sendCsv(ctx, deps, list.list, records, () => {
    slot();
    records.destroy();
  });
}

/**
 * Resolves once the COPY has its first chunk (or has ended), rejects on its failure: nothing
 * is read, so the chunk is still there for the pipe.
 */
function firstChunk(copy: CopyToStreamQuery): Promise<void> {
  return new Promise((resolve, reject) => {
    const onReadable = () => {
      copy.off('error', onError);
      copy.off('readable', onReadable);
      resolve();
    };
    const onError = (error: Error) => {
      copy.off('readable', onReadable);
      reject(error);
    };
    copy.on('readable', onReadable);
    copy.once('error', onError);
  });
}
