import type { Readable } from 'node:stream';
import { JSONParser } from '@streamparser/json';
import { columnKey, missingColumns, RawRecord, WrongDatasetError } from './columns';
import type { DatasetSpec } from './dataset';
import type { RawItem, ReadOptions } from './raw-items';

/**
 * Streams the elements of a top-level JSON array (the SODA API's .json answer) without
 * holding the array: the streaming parser hands over each element as it completes.
 * "Line" is the record's 1-based position in the array (plus the offset). Broken JSON
 * fails the whole document: past a syntax error nothing can be located reliably.
 */
export async function* readJsonRecords(
  input: Readable,
  dataset: Pick<DatasetSpec<unknown>, 'title' | 'requiredJsonKeys'>,
  options: ReadOptions = {},
): AsyncGenerator<RawItem> {
  const offset = options.lineOffset ?? 0;
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  let completed: unknown[] = [];
  parser.onValue = ({ value }) => {
    completed.push(value);
  };
  let ordinal = 0;
  let checkedKeys = false;
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    parser.write(chunk);
    const values = completed;
    completed = [];
    for (const value of values) {
      ordinal += 1;
      const item = toItem(value, offset + ordinal);
      if (!checkedKeys && 'record' in item) {
        const missing = missingColumns(dataset.requiredJsonKeys, Object.keys(item.record));
        if (missing.length) {
          input.destroy();
          throw new WrongDatasetError(dataset.title, missing);
        }
        checkedKeys = true;
      }
      if ('record' in item && options.keep && !options.keep(Object.values(item.record) as string[], Object.keys(item.record))) continue;
      yield item;
    }
  }
  if (!parser.isEnded) parser.end();
}

/** columnKey of a SODA field name, remembered: every record of a data set names the same few dozen fields. */
const keyOfField = new Map<string, string>();
function fieldKey(field: string): string {
  let key = keyOfField.get(field);
  if (key === undefined) {
    key = field.startsWith(':') ? `:${columnKey(field)}` : columnKey(field);
    if (keyOfField.size < 10_000) keyOfField.set(field, key);
  }
  return key;
}

/** One element of a SODA JSON array as a keyed record (null values left out), or why it is none. */
export function toItem(value: unknown, line: number): RawItem {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { line, reason: 'not a JSON object' };
  const record: RawRecord = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (field === null || field === undefined) continue;
    // The portal's system fields (`:id`, `:updated_at`, asked for with `$select=:*,*`) keep
    // their colon: `:id` is not a data set's own `id` column.
    if (key.startsWith(':')) {
      if (typeof field !== 'object') record[fieldKey(key)] = String(field);
      continue;
    }
    if (typeof field === 'object') {
      // SODA location objects: {latitude, longitude} or GeoJSON {type, coordinates: [lon, lat]}.
      const point = field as { latitude?: unknown; longitude?: unknown; coordinates?: unknown[] };
      if (Array.isArray(point.coordinates)) record[fieldKey(key)] = `POINT (${point.coordinates[0]} ${point.coordinates[1]})`;
      else if (point.latitude !== undefined) record[fieldKey(key)] = `POINT (${point.longitude} ${point.latitude})`;
      continue;
    }
    record[fieldKey(key)] = String(field);
  }
  return { line, record };
}
