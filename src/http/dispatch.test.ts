import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { routerDispatch } from './dispatch';

/**
 * routerDispatch must route exactly as router.routes(): the same handler, the same context
 * afterwards (params, _matchedRoute for the metrics, matched, routerPath), for literal paths
 * (the map) and everything else (the router itself), on the same routers.
 */

/** Routers shaped like the app's: a literal sibling of a template (checked first), a literal POST only, a middleware that stops. */
function routers(): Router[] {
  const api = new Router({ sensitive: true });
  const stopUnlessLiteral: Koa.Middleware = (ctx, next) => (['/v1/things/batch', '/v1/things/nearby'].includes(ctx.path.replace(/(.)\/$/, '$1')) ? undefined : next());
  api.get('nearby', '/v1/things/nearby', (ctx) => (ctx.body = { handler: 'nearby' }));
  api.post('batch', '/v1/things/batch', (ctx) => (ctx.body = { handler: 'batch' }));
  api.get('me', '/v1/me', (ctx) => (ctx.body = { handler: 'me' }));
  api.get('/v1/unnamed', (ctx) => (ctx.body = { handler: 'unnamed' }));
  api.delete('me-delete', '/v1/me', (ctx) => (ctx.body = { handler: 'me-delete' }));
  api.get('thing', '/v1/things/:id', stopUnlessLiteral, (ctx) => (ctx.body = { handler: 'thing', id: ctx.params.id }));
  // A step that passes on: the router runs the next matching layer too.
  api.get('/v1/chained', (ctx, next) => {
    ctx.state.first = true;
    return next();
  });
  api.get('/v1/chained', (ctx) => (ctx.body = { handler: 'chained', first: ctx.state.first }));
  const strict = new Router({ sensitive: true, strict: true });
  strict.get('/page', (ctx) => (ctx.body = { handler: 'page' }));
  strict.get('/page/', (ctx) => (ctx.body = { handler: 'page-slash' }));
  return [api, strict];
}

function serve(useDispatch: boolean): Promise<{ server: http.Server; url: string }> {
  const app = new Koa();
  app.use(async (ctx, next) => {
    await next();
    const c = ctx as unknown as Record<string, unknown> & { matched?: Array<{ path: string }> };
    ctx.set(
      'X-Seen',
      JSON.stringify({
        status: ctx.status,
        matchedRoute: String(c._matchedRoute),
        matchedRouteName: c._matchedRouteName,
        routerPath: String(c.routerPath),
        routerName: c.routerName,
        params: c.params,
        captures: c.captures,
        matched: c.matched?.map((layer) => layer.path),
        routeMatched: c.routeMatched,
      }),
    );
  });
  for (const router of routers()) app.use(useDispatch ? routerDispatch(router) : (router.routes() as Koa.Middleware));
  const server = http.createServer(app.callback());
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

let plain: { server: http.Server; url: string };
let fast: { server: http.Server; url: string };
beforeAll(async () => {
  [plain, fast] = await Promise.all([serve(false), serve(true)]);
});
afterAll(async () => {
  for (const { server } of [plain, fast]) await new Promise((resolve) => server.close(resolve));
});

async function answer(url: string, method: string, path: string): Promise<unknown> {
  const res = await fetch(`${url}${path}`, { method });
  return { status: res.status, body: method === 'HEAD' ? '' : await res.text(), seen: JSON.parse(res.headers.get('x-seen') ?? 'null') };
}

const PATHS = [
  '/v1/me',
  '/v1/me/',
  '/v1/me//',
  '/V1/me',
  '/v1/ME',
  '/v1/me?x=1',
  '/v1/unnamed',
  '/v1/things/nearby',
  '/v1/things/nearby/',
  '/v1/things/batch',
  '/v1/things/batch/',
  '/v1/things/123',
  '/v1/things/a%20b',
  '/v1/things/',
  '/v1/chained',
  '/v1/chained/',
  '/page',
  '/page/',
  '/page//',
  '/nowhere',
  '/',
];

describe('routerDispatch', () => {
  for (const method of ['GET', 'HEAD', 'POST', 'DELETE', 'PUT']) {
    it(`routes ${method} as router.routes() does, context included`, async () => {
      for (const path of PATHS) {
        const [expected, actual] = await Promise.all([answer(plain.url, method, path), answer(fast.url, method, path)]);
        expect({ method, path, ...(actual as object) }).toEqual({ method, path, ...(expected as object) });
      }
    });
  }

  it('takes a literal path from its map: the chain is composed once, not per request', async () => {
    const router = new Router({ sensitive: true });
    router.get('/v1/me', (ctx) => (ctx.body = { ok: true }));
    const routes = jest.spyOn(router, 'routes');
    const match = jest.spyOn(router, 'match');
    const app = new Koa();
    app.use(routerDispatch(router));
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const calls = match.mock.calls.length;
    for (let i = 0; i < 3; i++) expect((await fetch(`${url}/v1/me`)).status).toBe(200);
    expect(match.mock.calls.length).toBe(calls);
    // Anything else is the router's own dispatch (which matches per request).
    expect((await fetch(`${url}/v1/other`)).status).toBe(404);
    expect(match.mock.calls.length).toBe(calls + 1);
    expect(routes).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => server.close(resolve));
  });
});
