import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { pageResponse, ref } from './components';
import { buildDocument } from './document';
import { exportableRoutes } from './export';
import { exportableList, exportListErrors, exportParams } from './export-document';
import { operationInput } from './input';
import { enumOf, pageParams } from './params';
import { mountRoutes, route } from './routes';
import type { Operation } from './types';

/** One exportable list, declared as a family declares one: its operation, and its route. */
const ThingQuery = Type.Object({
  kind: Type.Optional(enumOf(['big', 'small'] as const, { description: 'kind' })),
  ...pageParams(100, 20),
  ...exportParams,
});
const thingInput = { params: Type.Object({ owner: Type.String() }), query: ThingQuery };

const listThings: Operation = {
  operationId: 'listThings',
  summary: 'Things',
  description: 'Every thing.',
  tags: ['Things'],
  'x-unknown-parameters': 'reject',
  ...operationInput(thingInput),
  responses: { '200': pageResponse(ref('Thing')), ...exportListErrors(['404', 'No such owner (not_found).']) },
};

const paths = exportableList('/api/v1/owners/{owner}/things', listThings, ['id', 'kind']);

describe('exportableList', () => {
  const json = paths['/api/v1/owners/{owner}/things'].get!;
  const csv = paths['/api/v1/owners/{owner}/things.csv'].get!;

  it("writes the list's 200 as JSON alone and names its CSV operation in its description", () => {
    expect(Object.keys(json.responses['200'].content)).toEqual(['application/json']);
    expect(json.parameters?.map((parameter) => 'name' in parameter && parameter.name)).toEqual(['owner', 'kind', 'limit', 'cursor', 'format']);
    expect(json.description).toMatch(/^Every thing\.\n\nCSV: GET \/api\/v1\/owners\/\{owner\}\/things\.csv .*the typed way/);
  });

  it('writes GET <path>.csv from the same operation: its parameters but format, its rules and errors, a text/csv 200 in the columns', () => {
    expect(csv).toMatchObject({ operationId: 'listThingsCsv', tags: ['Things'], 'x-unknown-parameters': 'reject' });
    expect(csv.parameters?.map((parameter) => 'name' in parameter && parameter.name)).toEqual(['owner', 'kind', 'limit', 'cursor']);
    expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv']);
    expect(csv.responses['200'].content['text/csv']).toMatchObject({ schema: { type: 'string', description: expect.stringMatching(/Columns: id, kind\.$/) }, example: 'id,kind\r\n' });
    const { '200': _json, ...listErrors } = json.responses;
    const { '200': _csv, ...csvErrors } = csv.responses;
    expect(csvErrors).toEqual(listErrors);
  });

  it('refuses a list that takes no format or answers no JSON page', () => {
    const { parameters, ...withoutParameters } = listThings;
    expect(() => exportableList('/api/v1/things', { ...withoutParameters, parameters: parameters!.filter((p) => !('name' in p) || p.name !== 'format') }, ['id'])).toThrow(/exportParams/);
    expect(() => exportableList('/api/v1/things', { ...listThings, responses: exportListErrors() }, ['id'])).toThrow(/JSON page/);
  });
});

describe('exportableRoutes', () => {
  const list = route({
    method: 'get',
    path: '/api/v1/owners/{owner}/things',
    input: thingInput,
    handler(ctx, input) {
      ctx.body = input;
    },
  });

  it('adds GET <path>.csv, declared without format, to the list route it is given', () => {
    const routes = exportableRoutes(list);
    expect(routes.map((each) => `${each.method} ${each.path}`)).toEqual(['get /api/v1/owners/{owner}/things', 'get /api/v1/owners/{owner}/things.csv']);
    expect(routes[0]).toBe(list);
    expect(Object.keys(routes[1].input!.query!.properties)).toEqual(['kind', 'limit', 'cursor']);
    expect(routes[1].input!.params).toBe(thingInput.params);
  });

  it('refuses a route that is not an exportable list', () => {
    expect(() => exportableRoutes(route({ method: 'get', path: '/api/v1/things', input: { query: Type.Object(pageParams(10, 5)) }, handler: () => undefined }))).toThrow(/exportParams/);
  });

  it("mounts on the document's two operations; the export runs the list's handler with the list's input and format csv, whatever Accept says", async () => {
    const doc = buildDocument([{ paths, schemas: { Thing: { type: 'object' } } }]);
    const router = new Router();
    mountRoutes(router, doc, exportableRoutes(list));
    const koa = new Koa();
    koa.use(async (ctx, next) => {
      try {
        await next();
      } catch (error) {
        const { status, code, param } = error as { status: number; code: string; param?: string };
        ctx.status = status;
        ctx.body = { error: { code, param } };
      }
    });
    const server = koa.use(router.routes()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/owners/ann`;
      const get = async (path: string, headers?: Record<string, string>) => {
        const res = await fetch(`${base}${path}`, { headers });
        return { status: res.status, body: await res.json() };
      };
      expect(await get('/things.csv?kind=BIG&cursor=a.b', { Accept: 'application/json' })).toEqual({
        status: 200,
        body: { params: { owner: 'ann' }, query: { kind: 'big', limit: 20, cursor: 'a.b', format: 'csv' }, headers: {} },
      });
      expect(await get('/things?kind=small&format=csv')).toMatchObject({ status: 200, body: { query: { kind: 'small', limit: 20, format: 'csv' } } });
      expect(await get('/things')).toMatchObject({ status: 200, body: { query: { limit: 20 } } });
      // The export takes no format: the list's own rules refuse it as any unknown parameter.
      expect(await get('/things.csv?format=json')).toMatchObject({ status: 400, body: { error: { code: 'unknown_parameter' } } });
      expect(await get('/things.csv?kind=huge')).toMatchObject({ status: 400, body: { error: { code: 'invalid_parameter' } } });
    } finally {
      server.close();
    }
  });
});
