import { startTestApi, TestApi } from '../support/api';

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
});
