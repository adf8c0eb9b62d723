import type { Readable } from 'node:stream';
import { columnKey, missingColumns, NotARestaurantFileError } from './columns';
import type { RawItem, ReadOptions } from './raw-items';

/**
 * Streams the objects of a top-level JSON array (the SODA API's .json answer) without
 * holding the array: a small scanner cuts each object out and JSON.parse reads it alone.
 * "Line" is the record's 1-based position in the array (plus the offset).
 */
export async function* readJsonRecords(input: Readable, options: ReadOptions = {}): AsyncGenerator<RawItem> {
  const offset = options.lineOffset ?? 0;
  input.setEncoding('utf8');
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: string[] = [];
  let start = -1;
  let ordinal = 0;
  let checkedColumns = false;

  for await (const chunk of input as AsyncIterable<string>) {
    for (let index = 0; index < chunk.length; index += 1) {
      const char = chunk[index];
      if (inString) {
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') inString = true;
      else if (char === '{' || char === '[') {
        depth += 1;
        if (depth === 2 && char === '{') start = index;
      } else if (char === '}' || char === ']') {
        if (depth === 2 && char === '}' && start !== -1) {
          parts.push(chunk.slice(start, index + 1));
          const text = parts.join('');
          parts = [];
          start = -1;
          ordinal += 1;
          const item = toItem(text, offset + ordinal);
          if (!checkedColumns && 'record' in item) {
            // SODA leaves out keys whose value is null, so only the identity columns are required.
            const missing = missingColumns(Object.keys(item.record)).filter((column) => column === 'camis');
            if (missing.length) throw new NotARestaurantFileError(missing);
            checkedColumns = true;
          }
          yield item;
        }
        depth -= 1;
      }
    }
    if (start !== -1) {
      parts.push(chunk.slice(start));
      start = 0;
    }
  }
}

function toItem(text: string, line: number): RawItem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { line, reason: 'malformed JSON record' };
  }
  const record: Record<string, string> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (field === null || field === undefined) continue;
    if (typeof field === 'object') {
      // SODA location objects: {latitude, longitude} or GeoJSON {type, coordinates: [lon, lat]}.
      const point = field as { latitude?: unknown; longitude?: unknown; coordinates?: unknown[] };
      if (Array.isArray(point.coordinates)) record[columnKey(key)] = `POINT (${point.coordinates[0]} ${point.coordinates[1]})`;
      else if (point.latitude !== undefined) record[columnKey(key)] = `POINT (${point.longitude} ${point.latitude})`;
      continue;
    }
    record[columnKey(key)] = String(field);
  }
  return { line, record };
}
