import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { RawItem } from './raw-items';
import { countingStream, readRecords, RestaurantSource, SourceFormat, typedItems } from './source';

export interface UrlSourceOptions {
  /** Rows per request ($limit); SODA allows up to 50,000. */
  pageSize?: number;
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

/**
 * Reads a SODA resource page by page until a page comes back short. Line numbers run on
 * across pages as if the pages were one file (CSV: header on line 1; JSON: record number).
 */
export function urlSource(base: string, options: UrlSourceOptions = {}): RestaurantSource {
  const pageSize = options.pageSize ?? 50_000;
  const fetchImpl = options.fetchImpl ?? fetch;
  let bytesBefore = 0;
  let current: (() => number) | null = null;

  async function* pages(): AsyncGenerator<RawItem> {
    for (let offset = 0; ; offset += pageSize) {
      const url = pageUrl(base, offset, pageSize);
      const response = await fetchImpl(url);
      if (!response.ok || !response.body) throw new Error(`GET ${url} answered ${response.status}`);
      const format = formatOfResponse(url, response.headers.get('content-type'));
      const counted = countingStream(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>));
      current = counted.bytes;
      let records = 0;
      for await (const item of readRecords(counted.stream, format, { lineOffset: offset })) {
        records += 1;
        yield item;
      }
      bytesBefore += counted.bytes();
      current = null;
      if (records < pageSize) return;
    }
  }

  return {
    description: base,
    items: typedItems(pages()),
    bytesRead: () => bytesBefore + (current ? current() : 0),
    totalBytes: null,
  };
}
