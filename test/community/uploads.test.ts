/**
 * What an upload may cost: images refused by their headers before any decoding, the report
 * caps looked at before any photo is decoded, and the process's decode queue (one decode at a
 * time here, one upload waiting) answering 503 past its bound while other requests go on.
 */
import { imageDecodeQueue, type DecodeQueue } from '../../src/community/decode-queue';
import { MAX_INPUT_SIDE } from '../../src/community/images';
import { startTestApi, TestApi } from '../support/api';
import { manyScanJpeg, solidPng } from '../support/images';
import { device, hugePng, plainJpeg, reportBody, seedRestaurant } from './support';

let api: TestApi;
let queue: DecodeQueue;
const CAMIS = '48000001';

beforeAll(async () => {
  api = await startTestApi({ config: { imageDecodes: { concurrency: 1, waiting: 1 } } });
  // The app's own queue: the process has one per setting.
  queue = imageDecodeQueue(api.ns.config.imageDecodes);
  await seedRestaurant(api.ns.stores.byMode.live.pg, CAMIS);
});
afterAll(() => api.stop());

const report = (id: string, photos: Buffer[] = []) =>
  api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody({ photos: photos.map((photo) => photo.toString('base64')) }), { headers: device(id) });
const avatar = (id: string, image: Buffer) => api.post('/api/v1/profile/avatar', { image: image.toString('base64') }, { headers: device(id) });
const stored = async () => {
  const { rows } = await api.ns.stores.byMode.live.pg.query('select (select count(*) from community_reports)::int as reports, (select count(*) from report_photos)::int as photos, (select count(*) from avatars)::int as avatars');
  return rows[0];
};

/** Waits (without a clock) until the queue is in this state. */
async function until(state: { running: number; waiting: number }): Promise<void> {
  for (;;) {
    const { running, waiting } = queue.stats();
    if (running === state.running && waiting === state.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Holds every decode slot of the queue until released: any upload that needs a decode waits behind it. */
async function holdDecodes(): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  for (let slot = 0; slot < queue.settings.concurrency; slot += 1) void queue.run(() => held);
  await until({ running: queue.settings.concurrency, waiting: 0 });
  return release;
}

describe('images refused by their headers', () => {
  it('refuses degenerate strips under the pixel cap with 400 invalid_photo / invalid_image, decoding nothing and storing nothing', async () => {
    const before = await stored();
    const started = queue.stats().started;
    for (const strip of [hugePng(1, 39_999_999), hugePng(39_999_999, 1), solidPng(1, 10_000_000)]) {
      const res = await report('strip-device', [strip]);
      expect([res.status, res.body.error.code, res.body.error.param]).toEqual([400, 'invalid_photo', 'photos[0]']);
      expect(res.body.error.message).toContain(`longest side may be at most ${MAX_INPUT_SIDE} pixels`);
      const image = await avatar('strip-device', strip);
      expect([image.status, image.body.error.code, image.body.error.param]).toEqual([400, 'invalid_image', 'image']);
    }
    const scans = await report('strip-device', [manyScanJpeg(6320, 6320, 3 * 883)]);
    expect([scans.status, scans.body.error.code]).toEqual([400, 'invalid_photo']);
    expect(scans.body.error.message).toContain('scans');
    expect(queue.stats().started).toBe(started);
    expect(await stored()).toEqual(before);
  });
});

describe('the report caps come before any decoding', () => {
  it('answers 429 to a device at its cap with a photo that would take long to decode, while every decode slot is held', async () => {
    for (let index = 0; index < 3; index += 1) expect((await report('capped-device')).status).toBe(201);
    // Accepted by every limit, and among the costliest: 64 scans over 40 megapixels.
    const slow = manyScanJpeg(6320, 6320, 64);
    const release = await holdDecodes();
    try {
      const started = queue.stats().started;
      let answered = false;
      const pending = report('capped-device', [slow, slow, slow]).finally(() => (answered = true));
      // Either the answer comes, or the upload joins the queue behind the held slot (a decode asked for).
      while (!answered && queue.stats().waiting === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(queue.stats().waiting).toBe(0);
      const res = await pending;
      expect([res.status, res.body.error.code, res.body.error.scope]).toEqual([429, 'report_cap', 'establishment']);
      expect(res.headers.get('retry-after')).toBe(String(res.body.error.retryAfterSeconds));
      // Answered while no decode could run: it never asked for one.
      expect(queue.stats()).toMatchObject({ running: queue.settings.concurrency, waiting: 0, started });
    } finally {
      release();
    }
  });
});

describe('the decode queue', () => {
  it('decodes one upload at a time, queues one, answers 503 past that, and serves other requests meanwhile', async () => {
    const jpeg = await plainJpeg(64, 64);
    const before = await stored();
    const release = await holdDecodes();
    const events: string[] = [];
    let queued: Promise<{ status: number }> | undefined;
    try {
      queued = report('queued-device', [jpeg]).then((res) => {
        events.push('queued upload answered');
        return res;
      });
      // Either it joins the queue behind the held slot, or (decoding past the bound) it answers.
      while (!events.length && queue.stats().waiting === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(events).toEqual([]);
      // The bound: one decoding (the held slot), one waiting; the next upload of either kind is refused.
      expect(queue.stats()).toMatchObject({ running: 1, waiting: 1 });
      for (const refused of [await report('overflow-device', [jpeg]), await avatar('overflow-device', jpeg)]) {
        expect([refused.status, refused.body.error.code]).toEqual([503, 'unavailable']);
        expect(refused.body.error.retryAfterSeconds).toBeGreaterThan(0);
        expect(refused.headers.get('retry-after')).toBe(String(refused.body.error.retryAfterSeconds));
      }
      // A report without photos needs no decode, and unrelated requests answer while the upload waits.
      expect((await report('photoless-device')).status).toBe(201);
      expect((await api.get(`/api/v1/restaurants/${CAMIS}/reports`)).status).toBe(200);
      expect((await api.get('/api/v1/profile', { headers: device('queued-device') })).status).toBe(200);
      events.push('other requests answered');
      expect(queue.stats()).toMatchObject({ running: 1, waiting: 1 });
    } finally {
      release();
    }
    expect((await queued!).status).toBe(201);
    expect(events).toEqual(['other requests answered', 'queued upload answered']);
    // Stored: the queued report with its photo and the photoless one; nothing of the refused uploads.
    expect(await stored()).toEqual({ reports: before.reports + 2, photos: before.photos + 1, avatars: before.avatars });
    const overflow = await api.get('/api/v1/profile', { headers: device('overflow-device') });
    expect(overflow.body.data).toMatchObject({ createdAt: null, avatarId: null });
  });
});
