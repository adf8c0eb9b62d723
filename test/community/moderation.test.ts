import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { addRemediationDocument, AdminError, setReportStatus } from '../../src/community/admin';
import { communityBlocks } from '../../src/community/store';
import { remediationBlocks } from '../../src/community/remediation/store';
import { startTestApi, TestApi } from '../support/api';
import { device, fetchBytes, fromAddress, plainJpeg, reportBody, seedRestaurant } from './support';

let api: TestApi;
const CAMIS = '44000001';
const QUIET = '44000002';
const OWNER = '44000003';
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  api = await startTestApi({ config: { trustedProxyHops: 1 } });
  const pg = api.ns.stores.byMode.live.pg;
  await seedRestaurant(pg, CAMIS);
  await seedRestaurant(pg, QUIET);
  await seedRestaurant(pg, OWNER, [
    { date: '2023-05-01', citations: [{ code: '04L', category: 'vermin' }, { code: '02B', category: 'food_temp' }] },
    {
      date: '2024-06-10',
      citations: [
        { code: '04L', category: 'vermin' },
        { code: '06C', category: 'hygiene' },
        { code: '10F', category: 'facility' },
      ],
    },
    { date: '2024-06-10', type: 'Administrative Miscellaneous / Initial Inspection', citations: [{ code: '22C', category: 'admin' }] },
  ]);
});
afterAll(() => api.stop());

const live = () => api.ns.stores.byMode.live;
const file = (id: string, overrides: Record<string, unknown> = {}, camis = CAMIS, address = '192.0.2.1') =>
  api.post(`/api/v1/restaurants/${camis}/reports`, reportBody(overrides), { headers: { ...device(id), ...fromAddress(address) } });

describe('moderation', () => {
  it('moves a report between statuses with immediate effect on list, photos, counts, score and own history, all logged', async () => {
    const jpeg = (await plainJpeg()).toString('base64');
    const report = (await file('moderated-device', { photos: [jpeg] })).body.data;
    const photoPath = `/api/v1/reports/photos/${report.photoIds[0]}`;
    const ids = async () => (await api.get(`/api/v1/restaurants/${CAMIS}/reports`)).body.data.map((r: { id: string }) => r.id);
    const block = async () => (await communityBlocks(live(), [CAMIS], new Date())).get(CAMIS)!;
    expect(await ids()).toContain(report.id);
    expect((await block()).counts.pest).toBe(1);
    expect((await block()).scoreAdjustment).toBe(-1);

    for (const status of ['disputed', 'upheld'] as const) {
      await setReportStatus(live().pg, report.id, status);
      expect(await ids()).toContain(report.id);
      expect((await block()).counts.pest).toBe(1);
      expect((await block()).scoreAdjustment).toBe(-1);
      expect((await fetchBytes(api, photoPath)).status).toBe(200);
    }

    await setReportStatus(live().pg, report.id, 'hidden', 'abusive language');
    expect(await ids()).not.toContain(report.id);
    expect(await block()).toEqual({ counts: { pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 0, praise_clean: 0 }, lastReportAt: null, scoreAdjustment: 0 });
    expect((await api.get(photoPath)).status).toBe(404);
    const own = await api.get('/api/v1/profile/reports', { headers: device('moderated-device') });
    expect(own.body.data).toEqual([expect.objectContaining({ id: report.id, status: 'hidden', camis: CAMIS })]);

    await setReportStatus(live().pg, report.id, 'active');
    expect(await ids()).toContain(report.id);

    const log = await live().pg.query(`select from_value, to_value, reason from community_admin_log where action = 'report_status' and target = $1 order by id`, [report.id]);
    expect(log.rows).toEqual([
      { from_value: 'active', to_value: 'disputed', reason: null },
      { from_value: 'disputed', to_value: 'upheld', reason: null },
      { from_value: 'upheld', to_value: 'hidden', reason: 'abusive language' },
      { from_value: 'hidden', to_value: 'active', reason: null },
    ]);
  });

  it('refuses unknown reports and statuses', async () => {
    await expect(setReportStatus(live().pg, 'no-such-report', 'hidden')).rejects.toBeInstanceOf(AdminError);
    const report = (await file('status-device')).body.data;
    await expect(setReportStatus(live().pg, report.id, 'deleted')).rejects.toThrow(/active, disputed, hidden, upheld/);
  });
});

describe('community block', () => {
  it('counts per kind, dates the newest report, and docks a capped, fading score that praise never raises', async () => {
    const empty = (await communityBlocks(live(), [QUIET, '49999999'], new Date()));
    expect(empty.get(QUIET)).toEqual({ counts: { pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 0, praise_clean: 0 }, lastReportAt: null, scoreAdjustment: 0 });
    expect(empty.get('49999999')!.scoreAdjustment).toBe(0);

    // Ten negative reports from four devices at ten addresses: the dock stops at -8.
    for (let index = 0; index < 10; index += 1) {
      const res = await file(`scorer-${index % 4}`, { kind: index % 2 ? 'food_poisoning' : 'pest', pestSubtype: index % 2 ? null : 'roaches' }, QUIET, `198.51.100.${index + 1}`);
      expect(res.status).toBe(201);
    }
    for (let index = 0; index < 3; index += 1) await file(`praiser-${index}`, { kind: 'praise_clean', pestSubtype: null }, QUIET);
    const now = new Date();
    const block = (await communityBlocks(live(), [QUIET], now)).get(QUIET)!;
    expect(block.counts).toEqual({ pest: 5, food_poisoning: 5, sanitation_other: 0, praise_taste: 0, praise_clean: 3 });
    expect(block.lastReportAt).toBe(now.toISOString().slice(0, 10));
    expect(block.scoreAdjustment).toBe(-8);

    // Fading: 45 days later each dock is worth half (10 x 0.5 = -5); at 90 days nothing is left.
    expect((await communityBlocks(live(), [QUIET], new Date(now.getTime() + 45 * DAY_MS))).get(QUIET)!.scoreAdjustment).toBeCloseTo(-5, 1);
    const faded = (await communityBlocks(live(), [QUIET], new Date(now.getTime() + 91 * DAY_MS))).get(QUIET)!;
    expect(faded.scoreAdjustment).toBe(0);
    expect(faded.counts.pest).toBe(5);
  });
});

describe('remediation', () => {
  it('is null until an open violation is documented, then measures documents against open violations only', async () => {
    expect((await remediationBlocks(live(), [OWNER, QUIET])).get(OWNER)).toBeNull();

    // 02B was cited only at the older inspection: not open, refused.
    await expect(addRemediationDocument(live().pg, { camis: OWNER, violation: '02B', kind: 'invoice' })).rejects.toThrow(/not an open violation/);
    await expect(addRemediationDocument(live().pg, { camis: OWNER, violation: '04L', kind: 'postcard' })).rejects.toThrow(/invoice, receipt, certificate/);
    await expect(addRemediationDocument(live().pg, { camis: '49999999', violation: '04L', kind: 'invoice' })).rejects.toThrow(/no establishment/);

    const documented = await addRemediationDocument(live().pg, { camis: OWNER, violation: '04l', kind: 'invoice', date: '2024-06-20' });
    expect(documented).toEqual([{ camis: OWNER, inspectedAt: '2024-06-10', inspectionType: 'Cycle Inspection / Initial Inspection', code: '04L' }]);
    expect((await remediationBlocks(live(), [OWNER])).get(OWNER)).toEqual({
      openViolations: 4,
      documentedOpenViolations: 1,
      categories: ['vermin'],
      lastDocumentedAt: '2024-06-20',
    });

    // By citation id; a second document for the same violation does not count it twice.
    await addRemediationDocument(live().pg, { camis: OWNER, violation: '2024-06-10|Administrative Miscellaneous / Initial Inspection|22C', kind: 'certificate', date: '2024-06-25' });
    await addRemediationDocument(live().pg, { camis: OWNER, violation: '04L', kind: 'receipt', date: '2024-06-22' });
    expect((await remediationBlocks(live(), [OWNER])).get(OWNER)).toEqual({
      openViolations: 4,
      documentedOpenViolations: 2,
      categories: ['vermin', 'admin'],
      lastDocumentedAt: '2024-06-25',
    });
    expect((await live().pg.query(`select count(*)::int as n from community_admin_log where action = 'remediation_add' and target = $1`, [OWNER])).rows[0].n).toBe(3);

    // A new inspection closes the old cycle: documents of violations no longer open stop counting.
    await seedRestaurant(live().pg, OWNER, [{ date: '2025-01-15', citations: [{ code: '08A', category: 'facility' }] }]);
    expect((await remediationBlocks(live(), [OWNER])).get(OWNER)).toBeNull();
    // As of a date before it, the older cycle is still the open one.
    expect((await remediationBlocks(live(), [OWNER], new Date('2024-12-31T12:00:00Z'))).get(OWNER)!.documentedOpenViolations).toBe(2);
  });
});

describe('npm run admin', () => {
  const run = promisify(execFile);
  const root = path.resolve(__dirname, '..', '..');
  const env = () => ({ ...process.env, DATA_NAMESPACE: api.ns.config.namespace, DATABASE_URL: api.ns.config.databaseUrl, ELASTICSEARCH_URL: api.ns.config.elasticsearchUrl });

  it('moves a report status from the command line, in the chosen mode', async () => {
    const report = (await api.post(`/api/v1/restaurants/${CAMIS}/reports`, reportBody(), { headers: device('cli-device') })).body.data;
    const out = await run(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/admin.ts', 'report-status', report.id, 'hidden', '--reason', 'spam'], { cwd: root, env: env() });
    expect(out.stdout).toContain(`report ${report.id}: active -> hidden (live)`);
    const listed = await api.get(`/api/v1/restaurants/${CAMIS}/reports`);
    expect(listed.body.data.map((r: { id: string }) => r.id)).not.toContain(report.id);
    // The test store has no such report.
    await expect(run(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/admin.ts', 'report-status', report.id, 'active', '--mode', 'test'], { cwd: root, env: env() })).rejects.toMatchObject({
      stderr: expect.stringContaining('no report'),
    });
  }, 60_000);
});
