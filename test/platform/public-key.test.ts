/**
 * The shared public test key is limited per client address, so one busy client cannot
 * spend every console's day; commissioned keys keep exact per-key counting.
 */
import { loadTestModeFixture } from '../../ingest/fixture';
import { createKeyPair, ensurePublicTestKey, findKeyByHash, hashKey } from '../../src/platform/keys';
import { startTestApi, TestApi } from '../support/api';
import { rawRequest, requestText } from '../support/raw-http';

const get = (path: string) => (api: TestApi, key: string, options: { from?: string; forwardedFor?: string } = {}) =>
  rawRequest(
    api.url,
    requestText('GET', path, [['Authorization', `Bearer ${key}`], ...(options.forwardedFor ? ([['X-Forwarded-For', options.forwardedFor]] as Array<[string, string]>) : [])]),
    { localAddress: options.from ?? '127.0.0.1' },
  );
/** A counted request, then the uncounted read of the caller's usage. */
const health = get('/api/v1/health');
const me = get('/api/v1/me');

describe('a key limited per client address', () => {
  let api: TestApi;
  let shared: string;
  beforeAll(async () => {
    api = await startTestApi();
    shared = (await createKeyPair(api.ns.stores.platform, { name: 'shared', tier: 'standard', dailyLimit: 3, limitPerClient: true })).test;
  });
  afterAll(() => api.stop());

  test('one client spending its limit leaves every other client theirs', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await health(api, shared, { from: '127.0.0.1' });
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(3 - i));
      const usage = await me(api, shared, { from: '127.0.0.1' });
      expect(JSON.parse(usage.body).data.usage).toMatchObject({ today: i, dailyLimit: 3 });
      expect(usage.headers['x-ratelimit-remaining']).toBe(String(3 - i));
    }
    const spent = await health(api, shared, { from: '127.0.0.1' });
    expect(spent.status).toBe(429);
    expect(JSON.parse(spent.body).error).toMatchObject({ code: 'daily_limit_exceeded', retryAfterSeconds: expect.any(Number) });
    expect(JSON.parse(spent.body).error.message).toMatch(/per client address/);

    expect((await health(api, shared, { from: '127.0.0.2' })).status).toBe(200);
    const other = await me(api, shared, { from: '127.0.0.2' });
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body).data.usage).toMatchObject({ today: 1, dailyLimit: 3 });
    expect(other.headers['x-ratelimit-remaining']).toBe('2');
  });

  test('X-Forwarded-For is not believed without a trusted proxy: a client cannot name itself anew', async () => {
    const res = await health(api, shared, { from: '127.0.0.1', forwardedFor: '198.51.100.9' });
    expect(res.status).toBe(429);
  });

  test('the public test key is made limited per client, and its plaintext stays the same', async () => {
    const key = await ensurePublicTestKey(api.ns.stores.platform);
    const record = await findKeyByHash(api.ns.stores.platform, hashKey(key));
    expect(record).toMatchObject({ mode: 'test', limitPerClient: true, dailyLimit: 10000 });
    expect(await ensurePublicTestKey(api.ns.stores.platform)).toBe(key);
  });

  test("in test mode each client address of a shared key writes apart: one console's reports never change another's answers", async () => {
    await loadTestModeFixture(api.ns.stores.byMode.test);
    const roomy = (await createKeyPair(api.ns.stores.platform, { name: 'shared roomy', tier: 'standard', dailyLimit: 100, limitPerClient: true })).test;
    const camis = '41000003';
    const reportsSeenFrom = async (from: string) => {
      const res = await rawRequest(api.url, requestText('GET', `/api/v1/restaurants/${camis}/reports?limit=100`, [['Authorization', `Bearer ${roomy}`]]), { localAddress: from });
      return (JSON.parse(res.body).data as Array<{ body: string }>).map((report) => report.body);
    };
    const before = await reportsSeenFrom('127.0.0.2');
    const body = JSON.stringify({ kind: 'praise_taste', body: 'Wonderful broth, filed from the first console.' });
    const filed = await rawRequest(
      api.url,
      requestText('POST', `/api/v1/restaurants/${camis}/reports`, [['Authorization', `Bearer ${roomy}`], ['X-Device-Id', 'console-device'], ['Content-Type', 'application/json']], body),
      { localAddress: '127.0.0.1' },
    );
    expect(filed.status).toBe(201);
    expect(await reportsSeenFrom('127.0.0.1')).toContain('Wonderful broth, filed from the first console.');
    expect(await reportsSeenFrom('127.0.0.2')).toEqual(before);
    // The sandbox is named by a keyed hash of the address: no stored row holds the address.
    const { rows } = await api.ns.stores.byMode.test.pg.query("select sandbox from community_reports where body = 'Wonderful broth, filed from the first console.'");
    expect(rows).toHaveLength(1);
    expect(rows[0].sandbox).not.toContain('127.0.0.1');
  });

  test('a commissioned standard key keeps one exact count for the key, whatever the address', async () => {
    const own = (await createKeyPair(api.ns.stores.platform, { name: 'own', tier: 'standard', dailyLimit: 2 })).live;
    expect((await health(api, own, { from: '127.0.0.1' })).status).toBe(200);
    expect((await health(api, own, { from: '127.0.0.3' })).status).toBe(200);
    expect((await health(api, own, { from: '127.0.0.4' })).status).toBe(429);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXY_HOPS=1)', () => {
  let api: TestApi;
  let shared: string;
  beforeAll(async () => {
    api = await startTestApi({ config: { trustedProxyHops: 1 } });
    shared = (await createKeyPair(api.ns.stores.platform, { name: 'shared', tier: 'standard', dailyLimit: 1, limitPerClient: true })).test;
  });
  afterAll(() => api.stop());

  test('the client is the address the proxy appended, not what the client wrote before it', async () => {
    expect((await health(api, shared, { forwardedFor: '203.0.113.1' })).status).toBe(200);
    expect((await health(api, shared, { forwardedFor: '203.0.113.1' })).status).toBe(429);
    // A forged left-hand entry does not make a new client: the proxy's own entry is the last one.
    expect((await health(api, shared, { forwardedFor: '10.9.9.9, 203.0.113.1' })).status).toBe(429);
    expect((await health(api, shared, { forwardedFor: '203.0.113.2' })).status).toBe(200);
    // Addresses of one IPv6 /64 network are one client.
    expect((await health(api, shared, { forwardedFor: '2001:db8:5:6::1' })).status).toBe(200);
    expect((await health(api, shared, { forwardedFor: '2001:db8:5:6::2' })).status).toBe(429);
  });
});
