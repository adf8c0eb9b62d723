import { Type } from '@sinclair/typebox';
import { buildDocument } from '../../src/contract/document';
import { dataResponse, standardErrors } from '../../src/contract/components';
import { fragments } from '../../src/openapi';
import { operationInput } from '../../src/contract/input';
import { dateParam, limitParam, listOf } from '../../src/contract/params';
import { type Route, route } from '../../src/contract/routes';
import type { ApiFragment } from '../../src/contract/types';

/**
 * Test-only operations that exercise the shared platform mechanisms (validation, errors,
 * modes, shutdown) without depending on any family's data.
 */
const anything = { type: 'object' };

const probeInputs = {
  list: {
    query: Type.Object({
      limit: limitParam(100, 20),
      grade: Type.Optional(listOf(Type.Unsafe<string>({ enum: ['A', 'B', 'C'] }), 'grades')),
      since: Type.Optional(dateParam('on/after')),
      until: Type.Optional(dateParam('on/before')),
      minScore: Type.Optional(Type.Integer({ minimum: 0, description: 'min' })),
      maxScore: Type.Optional(Type.Integer({ minimum: 0, description: 'max' })),
      closed: Type.Optional(Type.Boolean({ description: 'closed' })),
      lat: Type.Optional(Type.Number({ minimum: 40.4, maximum: 41, description: 'lat' })),
      lng: Type.Optional(Type.Number({ minimum: -74.3, maximum: -73.6, description: 'lng' })),
      radius: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000, description: 'radius' })),
    }),
  },
  search: { query: Type.Object({ q: Type.String({ minLength: 2, maxLength: 120, description: 'text' }) }) },
  echo: { body: Type.Object({ ids: Type.Array(Type.String(), { maxItems: 3 }) }, { additionalProperties: false }) },
};

export const probeFragment: ApiFragment = {
  paths: {
    '/api/v1/probe/list': {
      get: {
        operationId: 'probeList',
        summary: 'strict list surface',
        'x-unknown-parameters': 'reject',
        'x-requires': { lat: ['lng'], lng: ['lat'], radius: ['lat', 'lng'] },
        'x-ordered': [['since', 'until'], ['minScore', 'maxScore']],
        ...operationInput(probeInputs.list),
        responses: { '200': dataResponse(anything), ...standardErrors() },
      },
    },
    '/api/v1/probe/search': {
      get: {
        operationId: 'probeSearch',
        summary: 'lenient surface with a required parameter',
        ...operationInput(probeInputs.search),
        responses: { '200': dataResponse(anything), ...standardErrors() },
      },
    },
    '/api/v1/probe/echo': {
      post: {
        operationId: 'probeEcho',
        summary: 'JSON body',
        ...operationInput(probeInputs.echo),
        responses: { '200': dataResponse(anything), ...standardErrors(['413', 'too large'], ['415', 'not JSON']) },
      },
    },
    '/api/v1/probe/boom': { get: { operationId: 'probeBoom', summary: 'throws', responses: { ...standardErrors() } } },
    '/api/v1/probe/slow': { get: { operationId: 'probeSlow', summary: 'slow', responses: { '200': dataResponse(anything), ...standardErrors() } } },
    '/api/v1/probe/store-refuses': { get: { operationId: 'probeStoreRefuses', summary: 'a store answers 400', responses: { ...standardErrors() } } },
    '/api/v1/probe/store': { get: { operationId: 'probeStore', summary: 'which store', responses: { '200': dataResponse(anything), ...standardErrors() } } },
  },
};

export const probeDocument = () => buildDocument([...fragments, probeFragment]);

export const probeRoutes: Route[] = [
  route({ method: 'get', path: '/api/v1/probe/list', input: probeInputs.list, handler: (ctx, { query }) => void (ctx.body = { data: query }) }),
  route({ method: 'get', path: '/api/v1/probe/search', input: probeInputs.search, handler: (ctx, { query }) => void (ctx.body = { data: query }) }),
  route({ method: 'post', path: '/api/v1/probe/echo', input: probeInputs.echo, handler: (ctx, { body }) => void (ctx.body = { data: body }) }),
  {
    method: 'get',
    path: '/api/v1/probe/boom',
    handler: () => {
      throw new Error('relation "secret_table" does not exist at /src/very/internal.ts:42');
    },
  },
  {
    method: 'get',
    path: '/api/v1/probe/slow',
    handler: async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      ctx.body = { data: { slow: true } };
    },
  },
  {
    method: 'get',
    path: '/api/v1/probe/store-refuses',
    handler: async (ctx) => {
      // A query built wrong (a bug of ours): Elasticsearch answers 400.
      await ctx.state.store.es.search({ index: ctx.state.store.indexAlias('restaurants'), query: { range: { name: { gte: {} } } } });
    },
  },
  {
    method: 'get',
    path: '/api/v1/probe/store',
    handler: async (ctx) => {
      const { rows } = await ctx.state.store.pg.query('select current_schema() as schema');
      ctx.body = { data: { mode: ctx.state.store.mode, schema: rows[0].schema, restaurantsIndex: ctx.state.store.indexAlias('restaurants') } };
    },
  },
];
