import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { metricsRegistry } from '../platform/metrics';
import { requestMetrics } from './metrics';

/** requestMetrics counts every request, one that threw past it included, by method, route template and status. */
let server: http.Server;
let url: string;
beforeAll(async () => {
  const app = new Koa();
  app.silent = true;
  app.use(requestMetrics());
  app.use((ctx) => {
    if (ctx.path === '/throws') throw new Error('past the envelope');
    (ctx as unknown as { _matchedRoute: string })._matchedRoute = '/things/:id';
    ctx.status = 201;
    ctx.body = { ok: true };
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function count(labels: Record<string, string>): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('http_requests_total')!.get();
  return metric.values.find((v) => JSON.stringify(v.labels) === JSON.stringify(labels))?.value ?? 0;
}

describe('requestMetrics', () => {
  it('records an answered request under its route template and status, and one that threw', async () => {
    const answered = { method: 'GET', route: '/things/{id}', status: '201' };
    const threw = { method: 'GET', route: 'unmatched', status: '404' };
    const [answeredBefore, threwBefore] = [await count(answered), await count(threw)];
    expect((await fetch(`${url}/things/1`)).status).toBe(201);
    expect((await fetch(`${url}/things/2`)).status).toBe(201);
    // Koa answers 500 after the middleware saw the error; the status recorded is the one set when it passed (none: 404).
    expect((await fetch(`${url}/throws`)).status).toBe(500);
    expect((await count(answered)) - answeredBefore).toBe(2);
    expect((await count(threw)) - threwBefore).toBe(1);
  });
});
