import { startTestApi, TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

const nextMidnight = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;
};

describe('daily usage and limits', () => {
  it('sends X-RateLimit headers for a limited key and counts every request, 4xx included', async () => {
    const key = (await api.createKeys({ tier: 'standard', dailyLimit: 100 })).live;
    const first = await api.get('/api/v1/health', { key });
    expect(first.headers.get('x-ratelimit-limit')).toBe('100');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBe(nextMidnight());
    expect((await api.get('/api/v1/nowhere', { key })).status).toBe(404);
    const me = await api.get('/api/v1/me', { key });
    expect(me.body.data.usage).toEqual({ today: 2, last30Days: 2, dailyLimit: 100 });
    expect(me.headers.get('x-ratelimit-limit')).toBe('100');
    expect(me.headers.get('x-ratelimit-remaining')).toBe('98');
  });

  it('never counts /me, with or without a limit: a key can always read its usage', async () => {
    const limited = (await api.createKeys({ tier: 'standard', dailyLimit: 5 })).live;
    for (let i = 0; i < 4; i++) expect((await api.get('/api/v1/me', { key: limited })).status).toBe(200);
    expect((await api.get('/api/v1/me', { key: limited })).body.data.usage.today).toBe(0);
    const unlimited = (await api.createKeys()).live;
    for (let i = 0; i < 4; i++) await api.get('/api/v1/me', { key: unlimited });
    expect((await api.get('/api/v1/me', { key: unlimited })).body.data.usage.today).toBe(0);
  });

  it('omits Limit and Remaining for unlimited keys', async () => {
    const res = await api.get('/api/v1/health');
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBe(nextMidnight());
    const me = await api.get('/api/v1/me');
    expect(me.headers.get('x-ratelimit-limit')).toBeNull();
    expect(me.headers.get('x-ratelimit-remaining')).toBeNull();
  });

  it('counts unlimited keys exactly too', async () => {
    const key = (await api.createKeys()).live;
    await Promise.all(Array.from({ length: 40 }, () => api.get('/api/v1/health', { key })));
    const me = await api.get('/api/v1/me', { key });
    expect(me.body.data.usage.today).toBe(40);
  });

  it('answers 429 daily_limit_exceeded at the limit, with Retry-After to midnight, and does not count refusals; /me still answers', async () => {
    const key = (await api.createKeys({ tier: 'standard', dailyLimit: 3 })).live;
    for (let i = 0; i < 3; i++) expect((await api.get('/api/v1/health', { key })).status).toBe(200);
    const refused = await api.get('/api/v1/restaurants?limit=1', { key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('daily_limit_exceeded');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86400);
    expect(refused.body.error.retryAfterSeconds).toBe(retryAfter);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const me = await api.get('/api/v1/me', { key });
    expect(me.status).toBe(200);
    expect(me.body.data.usage).toEqual({ today: 3, last30Days: 3, dailyLimit: 3 });
    expect(me.headers.get('x-ratelimit-remaining')).toBe('0');
    const { rows } = await api.ns.stores.platform.query('select sum(count)::int as n from api_usage_daily u join api_keys k on k.id = u.key_id where k.key_prefix = $1', [key.slice(0, 12)]);
    expect(rows[0].n).toBe(3);
  });

  it('never lets concurrent requests past the limit', async () => {
    const key = (await api.createKeys({ tier: 'standard', dailyLimit: 25 })).live;
    const results = await Promise.all(Array.from({ length: 60 }, () => api.get('/api/v1/health', { key })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(25);
    expect(results.filter((r) => r.status === 429)).toHaveLength(35);
  });

  it('counts a live key and its test twin separately', async () => {
    const pair = await api.createKeys({ tier: 'standard', dailyLimit: 10 });
    await api.get('/api/v1/health', { key: pair.live });
    await api.get('/api/v1/health', { key: pair.live });
    await api.get('/api/v1/health', { key: pair.test });
    const test = await api.get('/api/v1/me', { key: pair.test });
    expect(test.body.data.usage.today).toBe(1);
  });
});
