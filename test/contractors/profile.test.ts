import { startTestApi, TestApi } from '../support/api';
import { defaultLine, expectedProfile, loadOath, oathCsv, paidLine, PROFILE_LINES, PROFILE_NAME as NAME, profileSlug, realOathFile, realOathPresent } from './support';

const BASE = '/api/v1/contractors';
// Test keys read the world as of the fixture reference date, 2026-04-01; the rows are loaded a month before.
const LOADED = new Date('2026-03-01T12:00:00Z');
describe('GET /contractors/{slug}', () => {
  let api: TestApi;
  let slug: string;
  beforeAll(async () => {
    api = await startTestApi();
    await loadOath(api.ns.stores.byMode.test, oathCsv(PROFILE_LINES), LOADED);
    slug = await profileSlug(api);
  });
  afterAll(() => api.stop());

  it('answers the profile as computed by hand on the test clock, totals across every docket spelling', async () => {
    const res = await api.get(`${BASE}/${slug}`, { key: api.keys.test });
    expect(res.status).toBe(200);
    const { riskFactors, spellings, groupedBecause, ...figures } = res.body.data;
    expect(figures).toEqual(expectedProfile(slug));
    expect(Object.keys(res.body.data)).toEqual([
      'slug', 'name', 'riskLevel', 'riskScore', 'tickets', 'openTickets', 'finesImposedCents', 'finesDueCents', 'defaultedHearings',
      'reopenableSavingsMinCents', 'reopenableSavingsMaxCents', 'riskFactors', 'spellings', 'groupedBecause',
    ]);
    // Its spellings are one by the spelling rule alone: no reasons listed.
    expect(groupedBecause).toEqual([]);
    expect(spellings).toEqual([NAME, `${NAME}.`, 'ZEBRA PROFILE BUILDERS CORPORATION']);
    expect(riskFactors.map((f: any) => [f.key, f.count, f.points])).toEqual([
      ['fines_due', 3, 17],
      ['defaulted_hearings', 3, 14],
      ['open_tickets', 4, 7],
      ['violations_found', 6, 5],
    ]);
    expect(riskFactors[0].detail).toBe('17 of 30 points: $6,450.00 due on 3 tickets; 6 x log2(1 + dollars due / 1,000)');
    expect(riskFactors.reduce((sum: number, f: any) => sum + f.points, 0)).toBe(res.body.data.riskScore);
  });

  it('differs from the stored figures of the load where the clock moved: the lapsed window and the passed hearing', async () => {
    const { rows } = await api.ns.stores.byMode.test.pg.query(
      'select open_tickets, reopenable_savings_min_cents::int as min, reopenable_savings_max_cents::int as max from contractor_companies where slug = $1', [slug],
    );
    // As of 2026-03-01 all three windows were live and both scheduled hearings ahead.
    expect(rows[0]).toEqual({ open_tickets: 5, min: 150000 + 250000, max: 345000 + 300000 });
  });

  it('answers 404 for an unknown slug and 400 for a malformed one; unknown query parameters are ignored', async () => {
    const get = (path: string) => api.get(path, { key: api.keys.test });
    expect((await get(`${BASE}/no-such-contractor`)).body.error).toMatchObject({ status: 404, code: 'not_found' });
    for (const bad of ['Zebra', 'zebra--profile', '-zebra', 'zebra%20profile']) {
      const res = await get(`${BASE}/${bad}`);
      expect([bad, res.status, res.body.error.code]).toEqual([bad, 400, 'invalid_parameter']);
    }
    expect((await get(`${BASE}/${slug}?foo=1`)).status).toBe(200);
    // Live keys read the live store, which holds nothing here.
    expect((await api.get(`${BASE}/${slug}`)).status).toBe(404);
  });
});

describe('GET /contractors/{slug} after a load that changes tickets but not the totals', () => {
  let api: TestApi;
  const COMPANY = 'YAK DATED BUILDERS CORP';
  // Ten defaults, all due: a later export corrects the violation dates of nine of them (not the
  // latest), so the company's totals (counts, money, last violation date) stay as they were
  // while those tickets' recency weights drop.
  const lines = (violation: string) =>
    Array.from({ length: 10 }, (_, i) => defaultLine(`06000000${String(i).padStart(2, '0')}`, COMPANY, '2026-01-17', { imposed: 500, sought: 500, fees: 0 }, i === 0 ? '2025-11-01' : violation));
  beforeAll(async () => {
    api = await startTestApi();
    await loadOath(api.ns.stores.byMode.test, oathCsv(lines('2025-10-01')), LOADED);
  });
  afterAll(() => api.stop());

  it('answers the profile of the tickets as they are now, twice the same and again after the load', async () => {
    const { rows } = await api.ns.stores.byMode.test.pg.query(`select company from contractor_tickets where ticket = '0600000000'`);
    const get = async () => (await api.get(`${BASE}/${rows[0].company}`, { key: api.keys.test })).body.data;
    const openTickets = (profile: any) => profile.riskFactors.find((f: any) => f.key === 'open_tickets');
    const first = await get();
    expect(await get()).toEqual(first);
    await loadOath(api.ns.stores.byMode.test, oathCsv(lines('2020-10-01')), LOADED);
    const after = await get();
    expect([after.tickets, after.finesDueCents, after.openTickets]).toEqual([first.tickets, first.finesDueCents, first.openTickets]);
    const { rows: [stored] } = await api.ns.stores.byMode.test.pg.query(`select last_violation_date::text as last from contractor_companies where slug = $1`, [rows[0].company]);
    expect(stored.last).toBe('2025-11-01');
    expect(openTickets(after).detail).not.toBe(openTickets(first).detail);
    expect(openTickets(after).points).toBeLessThan(openTickets(first).points);
  });
});

describe('GET /contractors/{slug} for an absorbed company', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    const store = api.ns.stores.byMode.test;
    // The head in the first-name field, the tail in the last-name field (as the ingest test has them), then the name cut at the field's width.
    const split = (ticket: string, date: string) => ({ ...paidLine(ticket, '& HEATING', date), respondent_first_name: 'KINGS PLUMBING' });
    const first = [split('0400000001', '2025-05-01'), split('0400000002', '2025-05-02'), paidLine('0400000003', 'KINGS PLUMBING & HEATING C', '2025-05-03')];
    await loadOath(store, oathCsv(first), LOADED);
    // A spelling that joins both groups: the older company absorbs the cut one.
    await loadOath(store, oathCsv([...first, ...['0400000004', '0400000005', '0400000006'].map((t) => paidLine(t, 'KINGS PLUMBING & HEATING CORP', '2025-06-01'))]), LOADED);
  });
  afterAll(() => api.stop());

  it("answers the absorber's profile (its own slug) under the old slug, and the same tickets", async () => {
    const { rows } = await api.ns.stores.byMode.test.pg.query('select slug, listed, absorbed_into from contractor_companies order by slug');
    expect(rows).toEqual([
      { slug: 'kings-plumbing-and-heating', listed: true, absorbed_into: null },
      { slug: 'kings-plumbing-and-heating-c', listed: false, absorbed_into: 'kings-plumbing-and-heating' },
    ]);
    const old = await api.get(`${BASE}/kings-plumbing-and-heating-c`, { key: api.keys.test });
    const current = await api.get(`${BASE}/kings-plumbing-and-heating`, { key: api.keys.test });
    expect(old.status).toBe(200);
    expect(old.body).toEqual(current.body);
    expect(current.body.data).toMatchObject({ slug: 'kings-plumbing-and-heating', name: 'KINGS PLUMBING & HEATING CORP', tickets: 6, openTickets: 0, finesImposedCents: 300000, finesDueCents: 0 });
    const tickets = await api.get(`${BASE}/kings-plumbing-and-heating-c/tickets?limit=100`, { key: api.keys.test });
    expect(tickets.body.data.map((t: any) => t.ticket).sort()).toEqual(['0400000001', '0400000002', '0400000003', '0400000004', '0400000005', '0400000006']);
  });
});

describe('GET /contractors/{slug}: spellings grouped on evidence say why (groupedBecause)', () => {
  let api: TestApi;
  const CUT = 'HIGHBRIDGE COMMUNITY HOUSING D';
  const LONG = 'HIGHBRIDGE COMMUNITY HOUSING DEVELOPMENT CORP';
  const at = (line: ReturnType<typeof paidLine>) => ({ ...line, respondent_address_house: '30-30', respondent_address_street_name: 'THOMSON AVE', respondent_address_zip_code: '11101' });
  beforeAll(async () => {
    api = await startTestApi();
    await loadOath(api.ns.stores.byMode.test, oathCsv([
      paidLine('0700000001', 'GASETERIA OIL CORP', '2025-05-01'), paidLine('0700000002', 'GASETERIA OIL CORP', '2025-05-02'), paidLine('0700000003', 'GASETRIA OIL CORP', '2025-05-03'),
      at(paidLine('0700000004', LONG, '2025-05-01')), at(paidLine('0700000005', LONG, '2025-05-02')), at(paidLine('0700000006', CUT, '2025-05-03')),
      // Cut at no known width and at another address: apart.
      paidLine('0700000007', 'HIGHBRIDGE COMMUNITY HOUSIN', '2025-05-03'),
    ]), LOADED);
  });
  afterAll(() => api.stop());

  it('a typo in a long word joins from the names alone; a cut at 30 characters with a shared respondent address', async () => {
    const typo = await api.get(`${BASE}/gaseteria-oil-corp`, { key: api.keys.test });
    expect(typo.body.data).toMatchObject({ tickets: 3, spellings: ['GASETERIA OIL CORP', 'GASETRIA OIL CORP'] });
    expect(typo.body.data.groupedBecause).toEqual([
      { rule: 'typo', evidence: 'name', spellings: ['GASETERIA OIL CORP', 'GASETRIA OIL CORP'], words: ['GASETERIA', 'GASETRIA'] },
    ]);
    const cut = await api.get(`${BASE}/highbridge-community-housing-development-corp`, { key: api.keys.test });
    expect(cut.body.data).toMatchObject({ tickets: 3, spellings: [CUT, LONG] });
    expect(cut.body.data.groupedBecause).toEqual([
      { rule: 'truncation', evidence: 'shared-address', spellings: [CUT, LONG], width: 30, address: '30-30 THOMSON AVENUE 11101' },
    ]);
    const { rows } = await api.ns.stores.byMode.test.pg.query(`select company from contractor_tickets where ticket = '0700000007'`);
    expect(rows[0].company).not.toBe('highbridge-community-housing-development-corp');
  });
});

describe('GET /contractors/{slug}: an accented spelling is the same company', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await loadOath(api.ns.stores.byMode.test, oathCsv([paidLine('0600000001', 'CAFE ROYAL INC', '2025-05-01'), paidLine('0600000002', 'CAF\u00c9 ROYAL INC', '2025-05-02')]), LOADED);
  });
  afterAll(() => api.stop());

  it('CAFE ROYAL INC and CAFÉ ROYAL INC are one company with both tickets', async () => {
    const res = await api.get(`${BASE}/cafe-royal-inc`, { key: api.keys.test });
    expect(res.body.data).toMatchObject({ slug: 'cafe-royal-inc', tickets: 2, spellings: ['CAFE ROYAL INC', 'CAF\u00c9 ROYAL INC'] });
    expect((await api.get(`${BASE}/cafe-royal-inc-2`, { key: api.keys.test })).status).toBe(404);
  });
});

(realOathPresent ? describe : describe.skip)('GET /contractors/{slug} on the real OATH sample', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await loadOath(api.ns.stores.byMode.live, realOathFile(), new Date());
  });
  afterAll(() => api.stop());

  it("answers every company's profile with the totals the ingest stored for today, and risk points adding up", async () => {
    const pg = api.ns.stores.byMode.live.pg;
    const { rows } = await pg.query(
      `select s.slug as requested, c.slug, c.tickets, c.fines_imposed_cents::int as imposed, c.fines_due_cents::int as due, c.open_tickets, c.defaulted_hearings,
         c.reopenable_savings_min_cents::int as min, c.reopenable_savings_max_cents::int as max
       from contractor_slugs s join contractor_companies c on c.slug = s.company`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const res = await api.get(`${BASE}/${row.requested}`);
      expect(res.status).toBe(200);
      const p = res.body.data;
      expect([p.slug, p.tickets, p.finesImposedCents, p.finesDueCents, p.openTickets, p.defaultedHearings, p.reopenableSavingsMinCents, p.reopenableSavingsMaxCents])
        .toEqual([row.slug, row.tickets, row.imposed, row.due, row.open_tickets, row.defaulted_hearings, row.min, row.max]);
      expect(p.riskFactors.reduce((sum: number, f: any) => sum + f.points, 0)).toBe(p.riskScore);
    }
  });
});
