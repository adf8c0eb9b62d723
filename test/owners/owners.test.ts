import { loadTestModeFixture } from '../../ingest/fixture';
import { startTestApi, TestApi } from '../support/api';

/**
 * Owners and portfolios in test mode, from the fixture's HPD registrations and contacts
 * (fixtures/properties/hpd_contacts.csv): one head officer owns the Manhattan and Brooklyn
 * lots from one office, another the Bronx lot; one managing agent serves all three.
 */
const MANHATTAN = '1005670012';
const BROOKLYN = '3019870033';
const BRONX = '2032410017';
const NO_REGISTRATION = '4015230060';

describe('owners and portfolios', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await loadTestModeFixture(api.ns.stores.byMode.test);
  });
  afterAll(() => api.stop());

  const asTest = (path: string) => api.get(path, { key: api.keys.test });

  it("serves a lot's current registration, its contacts owners first, and its portfolio", async () => {
    const { status, body } = await asTest(`/api/v1/properties/${MANHATTAN}/owners`);
    expect(status).toBe(200);
    expect(body.data.registration).toEqual({ id: '336228', registeredOn: '2025-08-14', endsOn: '2026-09-01', current: true });
    expect(body.data.contacts.map((c: any) => [c.role, c.name ?? c.corporationName])).toEqual([
      ['CorporateOwner', 'WEST ELEVEN OWNERS LLC'],
      ['HeadOfficer', 'MIRIAM T SOLANO'],
      ['Agent', 'DANIEL OKAFOR'],
      ['SiteManager', 'DANIEL OKAFOR'],
    ]);
    expect(body.data.contacts[1].businessAddress).toEqual({ houseNumber: '40', street: 'WALL ST', apartment: '1200', city: 'NEW YORK', state: 'NY', zip: '10005' });
    expect(body.data.portfolio).toEqual({ id: MANHATTAN, lots: 2, unitsResidential: 56 });
  });

  it('a lapsed registration still names its owners, and says it has lapsed', async () => {
    const { body } = await asTest(`/api/v1/properties/${BRONX}/owners`);
    expect(body.data.registration).toMatchObject({ id: '300980', endsOn: '2018-09-01', current: false });
    expect(body.data.portfolio).toEqual({ id: BRONX, lots: 1, unitsResidential: 120 });
  });

  it('a lot with no registration has no owners and no portfolio; an unknown lot is 404, a malformed one 400', async () => {
    expect((await asTest(`/api/v1/properties/${NO_REGISTRATION}/owners`)).body).toEqual({ data: { bbl: NO_REGISTRATION, registration: null, contacts: [], portfolio: null } });
    expect((await asTest('/api/v1/properties/1999999999/owners')).status).toBe(404);
    const bad = await asTest('/api/v1/properties/12/owners');
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_parameter']);
  });

  it("a portfolio's totals are the sums of what its lots' own routes serve", async () => {
    const { status, body } = await asTest(`/api/v1/portfolios/${MANHATTAN}`);
    expect(status).toBe(200);
    expect(body.data.people).toEqual([{ name: 'MIRIAM SOLANO', registrations: 2 }]);
    expect(body.data.corporations.map((c: any) => c.name)).toEqual(['GREENE 412 HOLDINGS LLC', 'WEST ELEVEN OWNERS LLC']);
    expect(body.data.businessAddresses).toEqual([{ name: '40 WALL STREET 10005', registrations: 2 }]);
    let open = 0;
    let overdue = 0;
    let actionNeeded = 0;
    for (const bbl of [MANHATTAN, BROOKLYN]) {
      open += (await asTest(`/api/v1/properties/${bbl}/violations?status=open&limit=100`)).body.data.length;
      const deadlines = (await asTest(`/api/v1/properties/${bbl}/deadlines`)).body.data;
      overdue += deadlines.filter((d: any) => d.status === 'overdue').length;
      actionNeeded += deadlines.filter((d: any) => d.status === 'action_needed').length;
    }
    expect(body.data.totals).toEqual({ lots: 2, unitsResidential: 56, openViolations: open, overdueDeadlines: overdue, actionNeededDeadlines: actionNeeded, oathTicketsWithFinesDue: 0, oathFinesDueCents: 0 });
    expect(open).toBeGreaterThan(0);
  });

  it('the managing agent of every lot joins none of them', async () => {
    const { body } = await asTest(`/api/v1/portfolios/${BRONX}`);
    expect(body.data.people).toEqual([{ name: 'VIKRAM ANAND', registrations: 1 }]);
    expect(body.data.totals.lots).toBe(1);
  });

  it("counts the OATH balances of a corporate owner that is a docketed contractor, as the contractor's profile does", async () => {
    const { body } = await asTest(`/api/v1/portfolios/${BRONX}`);
    expect(body.data.contractors.map((c: any) => c.slug)).toEqual(['hudson-valley-construction-corp']);
    const profile = (await asTest('/api/v1/contractors/hudson-valley-construction-corp')).body.data;
    const tickets = (await asTest('/api/v1/contractors/hudson-valley-construction-corp/tickets?limit=100')).body.data;
    expect(body.data.totals.oathFinesDueCents).toBe(profile.finesDueCents);
    expect(body.data.totals.oathTicketsWithFinesDue).toBe(tickets.filter((t: any) => t.dueCents > 0).length);
    expect(body.data.totals.oathTicketsWithFinesDue).toBeGreaterThan(0);
    expect((await asTest(`/api/v1/portfolios/${MANHATTAN}`)).body.data.contractors).toEqual([]);
  });

  it("pages a portfolio's lots by open violations, each lot once, and exports them as CSV", async () => {
    const first = await asTest(`/api/v1/portfolios/${MANHATTAN}/lots?sort=-openViolations&limit=1`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((lot: any) => lot.bbl)).toEqual([MANHATTAN]);
    expect(first.body.data[0]).toMatchObject({ address: '225 WEST 11 STREET', unitsResidential: 48 });
    const second = await asTest(`/api/v1/portfolios/${MANHATTAN}/lots?sort=-openViolations&limit=1&cursor=${first.body.meta.nextCursor}`);
    expect(second.body.data.map((lot: any) => [lot.bbl, lot.openViolations])).toEqual([[BROOKLYN, 0]]);
    expect(second.body.meta.nextCursor).toBeNull();
    const ascending = await asTest(`/api/v1/portfolios/${MANHATTAN}/lots?sort=openViolations`);
    expect(ascending.body.data.map((lot: any) => lot.bbl)).toEqual([BROOKLYN, MANHATTAN]);
    const csv = await api.get(`/api/v1/portfolios/${MANHATTAN}/lots.csv`, { key: api.keys.test });
    expect(csv.status).toBe(200);
    expect(String(csv.text).split('\r\n')[0]).toBe('bbl,address,zip,borough,unitsResidential,openViolations,overdueDeadlines,actionNeededDeadlines');
    expect(String(csv.text).trim().split('\r\n')).toHaveLength(3);
  });

  it('an unknown portfolio is 404, a malformed id 400, and a cursor of another portfolio is refused', async () => {
    expect((await asTest('/api/v1/portfolios/1999999999')).status).toBe(404);
    expect((await asTest('/api/v1/portfolios/1999999999/lots')).status).toBe(404);
    expect((await asTest('/api/v1/portfolios/abc')).status).toBe(400);
    const first = await asTest(`/api/v1/portfolios/${MANHATTAN}/lots?limit=1`);
    const other = await asTest(`/api/v1/portfolios/${BRONX}/lots?cursor=${first.body.meta.nextCursor}`);
    expect(other.status).toBe(400);
  });

  it('finds portfolios by a person, a corporation or a business address, typos included; never by the managing agent', async () => {
    const names = async (q: string) => (await asTest(`/api/v1/portfolios/search?q=${encodeURIComponent(q)}`)).body.data.map((p: any) => p.id);
    const first = (await asTest('/api/v1/portfolios/search?q=solano')).body.data[0];
    expect(first).toEqual({ id: MANHATTAN, name: 'MIRIAM SOLANO', people: ['MIRIAM SOLANO'], lots: 2, unitsResidential: 56 });
    expect(await names('miriam sol')).toEqual([MANHATTAN]);
    expect(await names('40 wall st')).toEqual([MANHATTAN]);
    expect(await names('hudson valley')).toEqual([BRONX]);
    expect(await names('vikram anamd')).toEqual([BRONX]);
    expect(await names('okafor')).toEqual([]);
    const short = await asTest('/api/v1/portfolios/search?q=so');
    expect([short.status, short.body.error.code]).toEqual([400, 'invalid_parameter']);
  });

  it('answers a batch of portfolios as GET /portfolios/{id} does, in request order, each once, the rest in meta.notFound', async () => {
    const batch = (ids: unknown) => api.post('/api/v1/portfolios/batch', { ids }, { key: api.keys.test });
    const { status, body } = await batch([BRONX, '1999999999', MANHATTAN, BRONX, 'abc', BROOKLYN]);
    expect(status).toBe(200);
    expect(body.data).toEqual([(await asTest(`/api/v1/portfolios/${BRONX}`)).body.data, (await asTest(`/api/v1/portfolios/${MANHATTAN}`)).body.data]);
    // A lot of a portfolio named by another lot is not a portfolio id.
    expect(body.meta).toEqual({ returned: 2, notFound: ['1999999999', 'abc', BROOKLYN] });
    const tooMany = await batch(Array.from({ length: 26 }, () => MANHATTAN));
    expect([tooMany.status, tooMany.body.error.code]).toEqual([400, 'batch_too_large']);
    for (const ids of [[], 'x', [1]]) expect((await batch(ids)).body.error.code).toBe('invalid_body');
  });

  it("the fixture's owners are its first: the feed records no lot moving", async () => {
    const { body } = await asTest('/api/v1/changes?family=owner');
    expect(body.data).toEqual([]);
  });

  it('live keys never see the test fixture', async () => {
    expect((await api.get(`/api/v1/portfolios/${MANHATTAN}`, { key: api.keys.live })).status).toBe(404);
  });
});
