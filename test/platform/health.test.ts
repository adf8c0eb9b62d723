import { startTestApi, TestApi } from '../support/api';
import { startTcpProxy, TcpProxy } from '../support/tcp-proxy';

let api: TestApi;
let esProxy: TcpProxy;
let pgProxy: TcpProxy;

beforeAll(async () => {
  const es = new URL(process.env.ELASTICSEARCH_URL!);
  const pg = new URL(process.env.DATABASE_URL!);
  esProxy = await startTcpProxy(Number(es.port));
  pgProxy = await startTcpProxy(Number(pg.port));
  pg.port = String(pgProxy.port);
  // The key lookups go through the proxied Postgres too; a cached key keeps /health reachable while it is cut.
  api = await startTestApi({ config: { elasticsearchUrl: esProxy.url('http'), databaseUrl: pg.toString() }, keyCacheMs: 60_000 });
});
afterAll(async () => {
  await esProxy.restore().catch(() => undefined);
  await pgProxy.restore().catch(() => undefined);
  await api.stop();
  await esProxy.close();
  await pgProxy.close();
});

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`condition not met within ${withinMs} ms`);
}

describe('health', () => {
  it('is ok with version 1.1 while both stores answer', async () => {
    const res = await api.get('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: '1.1' });
    expect((await api.get('/readyz', { key: null })).status).toBe(200);
  });

  it('turns 503 degraded when Elasticsearch goes away, keeps /livez at 200, and recovers without a restart', async () => {
    await esProxy.cut();
    await eventually(async () => (await api.get('/api/v1/health')).status === 503, 5000);
    const down = await api.get('/api/v1/health');
    expect(down.body).toEqual({ status: 'degraded', version: '1.1' });
    expect(down.headers.get('retry-after')).toBeTruthy();
    expect((await api.get('/livez', { key: null })).status).toBe(200);
    const notReady = await api.get('/readyz', { key: null });
    expect(notReady.status).toBe(503);
    expect(notReady.body.error.code).toBe('unavailable');

    await esProxy.restore();
    await eventually(async () => (await api.get('/api/v1/health')).status === 200, 10000);
    expect((await api.get('/readyz', { key: null })).status).toBe(200);
  });

  it('turns 503 when Postgres goes away and recovers when it returns', async () => {
    await pgProxy.cut();
    await eventually(async () => (await api.get('/api/v1/health')).status === 503, 5000);
    expect((await api.get('/livez', { key: null })).status).toBe(200);
    await pgProxy.restore();
    await eventually(async () => (await api.get('/api/v1/health')).status === 200, 10000);
  });
});
