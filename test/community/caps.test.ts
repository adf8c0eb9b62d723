import { setReportStatus } from '../../src/community/admin';
import { startTestApi, TestApi } from '../support/api';
import { device, reportBody, seedRestaurant } from './support';

let api: TestApi;
const PLACES = Array.from({ length: 12 }, (_, index) => String(41000000 + index));

beforeAll(async () => {
  api = await startTestApi();
  for (const camis of PLACES) await seedRestaurant(api.ns.stores.byMode.live.pg, camis);
});
afterAll(() => api.stop());

const post = (camis: string, id: string, index = 0) =>
  api.post(`/api/v1/restaurants/${camis}/reports`, reportBody({ body: `Report ${index}: saw a mouse run along the counter.` }), { headers: device(id) });

describe('report caps', () => {
  it('allows 3 per establishment per UTC day, then 429 report_cap with scope establishment', async () => {
    for (let index = 0; index < 3; index += 1) expect((await post(PLACES[0], 'cap-est', index)).status).toBe(201);
    const fourth = await post(PLACES[0], 'cap-est', 3);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('report_cap');
    expect(fourth.body.error.scope).toBe('establishment');
    expect(fourth.body.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(fourth.body.error.retryAfterSeconds).toBeLessThanOrEqual(86400);
    expect(fourth.headers.get('retry-after')).toBe(String(fourth.body.error.retryAfterSeconds));
    // Another establishment is still open to this device, and the establishment to other devices.
    expect((await post(PLACES[1], 'cap-est')).status).toBe(201);
    expect((await post(PLACES[0], 'cap-est-other')).status).toBe(201);
  });

  it('allows 25 per device per day citywide, then scope device', async () => {
    let filed = 0;
    for (const camis of PLACES.slice(2)) {
      for (let index = 0; index < 3 && filed < 25; index += 1, filed += 1) expect((await post(camis, 'cap-device', filed)).status).toBe(201);
    }
    expect(filed).toBe(25);
    const over = await post(PLACES[1], 'cap-device');
    expect(over.status).toBe(429);
    expect(over.body.error.scope).toBe('device');
  });

  it('does not count hidden reports toward either cap; moderation frees the slot at once', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await post(PLACES[1], 'cap-hidden', index)).body.data.id);
    expect((await post(PLACES[1], 'cap-hidden')).status).toBe(429);
    await setReportStatus(api.ns.stores.byMode.live.pg, ids[0], 'hidden', 'spam');
    expect((await post(PLACES[1], 'cap-hidden', 9)).status).toBe(201);
    expect((await post(PLACES[1], 'cap-hidden')).status).toBe(429);
    // Un-hiding puts it back in the count (4 non-hidden now); the cap stays shut.
    await setReportStatus(api.ns.stores.byMode.live.pg, ids[0], 'active');
    expect((await post(PLACES[1], 'cap-hidden')).status).toBe(429);
  });

  it('never lets a fourth report in under a concurrent burst from one device', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, (_, index) => post(PLACES[5], 'burst-device', index)));
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    const own = await api.get('/api/v1/profile/reports', { headers: device('burst-device') });
    expect(own.body.data).toHaveLength(3);
    expect(own.body.data.every((report: { camis: string }) => report.camis === PLACES[5])).toBe(true);
  });

  it('never exceeds the device cap under a concurrent burst across establishments', async () => {
    const burst = await Promise.all(
      Array.from({ length: 36 }, (_, index) => post(PLACES[index % PLACES.length], 'burst-citywide', index)),
    );
    const created = burst.filter((res) => res.status === 201);
    expect(created).toHaveLength(25);
    expect(burst.filter((res) => res.status === 429).every((res) => res.body.error.code === 'report_cap')).toBe(true);
    const own = await api.get('/api/v1/profile/reports?limit=100', { headers: device('burst-citywide') });
    expect(own.body.data).toHaveLength(25);
    const perPlace = new Map<string, number>();
    for (const report of own.body.data) perPlace.set(report.camis, (perPlace.get(report.camis) ?? 0) + 1);
    expect(Math.max(...perPlace.values())).toBeLessThanOrEqual(3);
  });
});
