import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { buildDocument } from './document';
import { operationInput } from './input';
import { enumOf, latParam, listOf, pageParams } from './params';
import { route, mountRoutes } from './routes';
import type { ApiFragment } from './types';

const ListQuery = Type.Object({
  q: Type.String({ minLength: 2, description: 'text' }),
  grade: Type.Optional(listOf(enumOf(['A', 'B']), 'grades')),
  lat: Type.Optional(latParam('latitude')),
  ...pageParams(100, 20),
});

describe('operationInput', () => {
  const { parameters } = operationInput({ params: Type.Object({ id: Type.String({ description: 'the id' }) }), query: ListQuery });

  it('writes one parameter per property, in declaration order, path before query as declared', () => {
    expect(parameters?.map((parameter) => 'name' in parameter && `${parameter.in}:${parameter.name}`)).toEqual(['path:id', 'query:q', 'query:grade', 'query:lat', 'query:limit', 'query:cursor']);
  });

  it('lifts description and x-message out of the schema; a list is one comma-separated value', () => {
    expect(parameters?.[2]).toEqual({
      name: 'grade',
      in: 'query',
      required: false,
      description: 'grades',
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string', enum: ['A', 'B'] }, minItems: 1, maxItems: 50 },
    });
    expect(parameters?.[3]).toMatchObject({ name: 'lat', schema: { type: 'number', minimum: 40.45, maximum: 40.95 }, 'x-message': expect.stringContaining('within New York City') });
  });

  it('is required when declared without Type.Optional and without a default', () => {
    expect(parameters?.map((parameter) => 'name' in parameter && parameter.required)).toEqual([true, true, false, false, false, false]);
    expect(parameters?.[4]).toMatchObject({ name: 'limit', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } });
  });

  it('refuses an optional parameter with a default: the handler would type as absent what is always there', () => {
    expect(() => operationInput({ query: Type.Object({ limit: Type.Optional(Type.Integer({ default: 5 })) }) })).toThrow(/default/);
  });

  it('writes a body as a required JSON request body', () => {
    const body = Type.Object({ ids: Type.Array(Type.String()) }, { additionalProperties: false });
    expect(operationInput({ body }).requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids: { type: 'array', items: { type: 'string' } } } } } },
    });
  });
});

describe('mountRoutes and route declarations', () => {
  const fragment: ApiFragment = {
    paths: { '/api/v1/things': { get: { operationId: 'listThings', summary: 'things', ...operationInput({ query: ListQuery }), responses: {} } } },
  };
  const doc = buildDocument([fragment]);

  it('mounts a route declared with the input its operation was written from', () => {
    expect(() => mountRoutes(new Router(), doc, [route({ method: 'get', path: '/api/v1/things', input: { query: ListQuery }, handler: () => undefined })])).not.toThrow();
  });

  it('refuses a route whose declared parameters are not the operation\'s', () => {
    const other = Type.Object({ q: Type.String() });
    expect(() => mountRoutes(new Router(), doc, [route({ method: 'get', path: '/api/v1/things', input: { query: other }, handler: () => undefined })])).toThrow(/route declares \[q\]/);
    expect(() => mountRoutes(new Router(), doc, [route({ method: 'get', path: '/api/v1/things', handler: () => undefined })])).toThrow(/query parameters/);
  });
});
