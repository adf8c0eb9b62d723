import { buildDocument } from './document';
import { orderBySchema } from './order';

const doc = buildDocument([
  {
    paths: {},
    schemas: {
      Inner: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } },
      Outer: { type: 'object', properties: { name: { type: 'string' }, inner: { $ref: '#/components/schemas/Inner' }, list: { type: 'array', items: { $ref: '#/components/schemas/Inner' } } } },
    },
  },
]);

describe('orderBySchema', () => {
  it('puts keys in schema order, recursively through refs and arrays, extra keys last', () => {
    const value = { list: [{ b: 2, a: 1 }], extra: true, inner: { b: 2, a: 1 }, name: 'x' };
    const ordered = orderBySchema(value, { $ref: '#/components/schemas/Outer' }, doc);
    expect(JSON.stringify(ordered)).toBe('{"name":"x","inner":{"a":1,"b":2},"list":[{"a":1,"b":2}],"extra":true}');
  });

  it('leaves scalars and nulls alone', () => {
    expect(orderBySchema(null, { $ref: '#/components/schemas/Inner' }, doc)).toBeNull();
    expect(orderBySchema(3, { type: 'integer' }, doc)).toBe(3);
  });
});
