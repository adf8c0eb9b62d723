import { createHmac } from 'node:crypto';
import { ApiError } from '../errors';
import { createCursorCodec, pageOf, queryBinding } from './cursor';

const codec = createCursorCodec('secret-a');
const ONE = ['integer'] as const;
const binding = queryBinding('feed', 'live', { borough: ['Queens'], sort: '-lastInspectedAt', limit: 20, cursor: 'x' });

function expectInvalid(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_cursor');
    return;
  }
  throw new Error('expected invalid_cursor');
}

describe('cursor codec', () => {
  it('round-trips a position for the same query', () => {
    const cursor = codec.encode(['2024-05-01', 'row-42'], binding);
    expect(codec.decode(cursor, binding, ['string', 'string'])).toEqual(['2024-05-01', 'row-42']);
  });

  it('ignores limit and key order in the binding', () => {
    const cursor = codec.encode([1], binding);
    expect(codec.decode(cursor, queryBinding('feed', 'live', { limit: 5, sort: '-lastInspectedAt', borough: ['Queens'] }), ONE)).toEqual([1]);
  });

  it('binds a comma list as a set: another order or a repeated value is the same query', () => {
    const cursor = codec.encode([1], queryBinding('browse', 'live', { riskLevel: ['HIGH', 'SEVERE'] }));
    expect(codec.decode(cursor, queryBinding('browse', 'live', { riskLevel: ['SEVERE', 'HIGH', 'SEVERE'] }), ONE)).toEqual([1]);
    expectInvalid(() => codec.decode(cursor, queryBinding('browse', 'live', { riskLevel: ['SEVERE'] }), ONE));
    // Made before lists were bound as sets: bound to the list as sent, and still good for it.
    const older = codec.encode([2], { list: 'browse', mode: 'live', scope: {}, filters: { riskLevel: ['SEVERE', 'HIGH'] } });
    expect(codec.decode(older, queryBinding('browse', 'live', { riskLevel: ['SEVERE', 'HIGH'] }), ONE)).toEqual([2]);
  });

  it('refuses a cursor replayed with other filters, another sort or another mode', () => {
    const cursor = codec.encode([1], binding);
    expectInvalid(() => codec.decode(cursor, queryBinding('feed', 'live', { borough: ['Bronx'], sort: '-lastInspectedAt' }), ONE));
    expectInvalid(() => codec.decode(cursor, queryBinding('feed', 'live', { borough: ['Queens'], sort: 'name' }), ONE));
    expectInvalid(() => codec.decode(cursor, queryBinding('feed', 'test', { borough: ['Queens'], sort: '-lastInspectedAt' }), ONE));
  });

  it('refuses a cursor of another list or another scope', () => {
    const cursor = codec.encode([1], binding);
    expectInvalid(() => codec.decode(cursor, queryBinding('browse', 'live', { borough: ['Queens'], sort: '-lastInspectedAt' }), ONE));
    const scoped = codec.encode([1], queryBinding('reports', 'live', {}, { camis: '1' }));
    expectInvalid(() => codec.decode(scoped, queryBinding('reports', 'live', {}, { camis: '2' }), ONE));
  });

  it('refuses tampered, forged and malformed cursors', () => {
    const cursor = codec.encode([1], binding);
    const [payload, signature] = cursor.split('.');
    const edited = Buffer.from(JSON.stringify({ p: [999], b: JSON.parse(Buffer.from(payload, 'base64url').toString()).b })).toString('base64url');
    expectInvalid(() => codec.decode(`${edited}.${signature}`, binding, ONE));
    expectInvalid(() => createCursorCodec('secret-b').decode(cursor, binding, ONE));
    for (const junk of ['', 'abc', 'a.b.c', `${payload}.`, '!!!.???']) expectInvalid(() => codec.decode(junk, binding, ONE));
  });

  it('refuses a correctly signed payload whose position is not of the list\'s shape', () => {
    // What a forger holding the secret could send: each would otherwise reach the store as search_after.
    for (const position of [[], ['1'], [1.5], [null], [true], ['1', 1], [{ a: 1 }], [1, 2], ['x'.repeat(600)]]) {
      expectInvalid(() => codec.decode(codec.encode(position as never, binding), binding, ONE));
    }
    for (const position of [['a', 'b'], [1, 2], [null, 'a'], [Number.MAX_SAFE_INTEGER + 2, 'a']]) {
      expect(() => codec.decode(codec.encode(position, binding), binding, ['integer', 'string'])).toThrow(ApiError);
    }
    expect(codec.decode(codec.encode([1, 'a'], binding), binding, ['integer', 'string'])).toEqual([1, 'a']);
    // A date position is a real calendar date or null, never text a store would fail to read as a date.
    for (const position of [['2024-05-01', 'a'], [null, 'a']]) expect(codec.decode(codec.encode(position, binding), binding, ['date', 'string'])).toEqual(position);
    for (const position of [['abc', 'a'], ['2024-13-01', 'a'], ['2024-02-30', 'a'], ['2024-5-1', 'a'], [20240501, 'a']]) {
      expectInvalid(() => codec.decode(codec.encode(position, binding), binding, ['date', 'string']));
    }
    // A signed payload that is not even an object.
    const payload = Buffer.from('null').toString('base64url');
    const signature = createHmac('sha256', 'secret-a').update(payload).digest().subarray(0, 16).toString('base64url');
    expectInvalid(() => codec.decode(`${payload}.${signature}`, binding, ONE));
  });
});

describe('pageOf', () => {
  const encode = (position: unknown[]) => JSON.stringify(position);
  it('returns no cursor when the extra row is absent', () => {
    expect(pageOf([1, 2], 2, (n) => [n], encode)).toEqual({ rows: [1, 2], nextCursor: null });
  });
  it('points the cursor at the last row returned', () => {
    expect(pageOf([1, 2, 3], 2, (n) => [n], encode)).toEqual({ rows: [1, 2], nextCursor: '[2]' });
  });
});
