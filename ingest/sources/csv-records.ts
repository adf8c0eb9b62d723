import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { columnKey, missingColumns, WrongDatasetError } from './columns';
import type { DatasetSpec } from './dataset';
import type { RawItem, ReadOptions } from './raw-items';

/**
 * Streams CSV records (portal or SODA export) as keyed records; a header without the
 * data set's required columns refuses the file. Line numbers are the file's
 * physical lines where the record ends (the header is line 1). A record with the wrong
 * number of fields or broken quoting is reported, not fatal: the rest still loads.
 */
export async function* readCsvRecords(
  input: Readable,
  dataset: Pick<DatasetSpec<unknown>, 'title' | 'requiredColumns'>,
  options: ReadOptions = {},
): AsyncGenerator<RawItem> {
  const offset = options.lineOffset ?? 0;
  const skipped: RawItem[] = [];
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    // A quote inside an unquoted field is part of the value: DOB's facade extract writes
    // `NO EVIDENCE OF "ERODING BRICK"` unescaped (a quote opening a field still quotes it).
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      const lines = (error as { lines?: number } | undefined)?.lines ?? parser.info.lines;
      skipped.push({ line: offset + lines, reason: `unreadable CSV record: ${error?.message ?? 'parse error'}` });
      return undefined;
    },
  });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);

  let keys: string[] | null = null;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    while (skipped.length) yield skipped.shift()!;
    if (keys === null) {
      keys = record.map(columnKey);
      const missing = missingColumns(dataset.requiredColumns, keys);
      if (missing.length) {
        input.destroy();
        throw new WrongDatasetError(dataset.title, missing);
      }
      continue;
    }
    const line = offset + info.lines;
    if (record.length !== keys.length) {
      yield { line, reason: `expected ${keys.length} fields, found ${record.length}` };
      continue;
    }
    const keyed: Record<string, string> = {};
    for (let index = 0; index < keys.length; index += 1) keyed[keys[index]] = record[index];
    yield { line, record: keyed };
  }
  while (skipped.length) yield skipped.shift()!;
}
