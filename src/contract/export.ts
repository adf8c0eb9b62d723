import { stringify } from 'csv-stringify/sync';
import type { Context } from 'koa';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { type CursorCodec, type Position, queryBinding } from '../search/cursor';
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
