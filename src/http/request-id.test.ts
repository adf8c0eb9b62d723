import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { requestId } from './request-id';

/** The request id as every response carries it: the caller's when it is a sane token, else a new UUID; in ctx.state too. */
let server: http.Server;
let port: number;
beforeAll(async () => {
  const app = new Koa();
  app.use(requestId());
  app.use((ctx) => (ctx.body = { stateId: ctx.state.requestId }));
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Raw headers as sent (fetch would join a repeated header itself). */
function get(headers: Array<[string, string]>): Promise<{ id: string; stateId: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, host: '127.0.0.1', path: '/', headers: [['Host', `127.0.0.1:${port}`], ...headers].flat() as unknown as http.OutgoingHttpHeaders }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ id: String(res.headers['x-request-id']), stateId: (JSON.parse(text || '{}') as { stateId: string }).stateId }));
    });
    req.on('error', reject);
    req.end();
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestId', () => {
  it("echoes a sane X-Request-Id, whatever the header's case", async () => {
    expect(await get([['X-Request-Id', 'client-req-42']])).toEqual({ id: 'client-req-42', stateId: 'client-req-42' });
    expect(await get([['x-request-id', 'a.b:c_d-1']])).toEqual({ id: 'a.b:c_d-1', stateId: 'a.b:c_d-1' });
  });

  it('makes a UUID when there is none, it is not a sane token, or it was sent twice', async () => {
    for (const headers of [[], [['X-Request-Id', '']], [['X-Request-Id', 'bad id']], [['X-Request-Id', 'x'.repeat(129)]], [['X-Request-Id', 'one'], ['X-Request-Id', 'two']]] as Array<Array<[string, string]>>) {
      const { id, stateId } = await get(headers);
      expect(id).toMatch(UUID);
      expect(stateId).toBe(id);
    }
    const [a, b] = await Promise.all([get([]), get([])]);
    expect(a.id).not.toBe(b.id);
  });
});
