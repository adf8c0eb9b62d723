import { ApiError } from '../http/errors';
import { createCursorCodec, pageOf, queryBinding } from './cursor';

const codec = createCursorCodec('secret-a');
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
    expect(codec.decode(cursor, binding)).toEqual(['2024-05-01', 'row-42']);
  });

  it('ignores limit and key order in the binding', () => {
    const cursor = codec.encode([1], binding);
    expect(codec.decode(cursor, queryBinding('feed', 'live', { limit: 5, sort: '-lastInspectedAt', borough: ['Queens'] }))).toEqual([1]);
  });

  it('refuses a cursor replayed with other filters, another sort or another mode', () => {
    const cursor = codec.encode([1], binding);
    expectInvalid(() => codec.decode(cursor, queryBinding('feed', 'live', { borough: ['Bronx'], sort: '-lastInspectedAt' })));
    expectInvalid(() => codec.decode(cursor, queryBinding('feed', 'live', { borough: ['Queens'], sort: 'name' })));
    expectInvalid(() => codec.decode(cursor, queryBinding('feed', 'test', { borough: ['Queens'], sort: '-lastInspectedAt' })));
  });

  it('refuses a cursor of another list or another scope', () => {
    const cursor = codec.encode([1], binding);
    expectInvalid(() => codec.decode(cursor, queryBinding('browse', 'live', { borough: ['Queens'], sort: '-lastInspectedAt' })));
    const scoped = codec.encode([1], queryBinding('reports', 'live', {}, { camis: '1' }));
    expectInvalid(() => codec.decode(scoped, queryBinding('reports', 'live', {}, { camis: '2' })));
  });

  it('refuses tampered, forged and malformed cursors', () => {
    const cursor = codec.encode([1], binding);
    const [payload, signature] = cursor.split('.');
    const edited = Buffer.from(JSON.stringify({ p: [999], b: JSON.parse(Buffer.from(payload, 'base64url').toString()).b })).toString('base64url');
    expectInvalid(() => codec.decode(`${edited}.${signature}`, binding));
    expectInvalid(() => createCursorCodec('secret-b').decode(cursor, binding));
    for (const junk of ['', 'abc', 'a.b.c', `${payload}.`, '!!!.???']) expectInvalid(() => codec.decode(junk, binding));
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
