import fc from 'fast-check';
import { ApiError } from '../errors';
import { createCursorCodec, Position, PositionShape, queryBinding } from './cursor';

/**
 * Properties of the cursor contract: whatever position and query made a cursor, passing it
 * back unchanged with the same query gives the position back, and anything else (an edited,
 * truncated, extended or forged cursor, or another query) is refused with invalid_cursor.
 */
const RUNS = { numRuns: 100 };
const codec = createCursorCodec('property-secret');

function refusal(decode: () => unknown): string {
  try {
    decode();
  } catch (error) {
    return error instanceof ApiError ? error.code : `not an ApiError: ${String(error)}`;
  }
  return 'accepted';
}

// A list's position shape and a position of that shape: keyword sort values (strings, or
// null for a missing value) and integers (dates as epoch milliseconds, ids, scores).
const shapedPosition: fc.Arbitrary<{ shape: PositionShape; p: Position }> = fc
  .array(fc.constantFrom('string' as const, 'integer' as const), { minLength: 1, maxLength: 5 })
  .chain((shape) =>
    fc.record({
      shape: fc.constant(shape),
      p: fc.tuple(...shape.map((kind) => (kind === 'integer' ? fc.maxSafeInteger() : fc.option(fc.string({ unit: 'binary', maxLength: 40 }), { nil: null })))),
    }),
  );
const filters = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
const query = fc.record({ list: fc.constantFrom('feed', 'browse', 'reports'), mode: fc.constantFrom('live', 'test'), filters });
const bindingOf = (q: { list: string; mode: string; filters: Record<string, unknown> }) => queryBinding(q.list, q.mode, q.filters);

/** A JSON document with object keys sorted: two queries are the same query when these are equal. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('cursor codec properties', () => {
  it('gives back any position for the same query, whatever the key order or paging parameters', () => {
    fc.assert(
      fc.property(shapedPosition, query, fc.integer({ min: 1, max: 100 }), ({ shape, p }, q, limit) => {
        const cursor = codec.encode(p, bindingOf(q));
        const reordered = Object.fromEntries(Object.entries(q.filters).reverse());
        expect(codec.decode(cursor, queryBinding(q.list, q.mode, { ...reordered, limit, cursor: 'ignored' }), shape)).toEqual(p);
      }),
      RUNS,
    );
  });

  it('refuses a cursor replayed with another query', () => {
    fc.assert(
      fc.property(shapedPosition, query, query, ({ shape, p }, made, replayed) => {
        fc.pre(sortedJson(bindingOf(made)) !== sortedJson(bindingOf(replayed)));
        expect(refusal(() => codec.decode(codec.encode(p, bindingOf(made)), bindingOf(replayed), shape))).toBe('invalid_cursor');
      }),
      RUNS,
    );
  });

  it('refuses a cursor with any character of its payload changed', () => {
    fc.assert(
      fc.property(shapedPosition, query, fc.nat(), fc.constantFrom(...BASE64URL), ({ shape, p }, q, at, replacement) => {
        const cursor = codec.encode(p, bindingOf(q));
        const payloadLength = cursor.indexOf('.');
        const i = at % payloadLength;
        fc.pre(cursor[i] !== replacement);
        const edited = cursor.slice(0, i) + replacement + cursor.slice(i + 1);
        expect(refusal(() => codec.decode(edited, bindingOf(q), shape))).toBe('invalid_cursor');
      }),
      RUNS,
    );
  });

  it('refuses a cursor whose payload or signature has any byte changed', () => {
    fc.assert(
      fc.property(shapedPosition, query, fc.boolean(), fc.nat(), fc.integer({ min: 1, max: 255 }), ({ shape, p }, q, inSignature, at, xor) => {
        const segments = codec.encode(p, bindingOf(q)).split('.');
        const segment = inSignature ? 1 : 0;
        const bytes = Buffer.from(segments[segment], 'base64url');
        bytes[at % bytes.length] ^= xor;
        segments[segment] = bytes.toString('base64url');
        expect(refusal(() => codec.decode(segments.join('.'), bindingOf(q), shape))).toBe('invalid_cursor');
      }),
      RUNS,
    );
  });

  it('refuses a truncated cursor and one with extra segments', () => {
    fc.assert(
      fc.property(shapedPosition, query, fc.nat(), fc.string({ maxLength: 30 }), ({ shape, p }, q, cut, extra) => {
        const cursor = codec.encode(p, bindingOf(q));
        expect(refusal(() => codec.decode(cursor.slice(0, cut % cursor.length), bindingOf(q), shape))).toBe('invalid_cursor');
        expect(refusal(() => codec.decode(`${cursor}.${extra}`, bindingOf(q), shape))).toBe('invalid_cursor');
        expect(refusal(() => codec.decode(`${extra}.${cursor}`, bindingOf(q), shape))).toBe('invalid_cursor');
      }),
      RUNS,
    );
  });

  it('refuses a cursor signed with another secret, and arbitrary strings', () => {
    fc.assert(
      fc.property(shapedPosition, query, fc.string({ minLength: 1 }), fc.string(), ({ shape, p }, q, otherSecret, junk) => {
        fc.pre(otherSecret !== 'property-secret');
        const forged = createCursorCodec(otherSecret).encode(p, bindingOf(q));
        expect(refusal(() => codec.decode(forged, bindingOf(q), shape))).toBe('invalid_cursor');
        expect(refusal(() => codec.decode(junk, bindingOf(q), shape))).toBe('invalid_cursor');
      }),
      RUNS,
    );
  });

  // Each of these decodes to the same 16 bytes as the real signature: still an edited cursor.
  it('refuses other spellings of a valid signature', () => {
    const respell = fc.constantFrom(
      (signature: string) => `${signature}=`,
      (signature: string) => `${signature.slice(0, 5)}!${signature.slice(5)}`,
      (signature: string) => `${signature} `,
      (signature: string) => {
        // 16 bytes take 22 characters; the last one carries 2 bits, the other 4 are padding.
        const last = BASE64URL.indexOf(signature[21]);
        return signature.slice(0, 21) + BASE64URL[last ^ 1];
      },
    );
    fc.assert(
      fc.property(shapedPosition, query, respell, ({ shape, p }, q, change) => {
        const [payload, signature] = codec.encode(p, bindingOf(q)).split('.');
        expect(refusal(() => codec.decode(`${payload}.${change(signature)}`, bindingOf(q), shape))).toBe('invalid_cursor');
      }),
      { numRuns: 20 },
    );
  });
});
