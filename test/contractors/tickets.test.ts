import { rederive } from '../../ingest/load/rederive';
import { CONTRACTORS } from '../../ingest/families/contractors';
import { startTestApi, TestApi } from '../support/api';
import { pageAll } from '../support/pages';
import { cityDate, defaultLine, loadOath, oathCsv, type OathLine, paidLine, realOathFile, realOathPresent, scheduledLine } from './support';

const BASE = '/api/v1/contractors';
// Test keys read the world as of the fixture reference date, 2026-04-01.
const TODAY = '2026-04-01';
// Loaded a month before the clock: every stored standing below is as of 2026-03-01 and must be re-derived.
const LOADED = new Date('2026-03-01T12:00:00Z');
const NAME = 'ZEBRA TESTING CONTRACTORS CORP';

const LINES = [
  // Decided 74, 75 and 76 days before 2026-04-01: windows to 04-02 (live), 04-01 (live, last day), 03-31 (lapsed since the load).
  defaultLine('0200000074', NAME, '2026-01-17', { imposed: 2500, sought: 1000, fees: 100 }, '2025-11-01'),
  defaultLine('0200000075', NAME, '2026-01-16', { imposed: 800, sought: 1000, fees: 50 }, '2025-11-01'),
  defaultLine('0200000076', NAME, '2026-01-15', { imposed: 3000, sought: 500, fees: 0 }, '2025-10-15'),
  // A hearing scheduled after the load and before the clock: open when loaded, closed today (no outcome, nothing due).
  scheduledLine('0200000100', NAME, '2026-02-01', '2026-03-15'),
  // A hearing still ahead: open.
  scheduledLine('0200000101', NAME, '2026-02-01', '2026-05-01'),
  // Paid tickets on shared dates and undated ones, for the order and paging.
  ...Array.from({ length: 12 }, (_, i) => paidLine(`02000002${String(i).padStart(2, '0')}`, `${NAME}.`, i % 4 === 3 ? null : `2025-0${1 + (i % 3)}-10`)),
];

async function slugOf(api: TestApi): Promise<string> {
  const { rows } = await api.ns.stores.byMode.test.pg.query(`select company from contractor_tickets where ticket = '0200000074'`);
  return rows[0].company;
}

const pageThrough = (api: TestApi, slug: string, params: string, limit: number) => pageAll(api, `${BASE}/${slug}/tickets`, params, limit, { key: api.keys.test });

/** The documented order: violation date (undated last both ways), then ticket, both in the sort's direction. */
function expectedOrder(items: any[], descending: boolean): string[] {
  const sign = descending ? -1 : 1;
  return [...items].sort((a, b) => {
    if (a.issued !== b.issued) {
      if (a.issued === null) return 1;
      if (b.issued === null) return -1;
      return (a.issued < b.issued ? -1 : 1) * sign;
    }
    return (a.ticket < b.ticket ? -1 : 1) * sign;
  }).map((item) => item.ticket);
}

describe('GET /contractors/{slug}/tickets', () => {
  let api: TestApi;
  let slug: string;
  beforeAll(async () => {
    api = await startTestApi();
    await loadOath(api.ns.stores.byMode.test, oathCsv(LINES), LOADED);
    slug = await slugOf(api);
  });
  afterAll(() => api.stop());

  it('answers every ticket of the company across its spellings, with exactly the contract fields, newest first', async () => {
    const res = await api.get(`${BASE}/${slug}/tickets?limit=100`, { key: api.keys.test });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ nextCursor: null, returned: LINES.length });
    expect(Object.keys(res.body.data[0])).toEqual(['ticket', 'charge', 'issued', 'hearingDate', 'hearingResult', 'status', 'dueCents', 'imposedCents', 'soughtCents', 'defaulted', 'reopenableUntil']);
    expect(res.body.data.map((item: any) => item.ticket)).toEqual(expectedOrder(res.body.data, true));
    expect(res.body.data[0].issued).toBe('2026-02-01');
  });

  it('serves the 75-day window as of the clock: live on days 74 and 75 after the decision, null on day 76 though stored live', async () => {
    const stored = await api.ns.stores.byMode.test.pg.query(`select ticket, reopenable_until::text from contractor_tickets where ticket like '02000000%' order by ticket`);
    expect(stored.rows.map((row) => row.reopenable_until)).toEqual(['2026-04-02', '2026-04-01', '2026-03-31']);
    const items = await pageThrough(api, slug, 'status=defaulted', 100);
    const byTicket = Object.fromEntries(items.map((item) => [item.ticket, item]));
    expect(byTicket['0200000074']).toEqual({
      ticket: '0200000074', charge: 'FAILURE TO SAFEGUARD', issued: '2025-11-01', hearingDate: '2026-01-17', hearingResult: 'DEFAULTED', status: 'defaulted',
      dueCents: 260000, imposedCents: 250000, soughtCents: 100000, defaulted: true, reopenableUntil: '2026-04-02',
    });
    expect(byTicket['0200000075'].reopenableUntil).toBe(TODAY);
    expect(byTicket['0200000076']).toMatchObject({ status: 'defaulted', defaulted: true, reopenableUntil: null });
    const reopenable = await pageThrough(api, slug, 'reopenableOnly=true', 1);
    expect(reopenable.map((item) => item.ticket)).toEqual(['0200000075', '0200000074']);
    expect((await pageThrough(api, slug, 'reopenableOnly=false', 100)).length).toBe(LINES.length);
  });

  it('re-derives status on the clock: a hearing that passed since the load closes the ticket, and the status filter follows it', async () => {
    const stored = await api.ns.stores.byMode.test.pg.query(`select status from contractor_tickets where ticket = '0200000100'`);
    expect(stored.rows[0].status).toBe('open');
    const open = await pageThrough(api, slug, 'status=open', 1);
    expect(open.map((item) => item.ticket)).toEqual(['0200000101']);
    const closed = await pageThrough(api, slug, 'status=closed', 2);
    expect(closed.map((item) => item.ticket)).toContain('0200000100');
    expect(closed.length).toBe(13);
    const both = await pageThrough(api, slug, 'status=open,defaulted', 2);
    expect(both.map((item) => item.ticket).sort()).toEqual(['0200000074', '0200000075', '0200000076', '0200000101']);
    // Live keys read today's clock from the live store, which holds nothing here.
    expect((await api.get(`${BASE}/${slug}/tickets`)).status).toBe(404);
  });

  it.each(['-date', 'date'])('pages to the end in sort %s with limits 1, 4 and 7: every ticket once, in the documented order', async (sort) => {
    for (const limit of [1, 4, 7]) {
      const items = await pageThrough(api, slug, `sort=${sort}`, limit);
      expect(new Set(items.map((item) => item.ticket)).size).toBe(LINES.length);
      expect(items.map((item) => item.ticket)).toEqual(expectedOrder(items, sort === '-date'));
    }
  });

  it('filters by hearingAfter and issue dates', async () => {
    const ids = async (params: string) => (await pageThrough(api, slug, params, 100)).map((item) => item.ticket).sort();
    expect(await ids('hearingAfter=2026-03-01')).toEqual(['0200000100', '0200000101']);
    expect(await ids('since=2025-11-01&until=2025-11-01')).toEqual(['0200000074', '0200000075']);
    expect((await ids('until=2025-01-10')).length).toBe(3);
  });

  it('answers 400 for bad input and unknown parameters, 404 for an unknown slug', async () => {
    const get = (path: string) => api.get(path, { key: api.keys.test });
    for (const query of ['status=pending', 'hearingAfter=2026-02-30', 'reopenableOnly=yes', 'since=2026-02-01&until=2026-01-01', 'limit=0', 'limit=101', 'sort=name', 'foo=1', 'limit=2&limit=3', 'cursor=nonsense']) {
      const res = await get(`${BASE}/${slug}/tickets?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.error.status).toBe(400);
    }
    expect((await get(`${BASE}/Not%20A%20Slug/tickets`)).status).toBe(400);
    expect((await get(`${BASE}/no-such-contractor/tickets`)).body.error).toMatchObject({ status: 404, code: 'not_found' });
    // A cursor is bound to its filters.
    const first = await get(`${BASE}/${slug}/tickets?limit=1`);
    const other = await get(`${BASE}/${slug}/tickets?limit=1&status=closed&cursor=${encodeURIComponent(first.body.meta.nextCursor)}`);
    expect(other.status).toBe(400);
  });
});

describe('a summons defaulted again after it was reopened (first default only, docs/decisions.md)', () => {
  // One load shows the default, the next the new hearing granted (RESCHEDULED), the last a
  // second default decided 2026-02-20: its 75 days run to 2026-05-06, past the clock, but a
  // new hearing is granted once per summons. A first default of the same company decided
  // 2026-02-25 keeps its window (to 2026-05-11).
  const NAME_AGAIN = 'QUAIL SECOND DEFAULT CORP';
  const money = { imposed: 2000, sought: 500, fees: 100 };
  const control = defaultLine('0700000002', NAME_AGAIN, '2026-02-25', { imposed: 900, sought: 400, fees: 30 }, '2025-12-01');
  const first = defaultLine('0700000001', NAME_AGAIN, '2026-01-05', money);
  const reopened = { ...first, hearing_status: 'RESCHEDULED', hearing_date: cityDate('2026-02-20') };
  const again = defaultLine('0700000001', NAME_AGAIN, '2026-02-20', money);
  let api: TestApi;
  let slug: string;
  beforeAll(async () => {
    api = await startTestApi();
    const store = api.ns.stores.byMode.test;
    await loadOath(store, oathCsv([first, control]), new Date('2026-01-10T12:00:00Z'));
    await loadOath(store, oathCsv([reopened, control]), new Date('2026-02-01T12:00:00Z'));
    await loadOath(store, oathCsv([again, control]), new Date('2026-03-01T12:00:00Z'));
    const { rows } = await store.pg.query(`select company from contractor_tickets where ticket = '0700000001'`);
    slug = rows[0].company;
  });
  afterAll(() => api.stop());

  const stored = async () => {
    const pg = api.ns.stores.byMode.test.pg;
    const { rows: tickets } = await pg.query(`select ticket, status, reopened, reopenable_until::text from contractor_tickets where ticket like '07%' order by ticket`);
    const { rows: [company] } = await pg.query(
      'select reopenable_tickets, reopenable_savings_min_cents::int as min, reopenable_savings_max_cents::int as max from contractor_companies where slug = $1', [slug],
    );
    return { tickets, company };
  };

  it('has no window, is not reopenableOnly and saves nothing, served and stored, after the load and after a rederive', async () => {
    const expected = {
      tickets: [
        { ticket: '0700000001', status: 'defaulted', reopened: true, reopenable_until: null },
        { ticket: '0700000002', status: 'defaulted', reopened: false, reopenable_until: '2026-05-11' },
      ],
      // The first default's savings only: max(0, 900 - 400) and 900 + 30.
      company: { reopenable_tickets: 1, min: 50000, max: 93000 },
    };
    expect(await stored()).toEqual(expected);
    const served = async () => {
      const items = await pageThrough(api, slug, '', 100);
      const profile = (await api.get(`${BASE}/${slug}`, { key: api.keys.test })).body.data;
      return {
        windows: items.map((item) => [item.ticket, item.status, item.reopenableUntil]),
        reopenableOnly: (await pageThrough(api, slug, 'reopenableOnly=true', 100)).map((item) => item.ticket),
        savings: [profile.reopenableSavingsMinCents, profile.reopenableSavingsMaxCents],
      };
    };
    const answer = {
      windows: [['0700000002', 'defaulted', '2026-05-11'], ['0700000001', 'defaulted', null]],
      reopenableOnly: ['0700000002'],
      savings: [50000, 93000],
    };
    expect(await served()).toEqual(answer);
    await rederive(api.ns.stores.byMode.test, CONTRACTORS, new Date('2026-03-02T12:00:00Z'));
    expect(await stored()).toEqual(expected);
    expect(await served()).toEqual(answer);
  });
});

describe('an undecided ticket on the clock, stored on another day', () => {
  // The test clock is 2026-04-01. One company loaded a month before it, one a month after:
  // a hearing on a day from the earlier of the two days to the one before the later one is
  // ahead on one day and past on the other; any other hearing date reads the same on both.
  const BEFORE = 'CLOCKWISE SCHEDULING CORP';
  const AFTER = 'ANTICLOCKWISE SCHEDULING CORP';
  const scheduled = (last: string, ticket: string, hearing: string) => scheduledLine(ticket, last, '2026-02-01', hearing);
  const before: Array<[OathLine, string]> = [
    [scheduled(BEFORE, '0500000001', '2026-03-01'), 'closed'], // the load's day: ahead then, past now
    [scheduled(BEFORE, '0500000002', '2026-03-31'), 'closed'],
    [scheduled(BEFORE, '0500000003', '2026-04-01'), 'open'], // today: still ahead
    [scheduled(BEFORE, '0500000004', '2026-04-02'), 'open'],
    [scheduled(BEFORE, '0500000005', '2026-02-28'), 'closed'], // past on both days
    [{ ...scheduled(BEFORE, '0500000006', '2026-03-15'), hearing_date: undefined }, 'closed'], // no hearing date: nothing ahead on any day
    // A default without a decision or hearing date (no window): counted like any other.
    [{ ...defaultLine('0500000007', BEFORE, '2026-01-10', { imposed: 500, sought: 500, fees: 0 }), hearing_date: undefined, decision_date: undefined }, 'defaulted'],
  ];
  const after: Array<[OathLine, string]> = [
    [scheduled(AFTER, '0500000011', '2026-04-01'), 'open'], // past on the load's day, ahead on the clock's
    [scheduled(AFTER, '0500000012', '2026-04-30'), 'open'],
    [scheduled(AFTER, '0500000013', '2026-05-01'), 'open'], // the load's day: ahead on both
    [scheduled(AFTER, '0500000014', '2026-03-31'), 'closed'], // past on both days
  ];
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    const store = api.ns.stores.byMode.test;
    await loadOath(store, oathCsv(before.map(([line]) => line)), new Date('2026-03-01T12:00:00Z'));
    await loadOath(store, oathCsv(after.map(([line]) => line)), new Date('2026-05-01T12:00:00Z'));
  });
  afterAll(() => api.stop());

  it.each([
    ['loaded before the clock', before],
    ['loaded after the clock', after],
  ])('%s: every status, filtered or not, and the profile, as derived today', async (_, expected) => {
    const tickets = expected.map(([line]) => line.ticket_number!);
    const { rows } = await api.ns.stores.byMode.test.pg.query('select company from contractor_tickets where ticket = $1', [tickets[0]]);
    const slug = rows[0].company;
    const statusOf = (items: any[]) => Object.fromEntries(items.map((item) => [item.ticket, item.status]));
    expect(statusOf(await pageThrough(api, slug, '', 100))).toEqual(Object.fromEntries(expected.map(([line, status]) => [line.ticket_number, status])));
    const withStatus = (status: string) => expected.filter(([, s]) => s === status).map(([line]) => line.ticket_number).sort();
    for (const status of ['open', 'closed', 'defaulted']) {
      const items = await pageThrough(api, slug, `status=${status}`, 2);
      expect([status, items.map((item) => item.ticket).sort()]).toEqual([status, withStatus(status)]);
    }
    const profile = (await api.get(`${BASE}/${slug}`, { key: api.keys.test })).body.data;
    // openTickets: status open or defaulted (the profile's documented meaning).
    expect([profile.tickets, profile.openTickets]).toEqual([expected.length, withStatus('open').length + withStatus('defaulted').length]);
  });
});

(realOathPresent ? describe : describe.skip)('GET /contractors/{slug}/tickets on the real OATH sample', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await loadOath(api.ns.stores.byMode.live, realOathFile(), new Date());
  });
  afterAll(() => api.stop());

  it("pages every company's tickets to the end: their counts add up to the company tickets, each ticket once", async () => {
    const pg = api.ns.stores.byMode.live.pg;
    const { rows: companies } = await pg.query('select slug, tickets from contractor_companies where listed order by tickets desc, slug');
    expect(companies.length).toBeGreaterThan(0);
    const { rows: [{ count }] } = await pg.query('select count(*)::int as count from contractor_tickets where company is not null');
    let seen = 0;
    const all = new Set<string>();
    for (const company of companies) {
      let cursor: string | null = null;
      let n = 0;
      do {
        const res: any = await api.get(`${BASE}/${company.slug}/tickets?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status).toBe(200);
        for (const item of res.body.data) all.add(item.ticket);
        n += res.body.data.length;
        cursor = res.body.meta.nextCursor;
      } while (cursor);
      expect([company.slug, n]).toEqual([company.slug, company.tickets]);
      seen += n;
    }
    expect(seen).toBe(count);
    expect(all.size).toBe(count);
  });
});
