import { revokeKeys } from '../../src/platform/keys';
import { startTestApi, TestApi } from '../support/api';

/** The key cache of src/http/auth.ts: one lookup for concurrent requests, and revocation within the cache time even for a busy key. */

const KEY_CACHE_MS = 2000;
let api: TestApi;
let lookups = 0;

beforeAll(async () => {
  api = await startTestApi({ keyCacheMs: KEY_CACHE_MS });
  const platform = api.ns.stores.platform;
  const query = platform.query.bind(platform) as (...args: unknown[]) => unknown;
  (platform as unknown as { query: unknown }).query = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('from api_keys where key_hash')) lookups++;
    return query(...args);
  };
});
afterAll(() => api?.stop());

test('concurrent requests with a key not yet cached share one lookup', async () => {
  const { live } = await api.createKeys();
  lookups = 0;
  const answers = await Promise.all(Array.from({ length: 30 }, () => api.get('/api/v1/health', { key: live })));
  expect(answers.every((res) => res.status === 200)).toBe(true);
  // One shared lookup (each request querying was 30); a second only if the burst outlasted half the cache time (a busy machine).
  expect(lookups).toBeLessThanOrEqual(2);
});

test('a busy key is looked up again in the background and a revocation still takes effect within the cache time', async () => {
  const { live } = await api.createKeys();
  expect((await api.get('/api/v1/health', { key: live })).status).toBe(200);
  lookups = 0;
  const until = Date.now() + 2 * KEY_CACHE_MS;
  while (Date.now() < until) {
    expect((await api.get('/api/v1/health', { key: live })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  // Re-read about every half cache time, never once per request.
  expect(lookups).toBeGreaterThanOrEqual(2);
  expect(lookups).toBeLessThanOrEqual(5);
  await revokeKeys(api.ns.stores.platform, live.slice(0, 12));
  const revokedAt = Date.now();
  let status = 200;
  while (status === 200 && Date.now() - revokedAt < 5 * KEY_CACHE_MS) {
    status = (await api.get('/api/v1/health', { key: live })).status;
    if (status === 200) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(status).toBe(401);
  expect(Date.now() - revokedAt).toBeLessThan(KEY_CACHE_MS + 400);
});
