import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { operationInput } from './input';
import { mountRoutes, route } from './routes';
import type { OpenApiDocument } from './types';

/** A template route mounted before its literal sibling still leaves the literal path to it. */

const thingInput = { params: Type.Object({ id: Type.String() }) };
const operation = (operationId: string, input = {}) => ({ operationId, ...operationInput(input), responses: { 200: { description: 'ok' } } });

const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/things/{id}': { get: operation('thing', thingInput) },
    '/things/search': { get: operation('searchThings') },
  },
  components: { schemas: {}, parameters: {} },
} as unknown as OpenApiDocument;

test('a literal path answers for itself whatever order the routes come in', async () => {
  const router = new Router();
  mountRoutes(router, doc, [
    route({ method: 'get', path: '/things/{id}', input: thingInput, handler: (ctx, { params }) => void (ctx.body = { thing: params.id }) }),
    route({ method: 'get', path: '/things/search', handler: (ctx) => void (ctx.body = { search: true }) }),
  ]);
  const server = new Koa().use(router.routes()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await (await fetch(`${base}/things/search`)).json()).toEqual({ search: true });
    expect(await (await fetch(`${base}/things/42`)).json()).toEqual({ thing: '42' });
  } finally {
    server.close();
  }
});
