import type { Pool } from 'pg';
import { dataVersion } from './data-changes';

/**
 * Rows of read statements kept in memory while the data they came from has not changed: a kept
 * read is served again only while its schema's data version (data-changes.ts: a count of the
 * commits Postgres has notified for the schema) is the one it was read at, so a kept read is
 * never older than the last write this process has heard of. Only what a store returns is kept,
 * never what code computes from it: computations that depend on the clock run on every request.
 *
 * Use it for statements whose tables notify (migrations/data/604_data_changed_notify.sql, and 605 onwards by notify_data_changes_of)
 * (kept-reads.test.ts checks every statement read this way), named by `prepared` and with
 * values that repeat (a day, not an instant). Rows are frozen: a reader that changed them would
 * change them for the next reader too.
 */

interface Entry {
  version: string;
  rows: readonly unknown[];
  bytes: number;
}

/** Least recently used first (a hit moves its entry to the end). */
const entries = new Map<string, Entry>();
let keptBytes = 0;
/** Most bytes of rows kept (as JSON, about what they take in memory), and the longest result kept. */
export const KEPT_MAX_BYTES = 64 * 1024 * 1024;
export const KEPT_MAX_ROWS = 2000;

/** Every statement text read through keptRows in this process (kept-reads.test.ts checks their tables). */
export const keptStatementTexts = new Set<string>();

export interface KeptStatement {
  name: string;
  text: string;
  values: unknown[];
}

// Rows are typed as pg types them (any) unless the caller names their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function keptRows<R = any>(store: { schema: string; pg: Pool }, statement: KeptStatement): Promise<R[]> {
  const version = dataVersion(store.schema);
  if (version === null) return (await store.pg.query(statement)).rows as R[];
  keptStatementTexts.add(statement.text);
  const key = `${store.schema}\n${statement.name}\n${JSON.stringify(statement.values)}`;
  const hit = entries.get(key);
  if (hit && hit.version === version) {
    entries.delete(key);
    entries.set(key, hit);
    return hit.rows as R[];
  }
  // The version is taken before the read: a commit during it moves the version on, so rows that
  // may predate that commit are never served after it.
  const { rows } = await store.pg.query(statement);
  if (hit) forget(key, hit);
  if (rows.length <= KEPT_MAX_ROWS) keep(key, { version, rows: deepFreeze(rows), bytes: JSON.stringify(rows).length + key.length });
  return rows as R[];
}

function keep(key: string, entry: Entry): void {
  const previous = entries.get(key);
  if (previous) forget(key, previous);
  entries.set(key, entry);
  keptBytes += entry.bytes;
  for (const [oldest, old] of entries) {
    if (keptBytes <= KEPT_MAX_BYTES) break;
    forget(oldest, old);
  }
}

function forget(key: string, entry: Entry): void {
  if (entries.get(key) !== entry) return;
  entries.delete(key);
  keptBytes -= entry.bytes;
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  for (const inner of Object.values(value as object)) deepFreeze(inner);
  return Object.freeze(value);
}

/** How many results are kept and their size (tests and the bench). */
export function keptReadsSize(): { entries: number; bytes: number } {
  return { entries: entries.size, bytes: keptBytes };
}
