/**
 * The community score counts one report per client address, establishment and UTC day, however
 * many device ids the address sends: read on the restaurant profile, through the API, over
 * establishments ingested into Postgres and Elasticsearch.
 */
import { startTestApi, TestApi } from '../support/api';
import { fakeDateOnly } from '../support/clock';
import { ingestEstablishments } from '../restaurants/support';
import { device, fromAddress, reportBody } from './support';

let api: TestApi;
const [ONE_REPORT, ONE_ADDRESS, TWO_ADDRESSES, ONE_NETWORK, TWO_DAYS, ERASED] = ['46000001', '46000002', '46000003', '46000004', '46000005', '46000006'];

beforeAll(async () => {
  // One trusted proxy: the client address is the last X-Forwarded-For entry.
  api = await startTestApi({ config: { trustedProxyHops: 1 } });
  const places = [ONE_REPORT, ONE_ADDRESS, TWO_ADDRESSES, ONE_NETWORK, TWO_DAYS, ERASED];
  await ingestEstablishments(api.ns.stores.byMode.live, places.map((camis) => ({ camis, name: `PLACE ${camis}`, visits: [{ date: '2024-06-01', score: 12, grade: 'A' }] })));
});
afterAll(async () => {
  jest.useRealTimers();
  await api.stop();
});

const file = (camis: string, deviceId: string, address: string) =>
  api.post(`/api/v1/restaurants/${camis}/reports`, reportBody(), { headers: { ...device(deviceId), ...fromAddress(address) } });

async function community(camis: string): Promise<{ counts: { pest: number }; scoreAdjustment: number }> {
  const res = await api.get(`/api/v1/restaurants/${camis}`);
  expect(res.status).toBe(200);
  return res.body.data.community;
}

describe('community score per client address', () => {
  it('docks for 12 reports of 12 device ids from one address what one report docks; all 12 are counted and listed', async () => {
    expect((await file(ONE_REPORT, 'single-device', '203.0.113.10')).status).toBe(201);
    for (let index = 0; index < 12; index += 1) expect((await file(ONE_ADDRESS, `rotating-device-${index}`, '203.0.113.11')).status).toBe(201);
    const one = await community(ONE_REPORT);
    const twelve = await community(ONE_ADDRESS);
    expect(one.scoreAdjustment).toBe(-1);
    expect(twelve.scoreAdjustment).toBe(one.scoreAdjustment);
    expect(twelve.counts.pest).toBe(12);
    expect((await api.get(`/api/v1/restaurants/${ONE_ADDRESS}/reports?limit=100`)).body.data).toHaveLength(12);
    // The same address still docks at another establishment.
    expect((await file(ONE_REPORT, 'rotating-device-0', '203.0.113.11')).status).toBe(201);
    expect((await community(ONE_REPORT)).scoreAdjustment).toBe(-2);
  });

  it('docks what two reports dock for reports from two addresses, whatever their number', async () => {
    for (let index = 0; index < 6; index += 1) {
      expect((await file(TWO_ADDRESSES, `pair-device-${index}`, index % 2 ? '198.51.100.20' : '198.51.100.21')).status).toBe(201);
    }
    expect((await community(TWO_ADDRESSES)).scoreAdjustment).toBe(-2);
  });

  it('counts an IPv6 /64 as one client', async () => {
    for (const [index, address] of ['2001:db8:7:9::1', '2001:db8:7:9:ffff::2', '2001:db8:7:a::1'].entries()) {
      expect((await file(ONE_NETWORK, `v6-device-${index}`, address)).status).toBe(201);
    }
    expect((await community(ONE_NETWORK)).scoreAdjustment).toBe(-2);
  });

  it('separates UTC days: one address docks once a day', async () => {
    const evening = new Date();
    evening.setUTCHours(23, 59, 0, 0);
    fakeDateOnly(evening);
    expect((await file(TWO_DAYS, 'night-device-1', '192.0.2.30')).status).toBe(201);
    expect((await file(TWO_DAYS, 'night-device-2', '192.0.2.30')).status).toBe(201);
    expect((await community(TWO_DAYS)).scoreAdjustment).toBe(-1);
    fakeDateOnly(new Date(evening.getTime() + 2 * 60 * 1000));
    expect((await file(TWO_DAYS, 'night-device-3', '192.0.2.30')).status).toBe(201);
    expect((await file(TWO_DAYS, 'night-device-4', '192.0.2.30')).status).toBe(201);
    expect((await community(TWO_DAYS)).scoreAdjustment).toBe(-2);
    jest.useRealTimers();
  });

  it('stores only a keyed hash of the address, never serves it, and erases it with the device', async () => {
    const address = '203.0.113.77';
    const filed = await file(ERASED, 'erased-device', address);
    expect(filed.status).toBe(201);
    const pg = api.ns.stores.byMode.live.pg;
    const { rows } = await pg.query('select client_key, row_to_json(r)::text as row from community_reports r where id = $1', [filed.body.data.id]);
    expect(rows[0].client_key).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0].row).not.toContain(address);
    const answers = [
      filed.text,
      (await api.get(`/api/v1/restaurants/${ERASED}/reports`)).text,
      (await api.get('/api/v1/profile/reports', { headers: device('erased-device') })).text,
      (await api.get(`/api/v1/restaurants/${ERASED}`)).text,
    ];
    for (const text of answers) {
      expect(text).not.toContain(rows[0].client_key);
      expect(text).not.toContain(address);
    }
    expect((await community(ERASED)).scoreAdjustment).toBe(-1);

    expect((await api.request('DELETE', '/api/v1/profile', { headers: device('erased-device') })).status).toBe(204);
    expect((await pg.query('select count(*)::int as n from community_reports where client_key = $1', [rows[0].client_key])).rows[0].n).toBe(0);
    const audit = await pg.query('select reports::text as reports from erasure_audit order by id desc limit 1');
    expect(audit.rows[0].reports).not.toContain(rows[0].client_key);
    expect((await community(ERASED)).scoreAdjustment).toBe(0);
  });
});
