import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { columnKey, missingColumns, WrongDatasetError } from './columns';
import { CsvSplitter } from './csv-splitter';
import type { DatasetSpec } from './dataset';
import type { RawItem, ReadOptions } from './raw-items';

/**
 * Streams CSV records (portal or SODA export) as keyed records; a header without the
 * data set's required columns refuses the file. Line numbers are the file's
 * physical lines where the record ends (the header is line 1). A record with the wrong
 * number of fields or broken quoting is reported, not fatal: the rest still loads.
 * How the text is split: csv-splitter.ts.
 */
export async function* readCsvRecords(
  input: Readable,
  dataset: Pick<DatasetSpec<unknown>, 'title' | 'requiredColumns'>,
  options: ReadOptions = {},
): AsyncGenerator<RawItem> {
  const offset = options.lineOffset ?? 0;
  let keys: string[] | null = null;
  let keyed: ((fields: string[]) => Record<string, string>) | null = null;
  let pending: RawItem[] = [];
  const splitter = new CsvSplitter({
    record(fields, line) {
      if (keys === null) {
        keys = fields.map(columnKey);
        const missing = missingColumns(dataset.requiredColumns, keys);
        if (missing.length) throw new WrongDatasetError(dataset.title, missing);
        keyed = recordMaker(keys);
        return;
      }
      if (fields.length !== keys.length) {
        pending.push({ line: offset + line, reason: `expected ${keys.length} fields, found ${fields.length}` });
        return;
      }
      if (options.keep && !options.keep(fields, keys)) return;
      pending.push({ line: offset + line, record: keyed!(fields) });
    },
    unreadable(reason, line) {
      pending.push({ line: offset + line, reason: `unreadable CSV record: ${reason}` });
    },
  });
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of input as AsyncIterable<Buffer | string>) {
      splitter.push(typeof chunk === 'string' ? chunk : decoder.write(chunk));
      const ready = pending;
      pending = [];
      yield* ready;
    }
    splitter.push(decoder.end());
    splitter.end();
  } catch (error) {
    input.destroy();
    throw error;
  }
  yield* pending;
}

/**
 * Fields into a record keyed by the header's column keys: one object literal of the
 * header's shape, built by a function made for it (a property added at a time made each
 * PLUTO record of 90 columns slow to build and to read). A key repeated in the header
 * takes its last column's value, as assigning them in turn did.
 */
function recordMaker(keys: string[]): (fields: string[]) => Record<string, string> {
  const last = new Map(keys.map((key, index) => [key, index]));
  const properties = [...last].map(([key, index]) => `${JSON.stringify(key)}: fields[${index}]`);
  return new Function('fields', `return { ${properties.join(', ')} };`) as (fields: string[]) => Record<string, string>;
}
