import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { WrongDatasetError } from './columns';
import type { DatasetSpec, Source, SourceFormat } from './dataset';
import type { RawItem } from './raw-items';
import { countingStream, readRecords, typedItems } from './source';

export interface UrlSourceOptions {
  /** Rows per request ($limit); SODA allows up to 50,000. */
  pageSize?: number;
  /** Attempts per page before the load fails (default 6). */
  attempts?: number;
  /** Wait before the first retry of a page; doubled for each further one (default 1 s). */
  backoffMs?: number;
  fetchImpl?: typeof fetch;
}

/** .json and .csv resources are what the SODA API serves; the content type decides otherwise. */
export function formatOfResponse(url: URL, contentType: string | null): SourceFormat {
  if (url.pathname.endsWith('.json')) return 'json';
  if (url.pathname.endsWith('.csv')) return 'csv';
  return (contentType ?? '').includes('json') ? 'json' : 'csv';
}

/** The page request: $limit/$offset, and a stable $order (SODA pages are unstable without one). */
export function pageUrl(base: string, offset: number, pageSize: number): URL {
  const url = new URL(base);
  url.searchParams.set('$limit', String(pageSize));
  url.searchParams.set('$offset', String(offset));
  if (!url.searchParams.has('$order')) url.searchParams.set('$order', ':id');
  return url;
}

/** The wait before retry number `retry` (1-based): backoff, 2 x backoff, 4 x backoff, ... */
export function retryDelayMs(retry: number, backoffMs: number): number {
  return backoffMs * 2 ** (retry - 1);
}

/** An answer that retrying cannot change (the request itself is wrong): fail at once. */
class PermanentPageError extends Error {}

/**
 * Reads a SODA resource page by page until a page comes back short. Line numbers run on
 * across pages as if the pages were one file (CSV: header on line 1; JSON: record number).
 * A page that fails (a 5xx or 429 answer, a dropped connection, a body cut short) is asked
 * for again after a growing pause; the records of it already passed on are skipped, so the
 * load resumes where it stopped. A page that keeps failing ends the load with its last error.
 */
export function urlSource<Row>(dataset: DatasetSpec<Row>, base: string, options: UrlSourceOptions = {}): Source<Row> {
  const pageSize = options.pageSize ?? 50_000;
  const attempts = options.attempts ?? 6;
  const backoffMs = options.backoffMs ?? 1000;
  const fetchImpl = options.fetchImpl ?? fetch;
  let bytesBefore = 0;
  let current: (() => number) | null = null;

  async function* page(url: URL, offset: number, skip: number): AsyncGenerator<RawItem> {
    const response = await fetchImpl(url);
    if (!response.ok || !response.body) {
      const message = `GET ${url} answered ${response.status}`;
      throw response.status >= 500 || response.status === 429 ? new Error(message) : new PermanentPageError(message);
    }
    const format = formatOfResponse(url, response.headers.get('content-type'));
    const counted = countingStream(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>));
    current = counted.bytes;
    try {
      let position = 0;
      for await (const item of readRecords(counted.stream, dataset, format, { lineOffset: offset })) {
        position += 1;
        if (position > skip) yield item;
      }
    } finally {
      bytesBefore += counted.bytes();
      current = null;
    }
  }

  async function* pages(): AsyncGenerator<RawItem> {
    for (let offset = 0; ; offset += pageSize) {
      const url = pageUrl(base, offset, pageSize);
      let records = 0;
      for (let attempt = 1; ; attempt += 1) {
        try {
          for await (const item of page(url, offset, records)) {
            records += 1;
            yield item;
          }
          break;
        } catch (error) {
          if (error instanceof PermanentPageError || error instanceof WrongDatasetError) throw error;
          if (attempt >= attempts) throw new Error(`GET ${url} failed ${attempts} times; last: ${(error as Error).message}`);
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt, backoffMs)));
        }
      }
      if (records < pageSize) return;
    }
  }

  return {
    description: base,
    items: typedItems(dataset, pages()),
    bytesRead: () => bytesBefore + (current ? current() : 0),
    totalBytes: null,
  };
}
