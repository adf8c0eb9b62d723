import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { RestaurantSourceRow } from '../../../src/domain/restaurants/grouping';
import { readCsvRecords } from './csv-records';
import { readJsonRecords } from './json-records';
import { parseRestaurantRecord } from './parse-row';
import type { RawItem, ReadOptions } from './raw-items';

/** A typed row or a rejected record, each with the line it came from. */
export type SourceItem = { line: number; row: RestaurantSourceRow } | { line: number; reason: string };

export type SourceFormat = 'csv' | 'json';

export interface RestaurantSource {
  /** For logs and the run record: the file path or URL. */
  description: string;
  items: AsyncIterable<SourceItem>;
  /** Bytes consumed so far and, for files, in total: the progress bar's ETA. */
  bytesRead(): number;
  totalBytes: number | null;
}

export function readRecords(input: Readable, format: SourceFormat, options: ReadOptions = {}): AsyncGenerator<RawItem> {
  return format === 'json' ? readJsonRecords(input, options) : readCsvRecords(input, options);
}

/** Raw records into typed rows; rejections pass through with their line. */
export async function* typedItems(raw: AsyncIterable<RawItem>): AsyncGenerator<SourceItem> {
  for await (const item of raw) {
    if ('reason' in item) {
      yield item;
      continue;
    }
    const parsed = parseRestaurantRecord(item.record);
    yield 'row' in parsed ? { line: item.line, row: parsed.row } : { line: item.line, reason: parsed.reason };
  }
}

export function formatOfPath(file: string): SourceFormat {
  return path.extname(file).toLowerCase() === '.json' ? 'json' : 'csv';
}

/** Counts bytes as they stream past, for progress. */
export function countingStream(input: Readable): { stream: Readable; bytes: () => number } {
  let bytes = 0;
  const counter = new PassThrough();
  input.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  input.on('error', (error) => counter.destroy(error));
  input.pipe(counter);
  return { stream: counter, bytes: () => bytes };
}

/** A local file in either real format (.json = SODA JSON, anything else CSV). */
export function fileSource(file: string): RestaurantSource {
  const totalBytes = fs.statSync(file).size;
  const { stream, bytes } = countingStream(fs.createReadStream(file, { highWaterMark: 256 * 1024 }));
  return { description: file, items: typedItems(readRecords(stream, formatOfPath(file))), bytesRead: bytes, totalBytes };
}
