import { DEADLINE_KINDS } from '../../src/domain/properties/deadlines';
import { startTestApi, TestApi } from '../support/api';
import { DOCKET_FILES, docketsPresent, insertLot, loadRealDockets } from './support';

const BASE = '/api/v1/properties';

describe('GET /properties/{bbl}/deadlines', () => {
  let api: TestApi;
  // 8 stories (facade cycle applies); no filings dataset loaded in this store.
  const TOWER = '1000020001';
  beforeAll(async () => {
    api = await startTestApi();
    await insertLot(api, TOWER, []);
  });
  afterAll(() => api.stop());

  it('serves an obligation whose dataset is not loaded as a reminder naming the dataset', async () => {
    const res = await api.get(`${BASE}/${TOWER}/deadlines`);
    expect(res.status).toBe(200);
    const facade = res.body.data.find((item: any) => item.kind === 'facade_filing');
    expect(facade).toMatchObject({ status: 'unverifiable', verifiable: false, lastEvidenceAt: null });
    expect(facade.basis).toContain('DOB NOW: Safety – Facades Compliance Filings (xubg-57si), is not loaded here');
    for (const item of res.body.data) expect(DEADLINE_KINDS).toContain(item.kind);
  });

  it('orders by due date (none last) then kind, and filters by status and dueBefore', async () => {
    const all: any[] = (await api.get(`${BASE}/${TOWER}/deadlines`)).body.data;
    const order = [...all].sort((a, b) => (a.dueDate === b.dueDate ? (a.kind < b.kind ? -1 : 1) : a.dueDate === null ? 1 : b.dueDate === null ? -1 : a.dueDate < b.dueDate ? -1 : 1));
    expect(all.map((item) => item.kind)).toEqual(order.map((item) => item.kind));
    const dated = all.filter((item) => item.dueDate !== null);
    const cut = dated[Math.floor(dated.length / 2)].dueDate;
    expect((await api.get(`${BASE}/${TOWER}/deadlines?dueBefore=${cut}`)).body.data).toEqual(dated.filter((item) => item.dueDate <= cut));
    expect((await api.get(`${BASE}/${TOWER}/deadlines?status=ok,overdue`)).body.data).toEqual(all.filter((item) => ['ok', 'overdue'].includes(item.status)));
    expect((await api.get(`${BASE}/${TOWER}/deadlines?status=unverifiable`)).body.data).toEqual(all.filter((item) => item.status === 'unverifiable'));
  });

  it('an open failure-to-file safety violation makes its obligation action_needed once that dataset is ingested', async () => {
    const pg = api.ns.stores.byMode.live.pg;
    await pg.query(`insert into dob_safety_violations_source_hashes (bbl, hash, rows_loaded, rows_merged) values ($1, 'h', 1, 0)`, [TOWER]);
    await pg.query(
      `insert into property_violations (source_dataset, source_id, bbl, identifier, agency, record_type, status, description, issued_at, status_columns, is_open, penalty_imposed_cents, penalty_due_cents)
       values ('dob-safety-violations', 'VIO-FTF-FISP-1', $1, 'VIO-FTF-FISP-1', 'DOB_NOW', 'dob_safety_violation', 'Active', '', '2024-01-02', '{}', true, 0, 0)`,
      [TOWER],
    );
    const facade = (await api.get(`${BASE}/${TOWER}/deadlines`)).body.data.find((item: any) => item.kind === 'facade_filing');
    expect(facade).toMatchObject({ status: 'action_needed', verifiable: false });
    expect(facade.basis).toContain('shows an open failure-to-file');
  });

  it('404 for an unknown lot (and for every lot with a test key: the test store has none yet)', async () => {
    expect((await api.get(`${BASE}/1999999999/deadlines`)).body.error.code).toBe('not_found');
    expect((await api.get(`${BASE}/${TOWER}/deadlines`, { key: api.keys.test })).status).toBe(404);
  });

  it.each([
    ['malformed bbl', '/12345678901/deadlines', 'invalid_parameter'],
    ['unknown status', `/${TOWER}/deadlines?status=ok,late`, 'invalid_parameter'],
    ['unreal date', `/${TOWER}/deadlines?dueBefore=2025-13-01`, 'invalid_parameter'],
    ['unknown parameter', `/${TOWER}/deadlines?kind=facade_filing`, 'unknown_parameter'],
    ['repeated parameter', `/${TOWER}/deadlines?status=ok&status=overdue`, 'invalid_parameter'],
  ])('refuses a %s with 400 in the envelope', async (_case, path, code) => {
    const res = await api.get(`${BASE}${path}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 400, code });
  });
});

const describeWithDockets = docketsPresent ? describe : describe.skip;

describeWithDockets(`GET /properties/{bbl}/deadlines on a real PLUTO lot (${DOCKET_FILES.pluto})`, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await loadRealDockets(api, new Date('2026-11-23T12:00:00Z'));
  });
  afterAll(() => api.stop());

  it('737 Clarence Avenue (C0, 3 floors, 3 units, built 1986): HPD registration and bedbug reminders, no facade, boiler or lead paint', async () => {
    const { rows } = await api.ns.stores.byMode.live.pg.query(`select bbl from property_lots where address = '737 CLARENCE AVENUE'`);
    expect(rows).toHaveLength(1);
    const res = await api.get(`${BASE}/${rows[0].bbl}/deadlines`);
    expect(res.status).toBe(200);
    const byKind = new Map(res.body.data.map((item: any) => [item.kind, item]));
    // Three units: a multiple dwelling, registered yearly with HPD; the registrations dataset is not loaded.
    expect(byKind.get('hpd_registration')).toMatchObject({ status: 'unverifiable', verifiable: false, lastEvidenceAt: null, basis: expect.stringContaining('HPD Multiple Dwelling Registrations (tesw-yqqr)') });
    expect(byKind.get('bedbug_report')).toMatchObject({ status: 'unverifiable', verifiable: false, basis: expect.stringContaining('HPD Bedbug Reporting (wz6d-d3jb)') });
    // Under 7 stories, under 6 units, built after 1960.
    for (const kind of ['facade_filing', 'boiler_inspection', 'lead_paint_notice', 'lead_paint_xrf']) expect(byKind.has(kind)).toBe(false);
  });
});
