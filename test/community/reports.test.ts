import sharp from 'sharp';
import { startTestApi, TestApi } from '../support/api';
import { device, expectNoMetadataBytes, fetchBytes, gpsJpeg, hugePng, plainJpeg, plainPng, reportBody, seedRestaurant } from './support';

let api: TestApi;
const CAMIS = '40000001';
const OTHER = '40000002';

beforeAll(async () => {
  api = await startTestApi();
  for (const camis of [CAMIS, OTHER]) await seedRestaurant(api.ns.stores.byMode.live.pg, camis);
  await seedRestaurant(api.ns.stores.byMode.test.pg, CAMIS);
});
afterAll(() => api.stop());

const post = (body: unknown, id = 'device-a', camis = CAMIS, key?: string) =>
  api.post(`/api/v1/restaurants/${camis}/reports`, body, { headers: device(id), ...(key && { key }) });
const count = async (table: string, mode: 'live' | 'test' = 'live') =>
  Number((await api.ns.stores.byMode[mode].pg.query(`select count(*) from ${table}`)).rows[0].count);

describe('POST /restaurants/{camis}/reports', () => {
  it('files a report and answers it as public surfaces show it', async () => {
    const res = await post(reportBody({ body: '  Saw a mouse run along the counter near the register.  ' }), 'filer-1');
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      kind: 'pest',
      pestSubtype: 'mice',
      body: 'Saw a mouse run along the counter near the register.',
      createdAt: new Date().toISOString().slice(0, 10),
      photoIds: [],
      author: { displayName: expect.any(String), avatarId: null },
    });
    expect(JSON.stringify(res.body)).not.toContain('filer-1');
    expect(api.logs.join('\n')).not.toContain('filer-1');
    const stored = await api.ns.stores.byMode.live.pg.query('select device_hash from community_reports where id = $1', [res.body.data.id]);
    expect(stored.rows[0].device_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].device_hash).not.toContain('filer-1');
  });

  it('requires X-Device-Id (400 device_id_required), also when empty', async () => {
    const variants: Array<Record<string, string>> = [{}, { 'X-Device-Id': '' }, { 'X-Device-Id': '   ' }];
    for (const headers of variants) {
      const res = await api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody(), { headers });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('device_id_required');
    }
  });

  it('answers 404 for an unknown camis and stores nothing', async () => {
    const before = await count('community_reports');
    const res = await post(reportBody(), 'filer-2', '49999999');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await count('community_reports')).toBe(before);
  });

  it('applies the kind, pestSubtype and body rules', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'pest', pestSubtype: undefined }, 'pestSubtype'],
      [{ kind: 'pest', pestSubtype: 'dragons' }, 'pestSubtype'],
      [{ kind: 'praise_taste', pestSubtype: 'rats' }, 'pestSubtype'],
      [{ kind: 'gossip' }, 'kind'],
      [{ body: 'too short' }, 'body'],
      [{ body: 'x'.repeat(501) }, 'body'],
      [{ body: '                    abc                    ' }, 'body'],
    ];
    for (const [overrides, param] of cases) {
      const res = await post(reportBody(overrides), 'rules-device');
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_body');
      expect([res.body.error.param, ...(res.body.error.details ?? []).map((d: { param: string }) => d.param)]).toContain(param);
    }
    const ok = await post({ kind: 'praise_clean', body: 'y'.repeat(500) }, 'rules-device-2');
    expect(ok.status).toBe(201);
    expect(ok.body.data.pestSubtype).toBeNull();
  });

  it('strips EXIF and GPS from an uploaded JPEG, in stored and served bytes', async () => {
    const original = await gpsJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('SecretCamMaker'))).toBe(true);
    const res = await post(reportBody({ photos: [original.toString('base64')] }), 'photo-device');
    expect(res.status).toBe(201);
    const [photoId] = res.body.data.photoIds;
    expect(photoId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const stored = (await api.ns.stores.byMode.live.pg.query('select content_type, bytes from report_photos where id = $1', [photoId])).rows[0];
    expect(stored.content_type).toBe('image/jpeg');
    expectNoMetadataBytes(stored.bytes);

    const served = await fetchBytes(api, `/api/v1/reports/photos/${photoId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    expect(served.bytes.equals(stored.bytes)).toBe(true);
    expectNoMetadataBytes(served.bytes);
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.format).toBe('jpeg');
  });

  it('judges a PNG labelled as JPEG by its bytes, and keeps it PNG', async () => {
    const png = await plainPng();
    const res = await post(reportBody({ photos: [`data:image/jpeg;base64,${png.toString('base64')}`, { data: png.toString('base64'), contentType: 'image/jpeg' }] }), 'png-device');
    expect(res.status).toBe(201);
    for (const photoId of res.body.data.photoIds) {
      const served = await fetchBytes(api, `/api/v1/reports/photos/${photoId}`);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect((await sharp(served.bytes).metadata()).format).toBe('png');
    }
  });

  it('refuses non-images declared as images with 400 invalid_photo', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const res = await post(reportBody({ photos: [`data:image/png;base64,${html}`] }), 'html-device');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_photo');
    expect(res.body.error.param).toBe('photos[0]');
  });

  it('refuses a 20,000 x 20,000 image with 400 and stores nothing', async () => {
    const before = [await count('community_reports'), await count('report_photos'), await count('device_profiles')];
    const jpeg = await plainJpeg();
    const res = await post(reportBody({ photos: [jpeg.toString('base64'), hugePng().toString('base64')] }), 'bomb-device');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_photo');
    expect(res.body.error.param).toBe('photos[1]');
    expect(res.body.error.message).toContain('20000 x 20000');
    expect([await count('community_reports'), await count('report_photos'), await count('device_profiles')]).toEqual(before);
  });

  it('refuses more than 3 photos and photos over 4 MB with invalid_photo', async () => {
    const jpeg = (await plainJpeg(20, 20)).toString('base64');
    const four = await post(reportBody({ photos: [jpeg, jpeg, jpeg, jpeg] }), 'many-device');
    expect(four.status).toBe(400);
    expect(four.body.error.code).toBe('invalid_photo');
    const big = Buffer.alloc(4 * 1024 * 1024 + 1, 0xff).toString('base64');
    const large = await post(reportBody({ photos: [big] }), 'many-device');
    expect(large.status).toBe(400);
    expect(large.body.error.code).toBe('invalid_photo');
    const three = await post(reportBody({ photos: [jpeg, jpeg, jpeg] }), 'many-device');
    expect(three.status).toBe(201);
    expect(three.body.data.photoIds).toHaveLength(3);
    expect(new Set(three.body.data.photoIds).size).toBe(3);
  });

  it('answers 404 for an unknown photo id', async () => {
    const res = await api.get('/api/v1/reports/photos/AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('answers 404, not 400, for photo ids of any other length or shape', async () => {
    for (const photoId of ['A'.repeat(65), 'A'.repeat(300), 'x', 'not%20an%20id', 'AAAAAAAAAAAAAAAAAAAAA.']) {
      const res = await api.get(`/api/v1/reports/photos/${photoId}`);
      expect([photoId, res.status, res.body.error.code]).toEqual([photoId, 404, 'not_found']);
    }
  });
});

describe('GET /restaurants/{camis}/reports', () => {
  const camis = OTHER;
  beforeAll(async () => {
    const kinds = ['pest', 'food_poisoning', 'praise_taste', 'sanitation_other', 'praise_clean'];
    for (const [index, kind] of kinds.entries()) {
      const res = await post(reportBody({ kind, pestSubtype: kind === 'pest' ? 'rats' : undefined, body: `Report number ${index} about this place, in detail.` }), `lister-${index}`, camis);
      expect(res.status).toBe(201);
    }
  });

  it('lists newest first with a cursor, and filters by kind', async () => {
    const first = await api.get(`/api/v1/restaurants/${camis}/reports?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((r: { body: string }) => r.body)).toEqual(['Report number 4 about this place, in detail.', 'Report number 3 about this place, in detail.']);
    expect(first.body.meta.returned).toBe(2);
    const second = await api.get(`/api/v1/restaurants/${camis}/reports?limit=2&cursor=${encodeURIComponent(first.body.meta.nextCursor)}`);
    const third = await api.get(`/api/v1/restaurants/${camis}/reports?limit=2&cursor=${encodeURIComponent(second.body.meta.nextCursor)}`);
    expect([...second.body.data, ...third.body.data].map((r: { body: string }) => r.body.slice(0, 15))).toEqual(['Report number 2', 'Report number 1', 'Report number 0']);
    expect(third.body.meta.nextCursor).toBeNull();

    const praise = await api.get(`/api/v1/restaurants/${camis}/reports?kind=praise_taste,praise_clean`);
    expect(praise.body.data.map((r: { kind: string }) => r.kind).sort()).toEqual(['praise_clean', 'praise_taste']);
    const replay = await api.get(`/api/v1/restaurants/${camis}/reports?kind=pest&cursor=${encodeURIComponent(first.body.meta.nextCursor)}`);
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('invalid_cursor');
  });

  it('rejects unknown parameters and bad kinds, and 404s an unknown camis', async () => {
    expect((await api.get(`/api/v1/restaurants/${camis}/reports?sort=name`)).body.error.code).toBe('unknown_parameter');
    expect((await api.get(`/api/v1/restaurants/${camis}/reports?kind=gossip`)).body.error.code).toBe('invalid_parameter');
    expect((await api.get('/api/v1/restaurants/49999999/reports')).status).toBe(404);
  });
});

describe('test mode', () => {
  it('keeps device writes made with a test key in the test store only', async () => {
    const liveBefore = await count('community_reports', 'live');
    const res = await post(reportBody(), 'test-mode-device', CAMIS, api.keys.test);
    expect(res.status).toBe(201);
    expect(await count('community_reports', 'live')).toBe(liveBefore);
    expect((await api.ns.stores.byMode.test.pg.query('select id from community_reports')).rows.map((r) => r.id)).toEqual([res.body.data.id]);
    const liveList = await api.get(`/api/v1/restaurants/${CAMIS}/reports`);
    expect(liveList.body.data.map((r: { id: string }) => r.id)).not.toContain(res.body.data.id);
    const testList = await api.get(`/api/v1/restaurants/${CAMIS}/reports`, { key: api.keys.test });
    expect(testList.body.data.map((r: { id: string }) => r.id)).toEqual([res.body.data.id]);
    // The camis exists only in live for OTHER: a test key cannot report on it.
    expect((await post(reportBody(), 'test-mode-device', OTHER, api.keys.test)).status).toBe(404);
  });
});
