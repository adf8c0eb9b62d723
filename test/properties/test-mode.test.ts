import { loadTestModeFixture } from '../../ingest/fixture';
import { LOT_RECORD_TABLES } from '../../src/properties/store';
import { startTestApi, TestApi } from '../support/api';
import { fakeDateOnly } from '../support/clock';
import { docketsPresent, loadRealDockets } from './support';

/**
 * Test keys answer every properties endpoint from the fixture (fixtures/properties), as of
 * its reference date: the same bytes on any day, and nothing of the live data.
 */
const BASE = '/api/v1/properties';
const FIXTURE_LOTS = ['1005670012', '3019870033', '2032410017', '4015230060', '5006120088', '1016780029'];
/** Each fixture lot's rows per table, counted by hand in fixtures/properties (totalRecords counts the registered tables). */
const ROWS_BY_TABLE: Record<string, Record<string, number>> = {
  property_violations: { '1005670012': 6, '3019870033': 4, '2032410017': 9, '4015230060': 0, '5006120088': 1, '1016780029': 1 },
  property_permits: { '1005670012': 4, '3019870033': 2, '2032410017': 3, '4015230060': 1, '5006120088': 0, '1016780029': 0 },
  property_filings: { '1005670012': 7, '3019870033': 1, '2032410017': 6, '4015230060': 0, '5006120088': 0, '1016780029': 0 },
};
const totalRecords = (bbl: string) => LOT_RECORD_TABLES.reduce((sum, { table }) => sum + ROWS_BY_TABLE[table][bbl], 0);
/** A lot of the real dockets (live only). */
const LIVE_ONLY = '5040880013';

describe('properties in test mode', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await loadTestModeFixture(api.ns.stores.byMode.test);
    // Live holds a lot under a fixture BBL with other facts, and (when present) the real dockets.
    const live = api.ns.stores.byMode.live.pg;
    await live.query(`insert into property_lots (bbl, borough, block, lot, address) values ('1005670012', 'Manhattan', 567, 12, '999 LIVE STREET')`);
    await live.query(
      `insert into property_violations (source_dataset, source_id, bbl, identifier, agency, record_type, status, description, issued_at, status_columns, is_open, penalty_imposed_cents, penalty_due_cents)
       values ('dob-violations', 'LIVE1', '1005670012', 'LIVE1', 'DOB', 'dob_violation', 'S', 'D', '2026-01-01', '{}', true, 0, 0)`,
    );
    if (docketsPresent) await loadRealDockets(api, new Date('2026-11-23T12:00:00Z'));
  });
  afterAll(() => api.stop());
  afterEach(() => jest.useRealTimers());

  const asTest = (path: string) => api.get(path, { key: api.keys.test });

  it('serves the fixture lots to a test key, as documented in fixtures/properties/README.md', async () => {
    const profiles = await api.post(`${BASE}/batch`, { bbls: FIXTURE_LOTS }, { key: api.keys.test });
    expect(profiles.body.meta).toEqual({ returned: 6, notFound: [] });
    const brief = profiles.body.data.map((p: any) => [p.bbl, p.address, p.riskLevel, p.riskScore, p.openViolations, p.totalRecords, p.finesImposedCents, p.finesDueCents, p.defaultedHearings]);
    expect(brief).toEqual([
      ['1005670012', '225 WEST 11 STREET', 'MODERATE', 33, 4, totalRecords('1005670012'), 625_000, 500_000, 1],
      ['3019870033', '412 GREENE AVENUE', 'LOW', 0, 0, totalRecords('3019870033'), 0, 0, 0],
      ['2032410017', '1845 GRAND CONCOURSE', 'HIGH', 56, 7, totalRecords('2032410017'), 1_500_000, 1_250_000, 1],
      ['4015230060', '37-18 82 STREET', 'LOW', 0, 0, totalRecords('4015230060'), 0, 0, 0],
      ['5006120088', '1200 VICTORY BOULEVARD', 'LOW', 5, 1, totalRecords('5006120088'), 0, 0, 0],
      ['1016780029', '', 'LOW', 3, 1, totalRecords('1016780029'), 0, 0, 0],
    ]);
    // Every registered table is in the fixture, and the counts above are what the test store holds (less the rows that are no record of the lot).
    for (const { table, except } of LOT_RECORD_TABLES) {
      expect(ROWS_BY_TABLE[table]).toBeDefined();
      const { rows } = await api.ns.stores.byMode.test.pg.query(`select bbl, count(*)::int as n from ${table}${except ? ` where not (${except})` : ''} group by bbl`);
      expect(Object.fromEntries(rows.map((row) => [row.bbl, row.n]))).toEqual(Object.fromEntries(Object.entries(ROWS_BY_TABLE[table]).filter(([, n]) => n > 0)));
    }
    // Open and closed items of every agency.
    const items = (await Promise.all(FIXTURE_LOTS.map((bbl) => asTest(`${BASE}/${bbl}/violations?limit=100`)))).flatMap((res) => res.body.data);
    for (const agency of ['DOB', 'ECB', 'DOB_NOW', 'HPD']) {
      expect([agency, items.filter((item: any) => item.agency === agency).map((item: any) => item.isOpen).sort()]).toEqual([agency, expect.arrayContaining([false, true])]);
    }
    // HPD's class on its items, none on the others.
    expect(items.filter((item: any) => item.agency === 'HPD').map((item: any) => [item.identifier, item.class, item.isOpen]).sort()).toEqual([
      ['16100001', 'A', false], ['16100002', 'C', true], ['16100003', 'B', false],
    ]);
    expect(items.filter((item: any) => item.agency !== 'HPD').every((item: any) => item.class === null)).toBe(true);
    // Permits and job filings, open and closed, of both systems.
    const permits = (await Promise.all(FIXTURE_LOTS.map((bbl) => asTest(`${BASE}/${bbl}/permits?limit=100`)))).flatMap((res) => res.body.data);
    expect(permits).toHaveLength(10);
    for (const agency of ['DOB', 'DOB_NOW']) {
      expect([agency, permits.filter((item: any) => item.agency === agency).map((item: any) => item.isOpen).sort()]).toEqual([agency, expect.arrayContaining([false, true])]);
    }
    // An ECB violation resolved at an earlier hearing but with a hearing still ahead of the reference date is open.
    expect(items.find((item: any) => item.identifier === '39003391N')).toMatchObject({ isOpen: true, statusAt: '2026-05-12' });
    // Deadline statuses: at least action_needed (an open failure-to-file) and unverifiable reminders; the evidence
    // datasets in the fixture add others as the deadline engine reads them.
    const deadlines = await asTest(`${BASE}/1005670012/deadlines`);
    expect(deadlines.body.data.find((item: any) => item.kind === 'elevator_cat1')).toMatchObject({ status: 'action_needed' });
    expect(deadlines.body.data.map((item: any) => item.status)).toEqual(expect.arrayContaining(['action_needed', 'unverifiable']));
    expect((await asTest(`${BASE}/5006120088/deadlines`)).body.data).toEqual([]);
  });

  it('answers the same bytes on any day (profile, batch, violations, permits, deadlines), cache or no cache', async () => {
    const paths = FIXTURE_LOTS.flatMap((bbl) => [`${BASE}/${bbl}`, `${BASE}/${bbl}/violations?limit=100`, `${BASE}/${bbl}/permits?limit=100`, `${BASE}/${bbl}/deadlines`]);
    const answers = async () => {
      const texts = [];
      for (const path of paths) texts.push((await asTest(path)).text);
      texts.push((await api.post(`${BASE}/batch`, { bbls: [...FIXTURE_LOTS].reverse() }, { key: api.keys.test })).text);
      return texts;
    };
    const today = await answers();
    for (const day of ['2027-02-28T23:59:00Z', '2031-07-04T08:00:00Z']) {
      fakeDateOnly(new Date(day));
      expect(new Date().toISOString().slice(0, 10)).toBe(day.slice(0, 10));
      expect(await answers()).toEqual(today);
      await api.ns.stores.byMode.test.pg.query('delete from property_profile_cache');
      expect(await answers()).toEqual(today);
      jest.useRealTimers();
    }
  });

  it('never shows live data to a test key, nor test data to a live key', async () => {
    expect((await asTest(`${BASE}/1005670012`)).body.data.address).toBe('225 WEST 11 STREET');
    expect((await api.get(`${BASE}/1005670012`)).body.data).toMatchObject({ address: '999 LIVE STREET', openViolations: 1, totalRecords: 1 });
    expect((await asTest(`${BASE}/1005670012/violations?limit=100`)).body.data.map((item: any) => item.identifier)).not.toContain('LIVE1');
    expect((await api.get(`${BASE}/2032410017`)).status).toBe(404);
    const batch = await api.post(`${BASE}/batch`, { bbls: ['1005670012', LIVE_ONLY] }, { key: api.keys.test });
    expect(batch.body.meta.notFound).toEqual([LIVE_ONLY]);
    expect((await asTest(`${BASE}/${LIVE_ONLY}`)).status).toBe(404);
    expect((await asTest(`${BASE}/${LIVE_ONLY}/violations`)).status).toBe(404);
    if (docketsPresent) expect((await api.get(`${BASE}/${LIVE_ONLY}`)).status).toBe(200);
  });

  it('loads the fixture again without a change', async () => {
    const again = await loadTestModeFixture(api.ns.stores.byMode.test);
    expect(again.summaries.properties.map((summary) => summary.entitiesChanged)).toEqual(again.summaries.properties.map(() => 0));
    expect(again.summaries.properties.every((summary) => summary.rowsRejected === 0)).toBe(true);
  });
});
