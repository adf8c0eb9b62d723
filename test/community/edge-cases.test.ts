import sharp from 'sharp';
import { startTestApi, TestApi } from '../support/api';
import { device, fetchBytes, plainJpeg, reportBody, seedRestaurant } from './support';

/** Boundary inputs of the community and device endpoints. */
let api: TestApi;
const CAMIS = '45000001';

beforeAll(async () => {
  api = await startTestApi();
  await seedRestaurant(api.ns.stores.byMode.live.pg, CAMIS);
});
afterAll(() => api.stop());

const post = (body: unknown, id: string) => api.post(`/api/v1/restaurants/${CAMIS}/reports`, body, { headers: device(id) });

describe('X-Device-Id', () => {
  it('of only spaces is absent: 400 device_id_required on every endpoint that requires it', async () => {
    const headers = { 'X-Device-Id': '    ' };
    const calls = [
      api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody(), { headers }),
      api.get('/api/v1/profile', { headers }),
      api.request('PATCH', '/api/v1/profile', { headers, body: { username: 'someone' } }),
      api.request('DELETE', '/api/v1/profile', { headers }),
      api.post('/api/v1/profile/avatar', { image: 'AAAA' }, { headers }),
      api.get('/api/v1/profile/reports', { headers }),
    ];
    for (const res of await Promise.all(calls)) expect([res.status, res.body.error.code, res.body.error.param]).toEqual([400, 'device_id_required', 'X-Device-Id']);
    // Optional on username-check: blank reads as absent.
    expect((await api.get('/api/v1/profile/username-check?username=abcd', { headers })).body.data).toEqual({ available: true });
  });

  it('is accepted up to 200 characters and refused beyond', async () => {
    expect((await api.get('/api/v1/profile', { headers: device('d'.repeat(200)) })).status).toBe(200);
    for (const length of [201, 5000]) {
      const res = await api.get('/api/v1/profile', { headers: device('d'.repeat(length)) });
      expect([res.status, res.body.error.code, res.body.error.param]).toEqual([400, 'invalid_parameter', 'X-Device-Id']);
    }
  });
});

describe('report body length', () => {
  it('counts characters as code points: 20 and 500 emoji pass, 19 and 501 fail', async () => {
    const cases: Array<[string, number]> = [
      ['😀'.repeat(20), 201],
      ['😀'.repeat(19), 400],
      ['😀'.repeat(500), 201],
      ['😀'.repeat(501), 400],
      ['a'.repeat(500), 201],
      ['a'.repeat(501), 400],
    ];
    for (const [index, [body, status]] of cases.entries()) {
      const res = await post({ kind: 'praise_taste', body }, `length-${index}`);
      expect([index, res.status]).toEqual([index, status]);
      if (status === 201) expect(res.body.data.body).toBe(body);
      else expect(res.body.error).toMatchObject({ code: 'invalid_body', param: 'body' });
    }
  });

  it('refuses pestSubtype on a non-pest report', async () => {
    for (const kind of ['food_poisoning', 'sanitation_other', 'praise_taste', 'praise_clean']) {
      const res = await post(reportBody({ kind, pestSubtype: 'rats' }), 'subtype-device');
      expect([res.status, res.body.error.code, res.body.error.param]).toEqual([400, 'invalid_body', 'pestSubtype']);
    }
  });
});

describe('report photos judged by their bytes', () => {
  it('refuses a GIF (valid base64) and a truncated JPEG with invalid_photo, storing nothing', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } }).gif().toBuffer();
    const jpeg = await plainJpeg();
    const before = (await api.ns.stores.byMode.live.pg.query('select count(*)::int as n from report_photos')).rows[0].n;
    for (const photo of [gif, jpeg.subarray(0, Math.floor(jpeg.length / 2)), jpeg.subarray(0, Math.floor(jpeg.length * 0.9))]) {
      const res = await post(reportBody({ photos: [photo.toString('base64')] }), 'bad-photo-device');
      expect([res.status, res.body.error.code, res.body.error.param]).toEqual([400, 'invalid_photo', 'photos[0]']);
    }
    expect((await api.ns.stores.byMode.live.pg.query('select count(*)::int as n from report_photos')).rows[0].n).toBe(before);
  });

  it('stores a JPEG sent as a data URL declaring image/png as a JPEG', async () => {
    const jpeg = await plainJpeg();
    const res = await post(reportBody({ photos: [`data:image/png;base64,${jpeg.toString('base64')}`] }), 'declared-png-device');
    expect(res.status).toBe(201);
    const served = await fetchBytes(api, `/api/v1/reports/photos/${res.body.data.photoIds[0]}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(served.bytes).metadata()).format).toBe('jpeg');
  });
});

describe('usernames with separators', () => {
  it('refuses reserved handles however they are split', async () => {
    for (const username of ['Ad_min', 'N.Y.C. Health', 'nyc-health', 'S_u_p_p_o_r_t', 'In-spector', 'DOH MH', 'St.aff']) {
      expect([username, (await api.get(`/api/v1/profile/username-check?username=${encodeURIComponent(username)}`)).body.data]).toEqual([username, { available: false, reason: 'reserved' }]);
      const res = await api.request('PATCH', '/api/v1/profile', { headers: device('separator-device'), body: { username } });
      expect([username, res.status, res.body.error?.code]).toEqual([username, 400, 'invalid_body']);
    }
  });
});

describe('list parameters', () => {
  it('bound limit to 1-100 on both report lists', async () => {
    for (const path of [`/api/v1/restaurants/${CAMIS}/reports`, '/api/v1/profile/reports']) {
      for (const limit of ['0', '101', '-1', 'abc']) {
        const res = await api.get(`${path}?limit=${limit}`, { headers: device('limit-device') });
        expect([path, limit, res.status, res.body.error.code]).toEqual([path, limit, 400, 'invalid_parameter']);
      }
      for (const limit of ['1', '100']) expect((await api.get(`${path}?limit=${limit}`, { headers: device('limit-device') })).status).toBe(200);
    }
  });

  it('refuses unknown kinds and empty kind lists', async () => {
    for (const kind of ['rats', '', 'pest,']) {
      const res = await api.get(`/api/v1/restaurants/${CAMIS}/reports?kind=${kind}`);
      expect([kind, res.status, res.body.error.code]).toEqual([kind, 400, 'invalid_parameter']);
    }
  });

  it('reads a kind in any letter case as the enum spells it (enumerated values are case-insensitive everywhere)', async () => {
    const upper = await api.get(`/api/v1/restaurants/${CAMIS}/reports?kind=PEST`);
    const lower = await api.get(`/api/v1/restaurants/${CAMIS}/reports?kind=pest`);
    expect(upper.status).toBe(200);
    expect(upper.body.data).toEqual(lower.body.data);
  });
});
