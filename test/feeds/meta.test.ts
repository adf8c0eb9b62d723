import { startTestApi, TestApi } from '../support/api';
import { EstablishmentSpec, ingestEstablishments, loadVisibleFixture } from '../restaurants/support';

/** Enumerations and GET /stats/restaurants (windows end today for live keys, at the fixture date for test keys). */

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const DATA: EstablishmentSpec[] = [
  { camis: '60000001', name: 'ONE', cuisine: 'Pizza', visits: [{ date: daysAgo(10), score: 10, grade: 'A', citations: [{ code: '04L' }, { code: '10F' }] }, { date: daysAgo(200), score: 20, grade: 'B', citations: [{ code: '04L' }] }] },
  { camis: '60000002', name: 'TWO', cuisine: 'Pizza', boro: 'Brooklyn', zip: '11211', visits: [{ date: daysAgo(20), score: 9, grade: 'A', citations: [{ code: '04L' }] }] },
  { camis: '60000003', name: 'THREE', cuisine: 'Chinese', boro: 'Queens', zip: '11372', visits: [{ date: daysAgo(500), score: 30, grade: 'C', citations: [{ code: '02G' }, { code: '04L' }] }] },
  { camis: '60000004', name: 'FOUR', cuisine: 'Pizza', visits: [{ date: daysAgo(40), score: 12, grade: 'A', citations: [{ code: '10F' }] }] },
];

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await ingestEstablishments(api.ns.stores.byMode.live, DATA, new Date());
  await loadVisibleFixture(api.ns.stores.byMode.test);
});
afterAll(() => api?.stop());

test('cuisines, most common first', async () => {
  const res = await api.get('/api/v1/meta/cuisines');
  expect(res.body.data).toEqual(['Pizza', 'Chinese']);
});

test('boroughs', async () => {
  expect((await api.get('/api/v1/meta/boroughs')).body.data).toEqual(['Manhattan', 'Bronx', 'Brooklyn', 'Queens', 'Staten Island']);
});

test('violation codes, most cited first, with description and category', async () => {
  const res = await api.get('/api/v1/meta/violation-codes');
  expect(res.body.data.map((r: { code: string }) => r.code)).toEqual(['04L', '10F', '02G']);
  expect(res.body.data[0]).toMatchObject({ code: '04L', category: 'vermin' });
  expect(res.body.data[0].description).toContain('mice');
});

test('the enumerations are strict list surfaces', async () => {
  for (const path of ['/api/v1/meta/cuisines', '/api/v1/meta/boroughs', '/api/v1/meta/violation-codes']) {
    const res = await api.get(`${path}?limit=5`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'unknown_parameter', param: 'limit' });
  }
});

describe('GET /stats/restaurants', () => {
  test('aggregates over the record; 12-month and 30-day windows end today', async () => {
    const res = await api.get('/api/v1/stats/restaurants');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      establishments: 4,
      // ONE was graded A and B within 12 months: it counts under both; THREE's C is older.
      byGrade: { A: 3, B: 1 },
      byBorough: { Brooklyn: 1, Manhattan: 2, Queens: 1 },
      // ONE (2) and TWO (1) within 30 days; FOUR is 40 days old.
      violationsLast30Days: 3,
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
  });

  test('borough and cuisine narrow to one each', async () => {
    expect((await api.get('/api/v1/stats/restaurants?borough=Manhattan')).body.data).toEqual({ establishments: 2, byGrade: { A: 2, B: 1 }, byBorough: { Manhattan: 2 }, violationsLast30Days: 2 });
    expect((await api.get('/api/v1/stats/restaurants?cuisine=Pizza&borough=Brooklyn')).body.data).toEqual({ establishments: 1, byGrade: { A: 1 }, byBorough: { Brooklyn: 1 }, violationsLast30Days: 1 });
    // In any case: borough=brooklyn is Brooklyn, cuisine=pizza is Pizza.
    expect((await api.get('/api/v1/stats/restaurants?cuisine=pizza&borough=brooklyn')).body.data).toEqual({ establishments: 1, byGrade: { A: 1 }, byBorough: { Brooklyn: 1 }, violationsLast30Days: 1 });
    expect((await api.get('/api/v1/stats/restaurants?cuisine=Thai')).body.data).toEqual({ establishments: 0, byGrade: {}, byBorough: {}, violationsLast30Days: 0 });
  });

  test('cached: an ingest does not change the answer until the cache expires', async () => {
    const before = await api.get('/api/v1/stats/restaurants');
    await ingestEstablishments(api.ns.stores.byMode.live, [{ camis: '60000009', name: 'NINE', visits: [{ date: daysAgo(1), score: 5, grade: 'A' }] }], new Date());
    expect((await api.get('/api/v1/stats/restaurants')).body).toEqual(before.body);
    // Other parameters are computed (and cached) separately, from the current record.
    expect((await api.get('/api/v1/stats/restaurants?borough=Manhattan')).body.data.establishments).toBe(2);
    expect((await api.get('/api/v1/stats/restaurants?cuisine=American')).body.data.establishments).toBe(1);
  });

  test('parameter rules', async () => {
    expect((await api.get('/api/v1/stats/restaurants?borough=Narnia')).body.error).toMatchObject({ code: 'invalid_parameter', param: 'borough' });
    expect((await api.get('/api/v1/stats/restaurants?borough=Bronx&borough=Queens')).body.error).toMatchObject({ code: 'invalid_parameter', param: 'borough' });
    expect((await api.get('/api/v1/stats/restaurants?period=year')).status).toBe(200);
  });

  test('test mode: the fixture as of its reference date, the same bytes on any day', async () => {
    const first = await api.get('/api/v1/stats/restaurants', { key: api.keys.test });
    expect(first.body.data.establishments).toBe(8);
    expect(Object.values(first.body.data.byBorough as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(8);
    const pg = api.ns.stores.byMode.test.pg;
    const { rows } = await pg.query(`select count(*)::int as n from restaurant_citations where inspected_at between date '2026-04-01' - 29 and date '2026-04-01'`);
    expect(first.body.data.violationsLast30Days).toBe(rows[0].n);
    const graded = await pg.query(`select grade, count(distinct camis)::int as n from restaurant_inspections where grade is not null and inspected_at > date '2025-04-01' and inspected_at <= date '2026-04-01' group by grade`);
    expect(first.body.data.byGrade).toEqual(Object.fromEntries(graded.rows.map((r) => [r.grade, r.n])));
    const cuisines = await api.get('/api/v1/meta/cuisines', { key: api.keys.test });
    expect(cuisines.body.data.length).toBeGreaterThan(0);
  });
});
