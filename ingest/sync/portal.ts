import { columnKey, missingColumns, WrongDatasetError } from '../sources/columns';
import type { DatasetSpec, Source } from '../sources/dataset';
import { toItem } from '../sources/json-records';
import type { RawItem } from '../sources/raw-items';
import { typedItems } from '../sources/source';

/** Where a sync stands on a data set: the portal's `:updated_at` and `:id` of the last row applied. */
export interface PortalPosition {
  updatedAt: string;
  rowId: string;
}

export const positionText = (position: PortalPosition | null) => (position ? `${position.updatedAt} ${position.rowId}` : null);

export interface PortalSourceOptions {
  /** The portal: https://data.cityofnewyork.us, or a server that speaks its API. */
  base: string;
  socrataId: string;
  /** Rows after this position only (null: every row, as a first sync or a full pass reads). */
  after: PortalPosition | null;
  /** Sent as X-App-Token: the portal's throttling is per token, far looser than per address. */
  appToken?: string;
  /** Rows per request (SODA's $limit, at most 50,000). */
  pageSize?: number;
  /** Attempts of a page before the sync fails (a 429, a 5xx, a dropped connection, a body cut short). */
  attempts?: number;
  /** Wait before the first retry when the portal says no Retry-After; doubled each time. */
  backoffMs?: number;
  /** The longest Retry-After honoured; a longer one waits this long. */
  maxRetryAfterMs?: number;
  fetchImpl?: typeof fetch;
}

export interface PortalSource<Row> extends Source<Row> {
  /** The position of the last row read; null before any row. */
  position(): PortalPosition | null;
  /** Rows the portal has sent. */
  rowsFetched(): number;
}

/** The portal no longer publishes a column the reader needs: retrying cannot help, and nothing of the data set is applied. */
export class ColumnsChangedError extends Error {}

/** An answer that retrying cannot change (the request itself is refused). */
class PermanentError extends Error {}

/**
 * SoQL for the rows after a position, in the order positions advance. Values are written as
 * SoQL string literals (a quote doubled); the position came from the portal itself.
 */
export function pageQuery(options: { after: PortalPosition | null; pageSize: number }): URLSearchParams {
  const params = new URLSearchParams({ $select: ':*,*', $order: ':updated_at,:id', $limit: String(options.pageSize) });
  if (options.after) {
    const at = literal(options.after.updatedAt);
    params.set('$where', `:updated_at > ${at} OR (:updated_at = ${at} AND :id > ${literal(options.after.rowId)})`);
  }
  return params;
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The rows of a data set the portal changed after a position, oldest change first, read
 * page by page (`<base>/resource/<id>.json`, keyset paging on `:updated_at, :id`, so a row
 * changed while the sync reads is neither skipped nor read twice in one pass). Each row
 * carries its system fields (`:id`, `:updated_at`), from which `position()` moves.
 *
 * The portal's X-SODA2-Fields header lists the columns it serves: one the reader needs that
 * is not there (renamed, gone) fails the read at once, before any row is passed on. A page
 * that fails (429 or 5xx, waiting what Retry-After says; a dropped connection; a body cut
 * short) is asked for again from the last row passed on, up to `attempts` times.
 */
export function portalSource<Row>(dataset: DatasetSpec<Row>, options: PortalSourceOptions): PortalSource<Row> {
  const pageSize = options.pageSize ?? 10_000;
  const attempts = options.attempts ?? 6;
  const backoffMs = options.backoffMs ?? 1000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const fetchImpl = options.fetchImpl ?? fetch;
  const resource = `${options.base.replace(/\/+$/, '')}/resource/${options.socrataId}.json`;
  let position = options.after;
  let fetched = 0;
  let bytesBefore = 0;

  const checkColumns = (header: string | null) => {
    if (!header) return;
    let fields: string[];
    try {
      fields = (JSON.parse(header) as string[]).map(columnKey);
    } catch {
      return;
    }
    const missing = dataset.requiredColumns.filter((column) => !fields.includes(column));
    if (missing.length) {
      throw new ColumnsChangedError(`the portal's ${dataset.title} (${options.socrataId}) no longer has the column(s) ${missing.join(', ')} its reader needs (renamed or gone); nothing of it was applied`);
    }
  };

  /** One page from the current position; the rows it passes on move the position. */
  async function* page(): AsyncGenerator<RawItem, number> {
    const url = `${resource}?${pageQuery({ after: position, pageSize }).toString()}`;
    const response = await fetchImpl(url, { headers: { Accept: 'application/json', ...(options.appToken && { 'X-App-Token': options.appToken }) } });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      const message = `GET ${url} answered ${response.status}`;
      if (response.status === 429 || response.status >= 500) throw Object.assign(new Error(message), { retryAfterMs: retryAfterMs(response.headers.get('retry-after')) });
      throw new PermanentError(message);
    }
    checkColumns(response.headers.get('x-soda2-fields'));
    // A page is at most pageSize rows: read whole and parsed at once (a streaming parser cost
    // ten times more per row). A body cut short does not parse, and the page is asked again.
    const text = await response.text();
    bytesBefore += Buffer.byteLength(text);
    let values: unknown;
    try {
      values = JSON.parse(text);
    } catch {
      throw new Error(`the portal's answer to ${url} is not whole JSON (cut short?)`);
    }
    if (!Array.isArray(values)) throw new PermanentError(`the portal answered ${url} with something other than a JSON array`);
    let rows = 0;
    for (const value of values) {
      const item = toItem(value, fetched + 1);
      if (!('record' in item)) throw new PermanentError(`the portal sent a row that is not an object (row ${item.line})`);
      if (fetched === 0 && rows === 0) {
        const missing = missingColumns(dataset.requiredJsonKeys, Object.keys(item.record));
        if (missing.length) throw new WrongDatasetError(dataset.title, missing);
      }
      const updatedAt = item.record[':updated_at'];
      const rowId = item.record[':id'];
      if (!updatedAt || !rowId) throw new PermanentError('the portal sent a row without its :id and :updated_at: it does not serve incremental reads of this data set');
      rows += 1;
      fetched += 1;
      position = { updatedAt, rowId };
      yield item;
    }
    return rows;
  }

  async function* pages(): AsyncGenerator<RawItem> {
    for (;;) {
      // Rows of the request that succeeded: fewer than a page is the end (a retry asks again from the last row passed on).
      let rows = 0;
      for (let attempt = 1; ; attempt += 1) {
        try {
          const reading = page();
          for (;;) {
            const next = await reading.next();
            if (next.done) {
              rows = next.value;
              break;
            }
            yield next.value;
          }
          break;
        } catch (error) {
          if (error instanceof PermanentError || error instanceof ColumnsChangedError || error instanceof WrongDatasetError) throw error;
          if (attempt >= attempts) throw new Error(`${resource} failed ${attempts} times; last: ${(error as Error).message}`);
          const asked = (error as { retryAfterMs?: number | null }).retryAfterMs;
          const wait = asked ?? backoffMs * 2 ** (attempt - 1);
          await new Promise((resolve) => setTimeout(resolve, Math.min(wait, maxRetryAfterMs)));
        }
      }
      if (rows < pageSize) return;
    }
  }

  return {
    description: resource,
    items: typedItems(dataset, pages()),
    bytesRead: () => bytesBefore,
    totalBytes: null,
    position: () => position,
    rowsFetched: () => fetched,
  };
}
