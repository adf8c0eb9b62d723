import { revokeKeys } from '../../src/platform/keys';
import { startTestApi, TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

describe('API keys', () => {
  it.each(['/api/v1/me', '/api/v1/health', '/api/v1/openapi.json', '/api/v1/restaurants', '/api/v1/anything/at/all'])('answers %s without a key with 401 missing_key', async (path) => {
    const res = await api.get(path, { key: null });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('missing_key');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers a malformed or unknown key with 401 invalid_key', async () => {
    for (const key of ['nope', 'ik_live_short', `ik_live_${'A'.repeat(40)}`]) {
      const res = await api.get('/api/v1/me', { key });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_key');
    }
  });

  it('keeps only hashes of keys', async () => {
    const { rows } = await api.ns.stores.platform.query('select key_hash, key_prefix from api_keys');
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(api.keys.live);
    expect(stored).not.toContain(api.keys.test);
  });

  it('gives every live key a test twin of the same name and tier', async () => {
    const pair = await api.createKeys({ tier: 'standard', dailyLimit: 50, name: 'Twin Co' });
    expect(pair.live).toMatch(/^ik_live_[0-9A-Za-z]{32,}$/);
    expect(pair.test).toMatch(/^ik_test_[0-9A-Za-z]{32,}$/);
    const live = await api.get('/api/v1/me', { key: pair.live });
    const test = await api.get('/api/v1/me', { key: pair.test });
    expect(live.body.data).toMatchObject({ name: 'Twin Co', tier: 'standard', mode: 'live' });
    expect(test.body.data).toMatchObject({ name: 'Twin Co', tier: 'standard', mode: 'test' });
  });

  it('refuses both keys of a revoked pair', async () => {
    const pair = await api.createKeys({ name: 'Leaving Co' });
    expect((await api.get('/api/v1/me', { key: pair.live })).status).toBe(200);
    expect(await revokeKeys(api.ns.stores.platform, pair.live.slice(0, 12))).toBe(2);
    for (const key of [pair.live, pair.test]) {
      const res = await api.get('/api/v1/me', { key });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_key');
    }
  });

  it('describes the key in /me', async () => {
    const res = await api.get('/api/v1/me');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      name: 'test client',
      tier: 'unlimited',
      mode: 'live',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      usage: { today: expect.any(Number), last30Days: expect.any(Number), dailyLimit: null },
    });
  });
});
