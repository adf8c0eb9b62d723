import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { loadTestModeFixture } from '../../ingest/fixture';
import { hashDeviceId } from '../../src/domain/community/devices';
import { withDeviceLock } from '../../src/community/devices/store';
import { fileReport } from '../../src/community/reports/store';
import { startTestApi, TestApi } from '../support/api';
import { device, fetchBytes, plainJpeg, reportBody, seedRestaurant } from './support';

/**
 * Test mode is deterministic per key pair: community writes made with one test key pair
 * (reports, photos, usernames, avatars, erasures, caps) are seen by that pair only. Every
 * test key sees the shared test-mode rows (the fixture) unchanged; live keys see none of it.
 */

let api: TestApi;
let pairA: { live: string; test: string };
let pairB: { live: string; test: string };
let pairC: { live: string; test: string };
const CAMIS = '41000003';
/** The same install id under every key pair: each pair must still see a device of its own. */
const INSTALL = 'shared-install-0001';
let sharedReportId: string;

beforeAll(async () => {
  api = await startTestApi();
  pairA = api.keys;
  pairB = await api.createKeys({ name: 'second test client' });
  pairC = await api.createKeys({ name: 'bystander test client' });
  const shared = api.ns.stores.byMode.test;
  await loadTestModeFixture(shared);
  // A shared test-mode report, written the way the fixture loader writes: with the process's own test store.
  const deviceHash = hashDeviceId('fixture-device', api.ns.config.deviceIdSalt);
  const filed = await withDeviceLock(shared.pg, shared.sandbox, deviceHash, (client) =>
    fileReport(client, { camis: CAMIS, sandbox: shared.sandbox, deviceHash, clientKey: null, kind: 'praise_taste', pestSubtype: null, body: 'The dumplings were excellent and fresh.', photos: [], now: new Date() }),
  );
  if (!filed.ok) throw new Error('the shared report was refused');
  sharedReportId = filed.report.id;
  await seedRestaurant(api.ns.stores.byMode.live.pg, CAMIS);
});
afterAll(() => api?.stop());

const headers = (install = INSTALL) => device(install);
const fileAs = (key: string, body: Record<string, unknown>, install = INSTALL) => api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody(body), { headers: headers(install), key });
const listIds = async (key: string) => {
  const res = await api.get(`/api/v1/restaurants/${CAMIS}/reports`, { key });
  expect(res.status).toBe(200);
  return res.body.data.map((report: { id: string }) => report.id);
};
const ownIds = async (key: string, install = INSTALL) => {
  const res = await api.get('/api/v1/profile/reports', { headers: headers(install), key });
  expect(res.status).toBe(200);
  return res.body.data.map((report: { id: string }) => report.id);
};
const counts = async (key: string) => (await api.get(`/api/v1/restaurants/${CAMIS}`, { key })).body.data.community.counts;
const usernameCheck = async (key: string, username: string, install?: string) =>
  (await api.get(`/api/v1/profile/username-check?username=${encodeURIComponent(username)}`, { key, headers: install ? headers(install) : {} })).body.data;
const ZERO = { pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 0, praise_clean: 0 };

describe('test-mode sandboxes', () => {
  let bystanderProfile: string;
  let bystanderList: string;
  let reportA: { id: string; photoIds: string[] };
  let reportB: { id: string };
  /** A pair that writes nothing keeps getting the bytes it got before any pair wrote. */
  const expectBystanderUnchanged = async () => {
    expect((await api.get(`/api/v1/restaurants/${CAMIS}`, { key: pairC.test })).text).toBe(bystanderProfile);
    expect((await api.get(`/api/v1/restaurants/${CAMIS}/reports`, { key: pairC.test })).text).toBe(bystanderList);
  };

  it('every test key pair starts from the same fixture, shared rows included', async () => {
    for (const key of [pairA.test, pairB.test, pairC.test]) {
      expect(await listIds(key)).toEqual([sharedReportId]);
      expect(await counts(key)).toEqual({ ...ZERO, praise_taste: 1 });
    }
    bystanderProfile = (await api.get(`/api/v1/restaurants/${CAMIS}`, { key: pairC.test })).text;
    bystanderList = (await api.get(`/api/v1/restaurants/${CAMIS}/reports`, { key: pairC.test })).text;
  });

  it('a report and its photo are listed, counted and served to the pair that filed it only', async () => {
    const jpeg = (await plainJpeg()).toString('base64');
    const a = await fileAs(pairA.test, { photos: [jpeg] });
    const b = await fileAs(pairB.test, { kind: 'praise_clean', pestSubtype: null, body: 'Spotless tables and a clean open kitchen.' });
    expect([a.status, b.status]).toEqual([201, 201]);
    reportA = a.body.data;
    reportB = b.body.data;

    expect(await listIds(pairA.test)).toEqual([reportA.id, sharedReportId]);
    expect(await listIds(pairB.test)).toEqual([reportB.id, sharedReportId]);
    expect(await counts(pairA.test)).toEqual({ ...ZERO, pest: 1, praise_taste: 1 });
    expect(await counts(pairB.test)).toEqual({ ...ZERO, praise_clean: 1, praise_taste: 1 });
    // The same install id is a separate device under each pair.
    expect(await ownIds(pairA.test)).toEqual([reportA.id]);
    expect(await ownIds(pairB.test)).toEqual([reportB.id]);

    const photo = `/api/v1/reports/photos/${reportA.photoIds[0]}`;
    expect((await fetchBytes(api, photo, pairA.test)).status).toBe(200);
    expect((await fetchBytes(api, photo, pairB.test)).status).toBe(404);
    expect((await fetchBytes(api, photo, pairA.live)).status).toBe(404);
    expect(await listIds(pairA.live)).toEqual([]);
    await expectBystanderUnchanged();
  });

  it('the same username can be claimed under each pair, and is taken only within its own', async () => {
    expect(await usernameCheck(pairA.test, 'Same.Handle')).toEqual({ available: true });
    expect((await api.request('PATCH', '/api/v1/profile', { headers: headers(), key: pairA.test, body: { username: 'Same.Handle' } })).status).toBe(200);
    expect(await usernameCheck(pairB.test, 'same.handle')).toEqual({ available: true });
    expect((await api.request('PATCH', '/api/v1/profile', { headers: headers(), key: pairB.test, body: { username: 'Same.Handle' } })).status).toBe(200);

    for (const key of [pairA.test, pairB.test]) {
      expect(await usernameCheck(key, 'same.handle', 'another-install')).toEqual({ available: false, reason: 'taken' });
      expect(await usernameCheck(key, 'same.handle', INSTALL)).toEqual({ available: true });
      const taken = await api.request('PATCH', '/api/v1/profile', { headers: headers('another-install'), key, body: { username: 'SAME.handle' } });
      expect(taken.status).toBe(409);
    }
    expect(await usernameCheck(pairC.test, 'same.handle')).toEqual({ available: true });
    expect(await usernameCheck(pairA.live, 'same.handle')).toEqual({ available: true });
    await expectBystanderUnchanged();
  });

  it('an avatar is served to its own pair only', async () => {
    const upload = await api.post('/api/v1/profile/avatar', { image: (await plainJpeg()).toString('base64') }, { headers: headers(), key: pairA.test });
    expect(upload.status).toBe(200);
    const avatarId = upload.body.data.avatarId as string;
    const avatar = `/api/v1/profiles/avatars/${avatarId}`;
    expect((await fetchBytes(api, avatar, pairA.test)).status).toBe(200);
    expect((await fetchBytes(api, avatar, pairB.test)).status).toBe(404);
    expect((await fetchBytes(api, avatar, pairA.live)).status).toBe(404);

    const authorIn = async (key: string, id: string) =>
      (await api.get(`/api/v1/restaurants/${CAMIS}/reports`, { key })).body.data.find((report: { id: string }) => report.id === id).author;
    expect(await authorIn(pairA.test, reportA.id)).toEqual({ displayName: 'Same.Handle', avatarId });
    expect(await authorIn(pairB.test, reportB.id)).toEqual({ displayName: 'Same.Handle', avatarId: null });
    expect((await api.get('/api/v1/profile', { headers: headers(), key: pairB.test })).body.data.avatarId).toBeNull();
    await expectBystanderUnchanged();
  });

  it('report caps count the reports of the pair that filed them', async () => {
    for (let index = 1; index < 3; index += 1) expect((await fileAs(pairA.test, { body: `Report ${index}: saw a mouse run along the counter.` })).status).toBe(201);
    const over = await fileAs(pairA.test, { body: 'Report 3: saw a mouse run along the counter.' });
    expect(over.status).toBe(429);
    expect(over.body.error.scope).toBe('establishment');
    // Pair B's device (same install id) has filed one report here: two more are allowed.
    for (let index = 1; index < 3; index += 1) expect((await fileAs(pairB.test, { body: `Report ${index}: saw a mouse run along the counter.` })).status).toBe(201);
    expect(await counts(pairA.test)).toEqual({ ...ZERO, pest: 3, praise_taste: 1 });
    expect(await counts(pairB.test)).toEqual({ ...ZERO, pest: 2, praise_taste: 1, praise_clean: 1 });
    await expectBystanderUnchanged();
  });

  it('an erasure erases the device of its own pair only', async () => {
    const bReports = await ownIds(pairB.test);
    expect(bReports).toHaveLength(3);
    expect((await api.request('DELETE', '/api/v1/profile', { headers: headers(), key: pairA.test })).status).toBe(204);

    expect(await ownIds(pairA.test)).toEqual([]);
    expect(await listIds(pairA.test)).toEqual([sharedReportId]);
    expect(await counts(pairA.test)).toEqual({ ...ZERO, praise_taste: 1 });
    expect((await fetchBytes(api, `/api/v1/reports/photos/${reportA.photoIds[0]}`, pairA.test)).status).toBe(404);
    expect(await usernameCheck(pairA.test, 'same.handle', 'another-install')).toEqual({ available: true });

    expect(await ownIds(pairB.test)).toEqual(bReports);
    expect(await listIds(pairB.test)).toEqual([...bReports, sharedReportId]);
    expect(await usernameCheck(pairB.test, 'same.handle', 'another-install')).toEqual({ available: false, reason: 'taken' });
    expect((await api.get('/api/v1/profile', { headers: headers(), key: pairB.test })).body.data.username).toBe('Same.Handle');
    expect(await listIds(pairA.live)).toEqual([]);
    await expectBystanderUnchanged();
  });
});

describe('migration 202_community_sandboxes', () => {
  it('leaves live rows shared and moves test-mode device rows written before sandboxes out of the view of every key pair', async () => {
    const dir = path.resolve(__dirname, '../../src/db/migrations/data');
    const files = fs.readdirSync(dir).filter((file) => file.endsWith('.sql')).sort();
    const namespace = `m202_${randomBytes(4).toString('hex')}`;
    const pg = new Client({ connectionString: api.ns.config.databaseUrl });
    await pg.connect();
    try {
      for (const mode of ['live', 'test']) {
        const schema = `${namespace}_${mode}`;
        await pg.query(`create schema ${schema}`);
        await pg.query(`set search_path = ${schema}`);
        for (const file of files.filter((name) => name < '202')) await pg.query(fs.readFileSync(path.join(dir, file), 'utf8'));
        await pg.query(`insert into establishments (camis, name, address, borough) values ('41000001', 'Place', '1 Main St', 'Manhattan')`);
        await pg.query(`insert into device_profiles (device_hash, username, username_key) values ('old-device', 'Old.Name', 'old.name')`);
        await pg.query(`insert into community_reports (id, camis, device_hash, kind, body, created_at) values ('old-report', '41000001', 'old-device', 'praise_taste', 'Written before sandboxes existed.', now())`);
        await pg.query(fs.readFileSync(path.join(dir, '202_community_sandboxes.sql'), 'utf8'));
        const { rows } = await pg.query(`select (select sandbox from device_profiles) as device, (select sandbox from community_reports) as report`);
        expect({ mode, ...rows[0] }).toEqual(mode === 'live' ? { mode, device: '', report: '' } : { mode, device: 'unattributed', report: 'unattributed' });
      }
    } finally {
      for (const mode of ['live', 'test']) await pg.query(`drop schema if exists ${namespace}_${mode} cascade`);
      await pg.end();
    }
  });
});
