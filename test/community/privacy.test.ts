import { setReportStatus } from '../../src/community/admin';
import { hashDeviceId } from '../../src/domain/community/devices';
import { schemaNames } from '../../src/db/schemas';
import { startTestApi, TestApi, type ApiResponse } from '../support/api';
import { device, gpsJpeg, plainJpeg, reportBody, seedRestaurant } from './support';

let api: TestApi;
const PLACES = ['48000001', '48000002'];
const RAW = 'Privacy-Probe-Device-7f3a9c';

beforeAll(async () => {
  api = await startTestApi();
  for (const mode of ['live', 'test'] as const) for (const camis of PLACES) await seedRestaurant(api.ns.stores.byMode[mode].pg, camis);
});
afterAll(() => api.stop());

describe('the raw device id and its hash', () => {
  it('are never stored (raw), logged or served, across every device endpoint, error paths and both modes', async () => {
    const hash = hashDeviceId(RAW, api.ns.config.deviceIdSalt);
    const responses: ApiResponse[] = [];
    const call = async (res: Promise<ApiResponse>) => {
      const answered = await res;
      responses.push(answered);
      return answered;
    };
    const jpeg = (await gpsJpeg()).toString('base64');
    for (const key of [api.keys.live, api.keys.test]) {
      const headers = device(RAW);
      const ids: string[] = [];
      for (let index = 0; index < 4; index += 1) {
        const res = await call(api.post(`/api/v1/restaurants/${PLACES[0]}/reports`, reportBody({ body: `Privacy probe report ${index}, mouse by the door.`, photos: [jpeg] }), { headers, key }));
        if (res.status === 201) ids.push(res.body.data.id);
      }
      expect(responses[responses.length - 1].status).toBe(429);
      await call(api.post(`/api/v1/restaurants/${PLACES[1]}/reports`, reportBody({ photos: ['bm90IGFuIGltYWdl'] }), { headers, key }));
      await call(api.request('PATCH', '/api/v1/profile', { headers, key, body: { username: 'Privacy_Probe' } }));
      await call(api.request('PATCH', '/api/v1/profile', { headers, key, body: { username: 'Privacy_Probe_2' } }));
      await call(api.request('PATCH', '/api/v1/profile', { headers: device(`${RAW}-other`), key, body: { username: 'privacy_probe' } }));
      await call(api.post('/api/v1/profile/avatar', { image: (await plainJpeg()).toString('base64') }, { headers, key }));
      await call(api.post('/api/v1/profile/avatar', { image: 'R0lGODlhAQABAAAAACw=' }, { headers, key }));
      await call(api.get('/api/v1/profile', { headers, key }));
      await call(api.get('/api/v1/profile/username-check?username=Privacy_Probe', { headers, key }));
      const page = await call(api.get('/api/v1/profile/reports?limit=1', { headers, key }));
      await call(api.get(`/api/v1/profile/reports?limit=1&cursor=${encodeURIComponent(page.body.meta.nextCursor)}`, { headers, key }));
      await call(api.get(`/api/v1/profile/reports?cursor=forged`, { headers, key }));
      const listed = await call(api.get(`/api/v1/restaurants/${PLACES[0]}/reports?limit=1`, { key }));
      await call(api.get(`/api/v1/restaurants/${PLACES[0]}/reports?limit=1&cursor=${encodeURIComponent(listed.body.meta.nextCursor)}`, { key }));
      await call(api.get(`/api/v1/restaurants/${PLACES[0]}`, { key }));
      await call(api.post('/api/v1/restaurants/batch', { camis: PLACES }, { key }));
      if (key === api.keys.live) await setReportStatus(api.ns.stores.byMode.live.pg, ids[0], 'hidden');
    }

    // Served: neither the raw id nor the hash (nor a 16-character piece of it), in bodies or headers.
    const served = responses.map((res) => `${res.text}\n${[...res.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n')}`).join('\n');
    expect(served).not.toContain(RAW);
    for (let offset = 0; offset + 16 <= hash.length; offset += 8) expect(served).not.toContain(hash.slice(offset, offset + 16));

    // Logged: neither.
    const logged = api.logs.join('\n');
    expect(logged).not.toContain(RAW);
    expect(logged).not.toContain(hash);

    // Stored: never the raw id, in any table of any schema of the deployment (platform, live, test).
    const pg = api.ns.stores.platform;
    const schemas = Object.values(schemaNames(api.ns.config.namespace));
    const { rows: tables } = await pg.query<{ schema: string; table: string }>(
      `select table_schema as schema, table_name as table from information_schema.tables where table_schema = any($1) and table_type = 'BASE TABLE'`,
      [schemas],
    );
    expect(tables.map((t) => t.table)).toEqual(expect.arrayContaining(['device_profiles', 'community_reports', 'report_photos', 'avatars', 'community_admin_log']));
    for (const { schema, table } of tables) {
      const { rows } = await pg.query(`select count(*)::int as n from ${schema}.${table} t where position($1 in t::text) > 0 or position($2 in t::text) > 0`, [RAW, RAW.toLowerCase()]);
      expect([`${schema}.${table}`, rows[0].n]).toEqual([`${schema}.${table}`, 0]);
    }
    // ... and the hash is what the device rows are keyed by.
    for (const mode of ['live', 'test'] as const) {
      expect((await api.ns.stores.byMode[mode].pg.query('select count(*)::int as n from device_profiles where device_hash = $1', [hash])).rows[0].n).toBe(1);
    }
  });
});
