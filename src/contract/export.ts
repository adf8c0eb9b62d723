import { stringify } from 'csv-stringify/sync';
import type { Context } from 'koa';
import { Readable, Transform } from 'node:stream';
import type { PoolClient } from 'pg';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { type CursorCodec, type Position, type PositionShape, queryBinding } from '../search/cursor';
import type { DataStore } from '../stores';
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
  config: Pick<Config, 'exportBatchRows' | 'exportMaxSeconds'>;
  logger: Logger;
  cursors: CursorCodec;
}

/** The format query parameter of an exportable list (exportParams). */
export type ExportQuery = PageQuery & { format?: 'json' | 'csv' };

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
 * Streams the batches as the response: the first is fetched before anything is sent, so a
 * refusal (not found, a bad cursor, a store down) still answers in the error envelope. Once
 * streaming, a failure or the time limit (EXPORT_MAX_SECONDS) cuts the response off
 * mid-body: the client sees a truncated transfer, never a short file that looks complete.
 */
async function streamCsv<Row>(ctx: Context, deps: ExportDeps, name: string, columns: CsvColumns, batches: AsyncGenerator<Row[]>, item: (row: Row) => unknown): Promise<void> {
  const first = await batches.next();
  async function* chunks(): AsyncGenerator<string> {
    try {
      yield csvText(columns, first.done ? [] : first.value.map(item), true);
      for await (const rows of batches) yield csvText(columns, rows.map(item));
    } catch (error) {
      deps.logger.warn({ err: error, requestId: ctx.state.requestId, list: name }, 'CSV export cut off');
      throw error;
    } finally {
      await batches.return(undefined);
    }
  }
  // One chunk in hand at a time: the socket's backpressure pauses the store walk.
  const body = Readable.from(chunks(), { objectMode: true, highWaterMark: 1 });
  const limit = setTimeout(() => body.destroy(new Error(`CSV export over ${deps.config.exportMaxSeconds} s`)), deps.config.exportMaxSeconds * 1000);
  limit.unref();
  body.once('close', () => {
    clearTimeout(limit);
    // Also when the client left before the first chunk was read: the walk (an Elasticsearch point in time) is closed.
    void batches.return(undefined).catch(() => undefined);
  });
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${name}.csv"`);
  ctx.body = body;
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
  const size = deps.config.exportBatchRows;
  const batches = keysetBatches((after) => list.rows(after, size), list.positionOf, start, size);
  await streamCsv(ctx, deps, list.list, list.csv, batches, list.item);
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
  await streamCsv(ctx, deps, list.list, list.csv, searchBatches(store, list, start, deps.config.exportBatchRows), list.item);
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
 * refusal (a bad cursor, the store down or timing out) still answers in the error envelope;
 * once streaming, a failure or the time limit cuts the body off mid-transfer. A client that
 * leaves ends the statement: its connection is closed and discarded, never returned to the pool
 * mid-COPY.
 */
export async function answerCopyList(ctx: Context, deps: ExportDeps, store: DataStore, list: CopyList): Promise<void> {
  const { format: _format, ...query } = list.query;
  const start = query.cursor ? deps.cursors.decode(query.cursor, queryBinding(list.list, store.mode, query, list.scope), list.position) : null;
  const statement = list.statement(start);
  const limitMs = deps.config.exportMaxSeconds * 1000;
  const deadline = Date.now() + limitMs;
  const client = await store.pg.connect();
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
    throw error;
  }
  const stream = copy;
  const body = crlfRecords();
  const cutOff = () => body.destroy(new Error(`CSV export over ${deps.config.exportMaxSeconds} s`));
  const limit = setTimeout(cutOff, limitMs);
  limit.unref();
  stream.once('end', () => {
    settled();
    // The last row is in: the file ends only within the time limit.
    if (Date.now() >= deadline) cutOff();
    else body.end();
    // The session's settings back to the pool's, then the client back to the pool.
    client.query('reset statement_timeout; reset max_parallel_workers_per_gather').then(() => release(), (error: Error) => release(error));
  });
  body.once('close', () => {
    clearTimeout(limit);
    if (!stream.readableEnded) {
      settled();
      stream.destroy();
      release(new Error('CSV export ended before its last row'));
    }
  });
  stream.on('error', (error) => {
    settled();
    deps.logger.warn({ err: error, requestId: ctx.state.requestId, list: list.list }, 'CSV export cut off');
    body.destroy(error);
  });
  stream.pipe(body, { end: false });
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${list.list}.csv"`);
  ctx.body = body;
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
