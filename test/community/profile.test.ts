import sharp from 'sharp';
import { funDefault, hashDeviceId } from '../../src/domain/community/devices';
import { startTestApi, TestApi } from '../support/api';
import { device, expectNoMetadataBytes, fetchBytes, gpsJpeg, hugePng, plainPng, reportBody, seedRestaurant } from './support';

let api: TestApi;
const CAMIS = '42000001';

beforeAll(async () => {
  api = await startTestApi();
  await seedRestaurant(api.ns.stores.byMode.live.pg, CAMIS);
});
afterAll(() => api.stop());

const getProfile = (id: string) => api.get('/api/v1/profile', { headers: device(id) });
const patch = (id: string, username: string) => api.request('PATCH', '/api/v1/profile', { headers: device(id), body: { username } });
const check = (username: string, id?: string) =>
  api.get(`/api/v1/profile/username-check?username=${encodeURIComponent(username)}`, id ? { headers: device(id) } : {});

describe('GET /profile', () => {
  it('gives an unknown device its stable defaults, derived from the salted hash', async () => {
    const first = await getProfile('profile-new');
    expect(first.status).toBe(200);
    const expectedName = funDefault(hashDeviceId('profile-new', api.ns.config.deviceIdSalt));
    expect(first.body.data).toEqual({
      username: null,
      funDefault: expectedName,
      displayName: expectedName,
      avatarId: null,
      createdAt: null,
      renamedAt: null,
      canRenameAt: null,
    });
    expect((await getProfile('profile-new')).body.data.funDefault).toBe(expectedName);
    expect((await getProfile('profile-other')).body.data.funDefault).not.toBe(expectedName);
  });

  it('requires X-Device-Id on every device endpoint', async () => {
    const calls = [
      api.get('/api/v1/profile'),
      api.request('PATCH', '/api/v1/profile', { body: { username: 'someone' } }),
      api.request('DELETE', '/api/v1/profile'),
      api.post('/api/v1/profile/avatar', { image: 'AAAA' }),
      api.get('/api/v1/profile/reports'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('device_id_required');
    }
  });

  it('never stores the raw device id', async () => {
    await patch('raw-id-never-stored-1234', 'RawIdTester');
    const dump = await api.ns.stores.byMode.live.pg.query('select row_to_json(d)::text as row from device_profiles d');
    expect(dump.rows.map((r) => r.row).join('\n')).not.toContain('raw-id-never-stored-1234');
  });
});

describe('own report history', () => {
  it('pages the device\'s own reports with a cursor bound to the device', async () => {
    for (let index = 0; index < 3; index += 1) {
      await api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody({ body: `History entry ${index} about the counter mouse.` }), { headers: device('historian') });
    }
    const first = await api.get('/api/v1/profile/reports?limit=2', { headers: device('historian') });
    expect(first.body.data.map((r: { body: string }) => r.body.slice(0, 15))).toEqual(['History entry 2', 'History entry 1']);
    expect(first.body.data[0]).toMatchObject({ camis: CAMIS, status: 'active' });
    const cursor = encodeURIComponent(first.body.meta.nextCursor);
    const second = await api.get(`/api/v1/profile/reports?limit=2&cursor=${cursor}`, { headers: device('historian') });
    expect(second.body.data.map((r: { body: string }) => r.body.slice(0, 15))).toEqual(['History entry 0']);
    expect(second.body.meta.nextCursor).toBeNull();
    const stolen = await api.get(`/api/v1/profile/reports?limit=2&cursor=${cursor}`, { headers: device('someone-else') });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.code).toBe('invalid_cursor');
    expect((await api.get('/api/v1/profile/reports?status=hidden', { headers: device('historian') })).body.error.code).toBe('unknown_parameter');
  });

  it('refuses a malformed X-Device-Id with 400 invalid_parameter', async () => {
    const res = await getProfile('x'.repeat(201));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_parameter', param: 'X-Device-Id' });
  });
});

describe('test mode profiles', () => {
  it('keeps a profile written with a test key in the test store only', async () => {
    const res = await api.request('PATCH', '/api/v1/profile', { headers: device('two-mode-device'), body: { username: 'Test.Only' }, key: api.keys.test });
    expect(res.status).toBe(200);
    expect((await getProfile('two-mode-device')).body.data.username).toBeNull();
    expect((await check('Test.Only')).body.data).toEqual({ available: true });
    expect((await api.get('/api/v1/profile', { headers: device('two-mode-device'), key: api.keys.test })).body.data.username).toBe('Test.Only');
  });
});

describe('PATCH /profile', () => {
  it('claims a username with case preserved and starts the 14-day throttle', async () => {
    const before = Date.now();
    const res = await patch('claimer', 'Pizza.Fan_99');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.username).toBe('Pizza.Fan_99');
    expect(data.displayName).toBe('Pizza.Fan_99');
    expect(Date.parse(data.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(data.canRenameAt) - Date.parse(data.renamedAt)).toBe(14 * 24 * 60 * 60 * 1000);

    const again = await patch('claimer', 'Pizza.Fan_99');
    expect(again.status).toBe(200);

    const throttled = await patch('claimer', 'Pasta.Fan');
    expect(throttled.status).toBe(429);
    expect(throttled.body.error.code).toBe('rename_throttled');
    expect(throttled.body.error.canRenameAt).toBe(data.canRenameAt);
    expect(throttled.body.error.retryAfterSeconds).toBeGreaterThan(13 * 86400);
    expect((await getProfile('claimer')).body.data.username).toBe('Pizza.Fan_99');
  });

  it('allows a rename once 14 days have passed', async () => {
    await patch('renamer', 'FirstName');
    await api.ns.stores.byMode.live.pg.query(
      `update device_profiles set renamed_at = now() - interval '14 days 1 minute' where username = 'FirstName'`,
    );
    const res = await patch('renamer', 'SecondName');
    expect(res.status).toBe(200);
    expect(res.body.data.username).toBe('SecondName');
    await expect(check('FirstName').then((r) => r.body.data)).resolves.toEqual({ available: true });
  });

  it('answers 409 username_taken for a handle held by another device, case-insensitively', async () => {
    await patch('holder', 'Taken_Name');
    const res = await patch('intruder', 'taken_name');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('username_taken');
    const intruder = await getProfile('intruder');
    expect(intruder.body.data.username).toBeNull();
    expect(intruder.body.data.canRenameAt).toBeNull();
  });

  it('lets only one of two concurrent claims of a handle win', async () => {
    const results = await Promise.all(['race-a', 'race-b', 'race-c'].map((id) => patch(id, 'RaceWinner')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('refuses invalid and reserved handles with 400 invalid_body', async () => {
    for (const username of ['ab', 'x'.repeat(21), 'bad*chars', 'Admin', 'NYC Health', 'dohmh_fan', 'moderator1']) {
      const res = await patch('rule-breaker', username);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_body');
      expect(res.body.error.param).toBe('username');
    }
  });
});

describe('GET /profile/username-check', () => {
  it('says why a handle is unavailable', async () => {
    await patch('checker', 'Checked.Name');
    expect((await check('Fresh_Handle')).body.data).toEqual({ available: true });
    expect((await check('a!')).body.data).toEqual({ available: false, reason: 'invalid' });
    expect((await check('Support')).body.data).toEqual({ available: false, reason: 'reserved' });
    expect((await check('checked.name')).body.data).toEqual({ available: false, reason: 'taken' });
    expect((await check('CHECKED.NAME', 'checker')).body.data).toEqual({ available: true });
    expect((await check('checked.name', 'someone-else')).body.data).toEqual({ available: false, reason: 'taken' });
  });

  it('answers reason invalid, not 400, for a handle of any length', async () => {
    for (const username of ['x'.repeat(21), 'x'.repeat(201), 'x'.repeat(2000)]) {
      const res = await check(username);
      expect([res.status, res.body.data]).toEqual([200, { available: false, reason: 'invalid' }]);
    }
  });

  it('requires the username parameter', async () => {
    const res = await api.get('/api/v1/profile/username-check');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('missing_parameter');
  });
});

describe('avatars', () => {
  it('re-encodes to a 512 px JPEG without metadata and serves it with nosniff', async () => {
    const res = await api.post('/api/v1/profile/avatar', { image: (await gpsJpeg(900, 600)).toString('base64') }, { headers: device('avatar-device') });
    expect(res.status).toBe(200);
    const avatarId = res.body.data.avatarId;
    expect(avatarId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const served = await fetchBytes(api, `/api/v1/profiles/avatars/${avatarId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('max-age=');
    expect(served.bytes.length).toBeLessThanOrEqual(1024 * 1024);
    expectNoMetadataBytes(served.bytes);
    const metadata = await sharp(served.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 512, 512, undefined]);

    // A PNG becomes a JPEG avatar too; the previous avatar id stops answering.
    const next = await api.post('/api/v1/profile/avatar', { image: `data:image/png;base64,${(await plainPng()).toString('base64')}` }, { headers: device('avatar-device') });
    expect(next.status).toBe(200);
    expect(next.body.data.avatarId).not.toBe(avatarId);
    expect((await api.get(`/api/v1/profiles/avatars/${avatarId}`)).status).toBe(404);
    expect((await fetchBytes(api, `/api/v1/profiles/avatars/${next.body.data.avatarId}`)).headers.get('content-type')).toBe('image/jpeg');

    // Reports show the author's avatar and name.
    await api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody(), { headers: device('avatar-device') });
    const listed = await api.get(`/api/v1/restaurants/${CAMIS}/reports`);
    expect(listed.body.data[0].author.avatarId).toBe(next.body.data.avatarId);
  });

  it('refuses a bomb and non-images with 400 invalid_image, storing nothing', async () => {
    const before = Number((await api.ns.stores.byMode.live.pg.query('select count(*) from avatars')).rows[0].count);
    for (const image of [hugePng().toString('base64'), Buffer.from('GIF89a not really').toString('base64'), 42]) {
      const res = await api.post('/api/v1/profile/avatar', { image }, { headers: device('avatar-bomb') });
      expect(res.status).toBe(400);
      expect(['invalid_image', 'invalid_body']).toContain(res.body.error.code);
    }
    expect(Number((await api.ns.stores.byMode.live.pg.query('select count(*) from avatars')).rows[0].count)).toBe(before);
    expect((await getProfile('avatar-bomb')).body.data.createdAt).toBeNull();
  });

  it('answers 404 for an unknown avatar id', async () => {
    expect((await api.get('/api/v1/profiles/avatars/nope')).status).toBe(404);
    for (const avatarId of ['A'.repeat(65), 'A'.repeat(300)]) {
      const res = await api.get(`/api/v1/profiles/avatars/${avatarId}`);
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    }
  });
});
