import { buildDocument } from '../../src/contract/document';
import { commaList, dataResponse, DATE, limitParam, queryParam, standardErrors } from '../../src/contract/components';
import { fragments } from '../../src/openapi';
import type { Route } from '../../src/contract/routes';
import type { ApiFragment } from '../../src/contract/types';

/**
 * Test-only operations that exercise the shared platform mechanisms (validation, errors,
 * modes, shutdown) without depending on any family's data.
 */
const anything = { type: 'object' };

export const probeFragment: ApiFragment = {
  paths: {
    '/api/v1/probe/list': {
      get: {
        operationId: 'probeList',
        summary: 'strict list surface',
        'x-unknown-parameters': 'reject',
        'x-requires': { lat: ['lng'], lng: ['lat'], radius: ['lat', 'lng'] },
        'x-ordered': [['since', 'until'], ['minScore', 'maxScore']],
        parameters: [
          limitParam(100, 20),
          commaList('grade', { enum: ['A', 'B', 'C'] }, 'grades'),
          queryParam('since', DATE, 'on/after'),
          queryParam('until', DATE, 'on/before'),
          queryParam('minScore', { type: 'integer', minimum: 0 }, 'min'),
          queryParam('maxScore', { type: 'integer', minimum: 0 }, 'max'),
          queryParam('closed', { type: 'boolean' }, 'closed'),
          queryParam('lat', { type: 'number', minimum: 40.4, maximum: 41 }, 'lat'),
          queryParam('lng', { type: 'number', minimum: -74.3, maximum: -73.6 }, 'lng'),
          queryParam('radius', { type: 'integer', minimum: 1, maximum: 2000 }, 'radius'),
        ],
        responses: { '200': dataResponse(anything), ...standardErrors() },
      },
    },
    '/api/v1/probe/search': {
      get: {
        operationId: 'probeSearch',
        summary: 'lenient surface with a required parameter',
        parameters: [queryParam('q', { type: 'string', minLength: 2, maxLength: 120 }, 'text', true)],
        responses: { '200': dataResponse(anything), ...standardErrors() },
      },
    },
    '/api/v1/probe/echo': {
      post: {
        operationId: 'probeEcho',
        summary: 'JSON body',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids: { type: 'array', items: { type: 'string' }, maxItems: 3 } } },
            },
          },
        },
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
  { method: 'get', path: '/api/v1/probe/list', handler: (ctx) => void (ctx.body = { data: ctx.state.input.query }) },
  { method: 'get', path: '/api/v1/probe/search', handler: (ctx) => void (ctx.body = { data: ctx.state.input.query }) },
  { method: 'post', path: '/api/v1/probe/echo', handler: (ctx) => void (ctx.body = { data: ctx.state.input.body }) },
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
