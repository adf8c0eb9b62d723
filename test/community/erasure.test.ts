import { setReportStatus } from '../../src/community/admin';
import { communityBlocks } from '../../src/community/store';
import { hashDeviceId } from '../../src/domain/community/devices';
import { startTestApi, TestApi } from '../support/api';
import { device, fetchBytes, plainJpeg, reportBody, seedRestaurant } from './support';

let api: TestApi;
const CAMIS = '43000001';
const ERASER = 'eraser-device-0001';
const BYSTANDER = 'bystander-device';

beforeAll(async () => {
  api = await startTestApi();
  await seedRestaurant(api.ns.stores.byMode.live.pg, CAMIS);
});
afterAll(() => api.stop());

const live = () => api.ns.stores.byMode.live;

describe('DELETE /profile', () => {
  it('erases profile, avatar and every report (hidden and disputed too) from every surface, keeping an audit copy', async () => {
    const headers = device(ERASER);
    const jpeg = (await plainJpeg()).toString('base64');
    expect((await api.request('PATCH', '/api/v1/profile', { headers, body: { username: 'Soon.Gone' } })).status).toBe(200);
    const avatar = await api.post('/api/v1/profile/avatar', { image: jpeg }, { headers });
    const avatarId = avatar.body.data.avatarId as string;
    const filed = [];
    for (const kind of ['pest', 'food_poisoning', 'sanitation_other']) {
      const res = await api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody({ kind, pestSubtype: kind === 'pest' ? 'rats' : null, photos: [jpeg] }), { headers });
      expect(res.status).toBe(201);
      filed.push(res.body.data);
    }
    await setReportStatus(live().pg, filed[1].id, 'hidden');
    await setReportStatus(live().pg, filed[2].id, 'disputed');
    await api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody({ kind: 'praise_taste', pestSubtype: null }), { headers: device(BYSTANDER) });

    const photoIds = filed.flatMap((report) => report.photoIds as string[]);
    expect((await fetchBytes(api, `/api/v1/reports/photos/${filed[0].photoIds[0]}`)).status).toBe(200);
    const before = (await communityBlocks(live(), [CAMIS], new Date())).get(CAMIS)!;
    expect(before.counts).toEqual({ pest: 1, food_poisoning: 0, sanitation_other: 1, praise_taste: 1, praise_clean: 0 });
    expect(before.scoreAdjustment).toBeLessThan(0);

    const erased = await api.request('DELETE', '/api/v1/profile', { headers });
    expect(erased.status).toBe(204);
    expect(erased.text).toBe('');

    // Public surfaces: list, photos, avatar, counts and score.
    const listed = await api.get(`/api/v1/restaurants/${CAMIS}/reports`);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].kind).toBe('praise_taste');
    expect(listed.text).not.toContain('Soon.Gone');
    for (const photoId of photoIds) expect((await api.get(`/api/v1/reports/photos/${photoId}`)).status).toBe(404);
    expect((await api.get(`/api/v1/profiles/avatars/${avatarId}`)).status).toBe(404);
    const after = (await communityBlocks(live(), [CAMIS], new Date())).get(CAMIS)!;
    expect(after).toEqual({ counts: { pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 1, praise_clean: 0 }, lastReportAt: before.lastReportAt, scoreAdjustment: 0 });

    // The device's own views: defaults, empty history.
    const profile = await api.get('/api/v1/profile', { headers });
    expect(profile.body.data).toMatchObject({ username: null, avatarId: null, createdAt: null, renamedAt: null, canRenameAt: null });
    expect((await api.get('/api/v1/profile/reports', { headers })).body.data).toEqual([]);

    // The username is free at once, for anyone.
    expect((await api.get('/api/v1/profile/username-check?username=soon.gone')).body.data).toEqual({ available: true });
    expect((await api.request('PATCH', '/api/v1/profile', { headers: device(BYSTANDER), body: { username: 'soon.gone' } })).status).toBe(200);

    // Nothing of the device is left in the served tables ...
    const hash = hashDeviceId(ERASER, api.ns.config.deviceIdSalt);
    for (const table of ['device_profiles', 'community_reports', 'avatars']) {
      expect((await live().pg.query(`select count(*)::int as n from ${table} where device_hash = $1`, [hash])).rows[0].n).toBe(0);
    }
    expect((await live().pg.query('select count(*)::int as n from report_photos where id = any($1)', [photoIds])).rows[0].n).toBe(0);
    // ... while the audit copy exists, stamped, with the reports (hidden and disputed included) and the images.
    const audit = await live().pg.query('select id, erased_at, profile, reports from erasure_audit where device_hash = $1', [hash]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].erased_at).toBeInstanceOf(Date);
    expect(audit.rows[0].profile.username).toBe('Soon.Gone');
    expect(audit.rows[0].reports.map((r: { status: string }) => r.status).sort()).toEqual(['active', 'disputed', 'hidden']);
    const images = await live().pg.query('select image_kind, image_id from erasure_audit_images where audit_id = $1', [audit.rows[0].id]);
    expect(images.rows.filter((row) => row.image_kind === 'photo').map((row) => row.image_id).sort()).toEqual([...photoIds].sort());
    expect(images.rows.filter((row) => row.image_kind === 'avatar').map((row) => row.image_id)).toEqual([avatarId]);
  });

  it('is idempotent: repeating it answers 204 and writes no second audit copy', async () => {
    const headers = device(ERASER);
    expect((await api.request('DELETE', '/api/v1/profile', { headers })).status).toBe(204);
    expect((await api.request('DELETE', '/api/v1/profile', { headers: device('never-seen-device') })).status).toBe(204);
    const hash = hashDeviceId(ERASER, api.ns.config.deviceIdSalt);
    expect((await live().pg.query('select count(*)::int as n from erasure_audit where device_hash = $1', [hash])).rows[0].n).toBe(1);
  });

  it('never serves the audit copy: no endpoint answers anything of the erased device', async () => {
    const doc = (await api.get('/api/v1/openapi.json')).body;
    expect(JSON.stringify(doc)).not.toMatch(/erasure_audit/);
    // The erased device starts over with a fresh, empty profile; its old caps are gone too.
    const headers = device(ERASER);
    const fresh = await api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody(), { headers });
    expect(fresh.status).toBe(201);
    const own = await api.get('/api/v1/profile/reports', { headers });
    expect(own.body.data.map((r: { id: string }) => r.id)).toEqual([fresh.body.data.id]);
  });

  it('keeps test-key device writes (report, username, avatar, erasure) in the test store, and each erasure to its own store', async () => {
    await seedRestaurant(api.ns.stores.byMode.test.pg, CAMIS);
    const headers = device('two-store-device');
    const hash = hashDeviceId('two-store-device', api.ns.config.deviceIdSalt);
    const image = (await plainJpeg()).toString('base64');
    const rows = async (mode: 'live' | 'test') => {
      const pg = api.ns.stores.byMode[mode].pg;
      const counts = [];
      for (const table of ['device_profiles', 'community_reports', 'avatars', 'erasure_audit']) {
        counts.push((await pg.query(`select count(*)::int as n from ${table} where device_hash = $1`, [hash])).rows[0].n);
      }
      return counts;
    };
    for (const key of [api.keys.test, api.keys.live]) {
      expect((await api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody(), { headers, key })).status).toBe(201);
      expect((await api.request('PATCH', '/api/v1/profile', { headers, key, body: { username: key === api.keys.test ? 'Sandbox.Name' : 'Real.Name' } })).status).toBe(200);
      expect((await api.post('/api/v1/profile/avatar', { image }, { headers, key })).status).toBe(200);
      if (key === api.keys.test) expect(await rows('live')).toEqual([0, 0, 0, 0]);
    }
    expect(await rows('test')).toEqual([1, 1, 1, 0]);
    expect(await rows('live')).toEqual([1, 1, 1, 0]);

    expect((await api.request('DELETE', '/api/v1/profile', { headers, key: api.keys.test })).status).toBe(204);
    expect(await rows('test')).toEqual([0, 0, 0, 1]);
    expect(await rows('live')).toEqual([1, 1, 1, 0]);
    expect((await api.get('/api/v1/profile', { headers })).body.data.username).toBe('Real.Name');
    expect((await api.get('/api/v1/profile', { headers, key: api.keys.test })).body.data.username).toBeNull();

    expect((await api.request('DELETE', '/api/v1/profile', { headers })).status).toBe(204);
    expect(await rows('live')).toEqual([0, 0, 0, 1]);
  });

  it('erases a report filed concurrently with the erasure or leaves it to a new device row, never half', async () => {
    const headers = device('racing-device');
    await api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody(), { headers });
    const [post, erase] = await Promise.all([
      api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody({ body: 'A second report racing the erasure of this device.' }), { headers }),
      api.request('DELETE', '/api/v1/profile', { headers }),
    ]);
    expect(erase.status).toBe(204);
    expect(post.status).toBe(201);
    const own = await api.get('/api/v1/profile/reports', { headers });
    expect(own.body.data.length).toBeLessThanOrEqual(1);
    const hash = hashDeviceId('racing-device', api.ns.config.deviceIdSalt);
    const orphans = await live().pg.query(
      'select count(*)::int as n from community_reports r left join device_profiles d using (device_hash) where r.device_hash = $1 and d.device_hash is null',
      [hash],
    );
    expect(orphans.rows[0].n).toBe(0);
  });
});
