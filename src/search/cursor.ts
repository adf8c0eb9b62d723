import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { invalidCursor } from '../errors';

/**
 * The one cursor format of the API: opaque, stateless, signed, never expiring, and
 * bound to the query that made it. A cursor carries the sort values of the last row of
 * its page (the search_after / keyset position, always ending in a unique tiebreaker), so
 * rows written between pages cannot shift what comes next.
 */
export type Position = Array<string | number | boolean | null>;

/**
 * What each value of a list's position must be. A decoded cursor is checked against it
 * before use: a payload of the wrong shape (forged with a leaked secret, or from an older
 * release) is 400 invalid_cursor, never a malformed query sent to a store.
 */
export type PositionShape = ReadonlyArray<'string' | 'integer' | 'date'>;

/** A real calendar date written YYYY-MM-DD: what a store can compare as a date without failing. */
function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const MAX_POSITION_STRING = 512;

function fitsShape(position: unknown[], shape: PositionShape): boolean {
  return (
    position.length === shape.length &&
    shape.every((kind, i) => {
      const value = position[i];
      if (kind === 'integer') return Number.isSafeInteger(value);
      // null: a row without the date (sorted last by the list that made the cursor).
      if (kind === 'date') return value === null || isCalendarDate(value);
      // null is how Elasticsearch reports a missing keyword sort value; it takes it back as such.
      return value === null || (typeof value === 'string' && value.length <= MAX_POSITION_STRING);
    })
  );
}

export interface CursorCodec {
  /** binding: everything that defines the result set (mode, filters, sort), never limit or cursor. */
  encode(position: Position, binding: unknown): string;
  /** The position, or 400 invalid_cursor when forged, edited, malformed, of another shape or replayed with another query. */
  decode(cursor: string, binding: unknown, shape: PositionShape): Position;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const bindingHash = (binding: unknown) => createHash('sha256').update(canonical(binding)).digest('base64url').slice(0, 16);

function bindsTo(hash: unknown, binding: unknown): boolean {
  if (hash === bindingHash(binding)) return true;
  const sent = binding && typeof binding === 'object' ? (binding as Record<symbol, unknown>)[AS_SENT] : undefined;
  return sent !== undefined && hash === bindingHash(sent);
}

export function createCursorCodec(secret: string): CursorCodec {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest().subarray(0, 16);
  return {
    encode(position, binding) {
      const payload = Buffer.from(JSON.stringify({ p: position, b: bindingHash(binding) })).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    decode(cursor, binding, shape) {
      const [payload, signature, extra] = cursor.split('.');
      if (!payload || !signature || extra !== undefined) throw invalidCursor();
      // Compared as text: base64url decoding is lenient (padding, stray characters, unused bits),
      // so several spellings decode to the same bytes, and each of them is an edited cursor.
      const given = Buffer.from(signature);
      const expected = Buffer.from(sign(payload).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
      let parsed: { p?: unknown; b?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      if (!parsed || typeof parsed !== 'object' || !Array.isArray(parsed.p) || !bindsTo(parsed.b, binding) || !fitsShape(parsed.p, shape)) throw invalidCursor();
      return parsed.p as Position;
    },
  };
}

/**
 * The binding of a list request: which list, its mode, whose rows (scope, e.g. the camis or
 * the device of a nested list) and its validated query less the paging parameters. A cursor
 * made by one list is refused by every other.
 */
export function queryBinding(list: string, mode: string, query: Record<string, unknown>, scope: Record<string, unknown> = {}): unknown {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  // A comma list is a set (riskLevel=HIGH,SEVERE is SEVERE,HIGH): the same set binds the same way.
  const filters = Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, Array.isArray(value) ? asSet(value) : value]));
  // Cursors never expire: one made before lists were bound as sets is bound to the lists as sent.
  return Object.assign({ list, mode, scope, filters }, { [AS_SENT]: { list, mode, scope, filters: rest } });
}

/** A list's distinct values in one order, whatever order they were sent in. */
function asSet(values: unknown[]): unknown[] {
  const distinct = new Map(values.map((value) => [canonical(value), value]));
  return [...distinct.keys()].sort().map((key) => distinct.get(key));
}

/** The binding of a query with its lists as sent (a symbol: canonical() never sees it). */
const AS_SENT = Symbol('binding as sent');

/**
 * One page out of limit + 1 fetched rows: the extra row only says whether another page
 * exists; the cursor points after the last row returned.
 */
export function pageOf<T>(rows: T[], limit: number, positionOf: (row: T) => Position, encode: (position: Position) => string): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encode(positionOf(page[page.length - 1])) };
}
