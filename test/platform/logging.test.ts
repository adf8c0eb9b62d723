import { startTestApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

describe('structured logs', () => {
  it('log one JSON line per request with its request id, and never a key or a device id', async () => {
    const deviceId = 'device-secret-1234567890';
    await api.get('/api/v1/me', { headers: { 'X-Device-Id': deviceId, 'X-Request-Id': 'log-probe-1' } });
    await api.get('/api/v1/me', { key: `ik_live_${'Z'.repeat(40)}` });
    const lines = api.logs.map((line) => JSON.parse(line));
    const entry = lines.find((line) => line.requestId === 'log-probe-1');
    expect(entry).toMatchObject({ method: 'GET', path: '/api/v1/me', status: 200, mode: 'live' });
    const all = api.logs.join('\n');
    expect(all).not.toContain(api.keys.live);
    expect(all).not.toContain('Z'.repeat(40));
    expect(all).not.toContain(deviceId);
  });

  it('log the status each answer was sent with, an error envelope\'s included', async () => {
    const limited = await api.createKeys({ tier: 'standard', dailyLimit: 1 });
    const sent: Array<[string, number]> = [];
    const send = async (id: string, method: string, path: string, options: Parameters<TestApi['request']>[2] = {}) => {
      const res = await api.request(method, path, { ...options, headers: { ...options.headers, 'X-Request-Id': id } });
      sent.push([id, res.status]);
    };
    await send('status-401', 'GET', '/api/v1/me', { key: null });
    await send('status-400-body', 'POST', '/api/v1/restaurants/batch', { headers: { 'Content-Type': 'application/json' }, rawBody: '{"camis": [' });
    await send('status-400-param', 'GET', '/api/v1/violations?limit=0');
    await send('status-404', 'GET', '/api/v1/restaurants/99999999');
    await send('status-405', 'DELETE', '/api/v1/violations');
    await send('status-200', 'GET', '/api/v1/violations?limit=1', { key: limited.live });
    await send('status-429', 'GET', '/api/v1/violations?limit=1', { key: limited.live });
    expect(sent.map(([, status]) => status)).toEqual([401, 400, 400, 404, 405, 200, 429]);
    const logged = new Map(api.logs.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request').map((line) => [line.requestId, line.status]));
    expect(sent.map(([id]) => [id, logged.get(id)])).toEqual(sent);
  });
});
