import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { readCsvRecords } from './csv-records';
import type { DatasetSpec, Source, SourceFormat, SourceItem } from './dataset';
import { readJsonRecords } from './json-records';
import type { RawItem, ReadOptions } from './raw-items';

export function readRecords(input: Readable, dataset: DatasetSpec<unknown>, format: SourceFormat, options: ReadOptions = {}): AsyncGenerator<RawItem> {
  if (!dataset.formats.includes(format)) throw new Error(`${dataset.name}: ${format.toUpperCase()} is not a format of this data set`);
  return format === 'json' ? readJsonRecords(input, dataset, options) : readCsvRecords(input, dataset, options);
}

/** Raw records into typed rows; rejections pass through with their line. */
export async function* typedItems<Row>(dataset: DatasetSpec<Row>, raw: AsyncIterable<RawItem>): AsyncGenerator<SourceItem<Row>> {
  for await (const item of raw) {
    if ('reason' in item) {
      yield item;
      continue;
    }
    const parsed = dataset.parse(item.record);
    yield 'row' in parsed ? { line: item.line, row: parsed.row, record: item.record } : { line: item.line, reason: parsed.reason, record: item.record };
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

/** A local file of the data set (.json = SODA JSON, anything else CSV), opened when first read. */
export function fileSource<Row>(dataset: DatasetSpec<Row>, file: string): Source<Row> {
  const totalBytes = fs.statSync(file).size;
  let bytesRead = () => 0;
  const rawRecords = (keep?: ReadOptions['keep']) => {
    const { stream, bytes } = countingStream(fs.createReadStream(file, { highWaterMark: 256 * 1024 }));
    bytesRead = bytes;
    return { records: readRecords(stream, dataset as DatasetSpec<unknown>, formatOfPath(file), { keep }), bytesRead: bytes };
  };
  const items = { [Symbol.asyncIterator]: () => typedItems(dataset, rawRecords().records) };
  return { description: file, items, bytesRead: () => bytesRead(), totalBytes, rawRecords };
}

/** An item without the raw record it carries for the re-ingest's digest: what a source read, as tests compare it. */
export function withoutRecord<Item extends { record?: unknown }>(item: Item): Item extends unknown ? Omit<Item, 'record'> : never {
  const { record: _record, ...read } = item;
  return read as Item extends unknown ? Omit<Item, 'record'> : never;
}
