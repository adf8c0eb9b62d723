import fs from 'node:fs';
import path from 'node:path';
import { CONTRACTORS } from '../../ingest/families';
import { loadTestModeFixture } from '../../ingest/fixture';
import { refreshIndices } from '../../ingest/index/indices';
import { startTestApi, TestApi } from '../support/api';
import { fakeDateOnly } from '../support/clock';
import { defaultLine, loadOath, oathCsv, paidLine } from './support';

/**
 * Test keys answer every contractors endpoint from the fixture (fixtures/contractors), as of
 * the fixture reference date (2026-04-01): the same bytes on any day, and nothing of the live
 * data. fixtures/contractors/README.md says what each fixture row exercises.
 */
const BASE = '/api/v1/contractors';
const HUDSON = 'HUDSON VALLEY CONSTRUCTION CORP';
/** The fixture restaurant whose Health Department summonses are in the contractors fixture. */
const JOES = '41000001';
/** The lot the contractors fixture writes for JOE'S PIZZA & PASTA (7 CARMINE STREET). */

describe('contractors in test mode', () => {
  let api: TestApi;
  let hudson: string;
  const temporary: string[] = [];
  beforeAll(async () => {
    api = await startTestApi();
    const loaded = await loadTestModeFixture(api.ns.stores.byMode.test);
    expect([loaded.summaries.contractors[0].rowsRejected, loaded.summaries.contractors[0].rowsRead]).toEqual([0, 17]);
    await refreshIndices(api.ns.stores.byMode.test, CONTRACTORS);
    // Live holds a company of the fixture's name with other tickets, and a company only live has.
    const live = oathCsv([
      defaultLine('0480000001', HUDSON, '2026-01-10', { imposed: 9000, sought: 9000, fees: 0 }),
      paidLine('0480000002', 'LIVEONLY MASONRY LLC', '2025-03-01'),
    ]);
    temporary.push(live);
    await loadOath(api.ns.stores.byMode.live, live, new Date('2026-04-01T12:00:00Z'));
    await refreshIndices(api.ns.stores.byMode.live, CONTRACTORS);
    hudson = (await api.ns.stores.byMode.test.pg.query(`select company from contractor_tickets where ticket = '0390000101'`)).rows[0].company;
  });
  afterAll(async () => {
    for (const file of temporary) fs.rmSync(path.dirname(file), { recursive: true, force: true });
    await api.stop();
  });
  afterEach(() => jest.useRealTimers());

  const asTest = (url: string) => api.get(url, { key: api.keys.test });

  it('serves the fixture companies to a test key: every status, a live and a lapsed window, one company over its docket spellings', async () => {
    const browse = await asTest(`${BASE}?limit=100`);
    expect(browse.status).toBe(200);
    expect(browse.body.data.map((c: any) => [c.name, c.ticketCount])).toEqual([
      [HUDSON, 10],
      ['BRIGHTLINE PLUMBING & HEATING INC', 3],
      ["JOE'S PIZZA & PASTA INC", 2],
    ]);
    const profile = (await asTest(`${BASE}/${hudson}`)).body.data;
    expect(profile.spellings).toEqual(expect.arrayContaining([
      HUDSON, `${HUDSON}.`, 'HUDSON VALLEY CONSTRUCTION CORPORATION', 'HUDSON VALLEY CONSTRUCTIO',
    ]));
    expect(profile).toMatchObject({ tickets: 10, openTickets: 7 }); // every ticket not closed
    const tickets = (await asTest(`${BASE}/${hudson}/tickets?limit=100`)).body.data;
    const byTicket = Object.fromEntries(tickets.map((t: any) => [t.ticket, [t.status, t.reopenableUntil]]));
    expect(byTicket).toEqual({
      '0390000101': ['closed', null], // paid in full
      '0390000102': ['defaulted', '2026-05-16'], // decided 2026-03-02: window live on 2026-04-01
      '0390000103': ['defaulted', null], // decided 2025-12-01: window lapsed 2026-02-14
      '0390000104': ['open', null], // hearing ahead (the spelling cut at 25 characters)
      '0390000105': ['open', null], // a default reopened
      '0390000106': ['closed', null], // dismissed
      '0390000107': ['defaulted', null], // docketed judgment
      '0390000108': ['closed', null], // written off
      '0390000109': ['open', null], // liable, balance due
      '0390000110': ['open', null], // adjourned
    });
    // The savings of the one live window: imposed 10,000 - sought 3,750 at least; imposed + fees at most.
    expect([profile.reopenableSavingsMinCents, profile.reopenableSavingsMaxCents]).toEqual([625_000, 1_050_000]);
    // Every docket spelling finds the company; the individual is never listed nor found.
    for (const q of ['hudson valley constructio', 'brightline plbg', 'brightlineplumbing', 'joes pizza']) {
      expect([q, (await asTest(`${BASE}/search?q=${encodeURIComponent(q)}`)).body.data.length]).toEqual([q, 1]);
    }
    expect((await asTest(`${BASE}/search?q=gonzalez`)).body.data).toEqual([]);
    const { rows } = await api.ns.stores.byMode.test.pg.query(`select count(*)::int as n from contractor_tickets where company is null`);
    expect(rows[0].n).toBe(2);
  });

  it('answers the same bytes on any day (browse, search, profile, tickets, batch, the restaurant profile)', async () => {
    const slugs = (await asTest(`${BASE}?limit=100`)).body.data.map((c: any) => c.slug);
    const paths = [
      `${BASE}?limit=100`, `${BASE}?sort=-finesDueCents`, `${BASE}/search?q=huds`, `${BASE}/search?q=brigthline`,
      ...slugs.flatMap((slug: string) => [`${BASE}/${slug}`, `${BASE}/${slug}/tickets?limit=100`, `${BASE}/${slug}/tickets?status=defaulted&reopenableOnly=true`]),
      `/api/v1/restaurants/${JOES}`,
    ];
    const answers = async () => {
      const texts = [];
      for (const url of paths) {
        const res = await asTest(url);
        expect([url, res.status]).toEqual([url, 200]);
        texts.push(res.text);
      }
      texts.push((await api.post(`${BASE}/batch`, { slugs: [...slugs].reverse() }, { key: api.keys.test })).text);
      return texts;
    };
    const today = await answers();
    for (const day of ['2026-05-17T00:30:00Z', '2027-02-28T23:59:00Z', '2031-07-04T08:00:00Z']) {
      fakeDateOnly(new Date(day));
      expect(new Date().toISOString().slice(0, 10)).toBe(day.slice(0, 10));
      expect(await answers()).toEqual(today);
      jest.useRealTimers();
    }
  });

  it('never shows live data to a test key, nor test data to a live key', async () => {
    const liveBrowse = (await api.get(`${BASE}?limit=100`)).body.data.map((c: any) => [c.name, c.ticketCount]);
    expect(liveBrowse).toEqual([[HUDSON, 1], ['LIVEONLY MASONRY LLC', 1]]);
    const testBrowse = (await asTest(`${BASE}?limit=100`)).body.data.map((c: any) => c.name);
    expect(testBrowse).not.toContain('LIVEONLY MASONRY LLC');
    expect((await asTest(`${BASE}/search?q=liveonly`)).body.data).toEqual([]);
    expect((await api.get(`${BASE}/search?q=brightline`)).body.data).toEqual([]);
    const liveHudson = (await api.get(`${BASE}/search?q=hudson`)).body.data[0].slug;
    expect((await api.get(`${BASE}/${liveHudson}/tickets`)).body.data.map((t: any) => t.ticket)).toEqual(['0480000001']);
    const testTickets = (await asTest(`${BASE}/${hudson}/tickets?limit=100`)).body.data.map((t: any) => t.ticket);
    expect(testTickets).not.toContain('0480000001');
    const liveOnly = (await api.ns.stores.byMode.live.pg.query(`select company from contractor_tickets where ticket = '0480000002'`)).rows[0].company;
    expect((await asTest(`${BASE}/${liveOnly}`)).status).toBe(404);
    expect((await api.get(`${BASE}/${liveOnly}`)).status).toBe(200);
  });

  it("links the fixture's health summonses to JOE'S PIZZA & PASTA on its lot (1005850027) in test mode", async () => {
    const stats = (await asTest(`/api/v1/restaurants/${JOES}`)).body.data.stats;
    expect([stats.oathSummonses, stats.finesImposedCents, stats.finesDueCents, stats.defaultedHearings]).toEqual([2, 90_000, 66_000, 1]);
  });

  it('loads the fixture again without a change', async () => {
    const again = await loadTestModeFixture(api.ns.stores.byMode.test);
    expect([again.summaries.contractors[0].entitiesChanged, again.summaries.contractors[0].rowsRejected]).toEqual([0, 0]);
  });
});
