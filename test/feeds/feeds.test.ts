import { startTestApi, TestApi } from '../support/api';
import { EstablishmentSpec, ingestEstablishments, loadVisibleFixture } from '../restaurants/support';

/** GET /violations and GET /inspections: filters, the geo circle with every filter, paging, rules. */

const CLOSED = 'Establishment Closed by DOHMH. Violations were cited in the following area(s) and those requiring immediate action were addressed.';
const CENTER = { lat: 40.7300, lng: -73.9950 };

const DATA: EstablishmentSpec[] = [
  {
    camis: '10000001', name: "MAMA'S KITCHEN", zip: '10003', cuisine: 'Italian', lat: CENTER.lat, lng: CENTER.lng,
    visits: [
      { date: '2024-01-10', score: 30, action: CLOSED, citations: [{ code: '04L' }, { code: '02G' }, { code: '10F' }] },
      { date: '2024-06-05', score: 11, grade: 'A', citations: [{ code: '10F' }] },
    ],
  },
  {
    camis: '10000002', name: 'RIVER CAFE', boro: 'Brooklyn', zip: '11201', cuisine: 'American', lat: 40.7037, lng: -73.9945,
    visits: [
      { date: '2024-02-20', score: 18, grade: 'B', citations: [{ code: '04M' }, { code: '08A' }] },
      { date: '2024-09-01', score: 5, grade: 'A', citations: [] },
    ],
  },
  {
    camis: '10000003', name: 'MAMA LUNA', zip: '10012', cuisine: 'Italian', lat: CENTER.lat + 0.004, lng: CENTER.lng,
    visits: [{ date: '2024-03-15', score: 24, citations: [{ code: '04L' }, { code: '06C', critical: true }] }],
  },
  {
    camis: '10000004', name: 'NO PIN DINER', boro: 'Queens', zip: '11101', cuisine: 'Diner', lat: null, lng: null,
    visits: [{ date: '2024-04-01', score: 9, grade: 'A', citations: [{ code: '04L' }] }],
  },
];

type ViolationRow = { camis: string; code: string; category: string; critical: boolean; inspectedAt: string; borough: string; zip: string | null; latitude: number | null; longitude: number | null; restaurantName: string; address: string };
let api: TestApi;

async function follow<T>(path: string, limit = 3): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  const sep = path.includes('?') ? '&' : '?';
  for (let i = 0; i < 200; i++) {
    const res: { status: number; body: { data: T[]; meta: { nextCursor: string | null } }; text: string } = await api.get(
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (res.status !== 200) throw new Error(res.text);
    rows.push(...res.body.data);
    cursor = res.body.meta.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error('too many pages');
}
const keyOf = (r: ViolationRow) => `${r.camis}|${r.inspectedAt}|${r.code}`;
let everything: ViolationRow[];

beforeAll(async () => {
  api = await startTestApi();
  await ingestEstablishments(api.ns.stores.byMode.live, DATA);
  await loadVisibleFixture(api.ns.stores.byMode.test);
  everything = await follow<ViolationRow>('/api/v1/violations', 100);
});
afterAll(() => api?.stop());

describe('GET /violations', () => {
  test('every citation, newest first, with location fields on every row', async () => {
    expect(everything).toHaveLength(9);
    const dates = everything.map((r) => r.inspectedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const row = everything.find((r) => r.camis === '10000002' && r.code === '04M')!;
    expect(row).toMatchObject({ restaurantName: 'RIVER CAFE', borough: 'Brooklyn', zip: '11201', latitude: 40.7037, longitude: -73.9945, category: 'vermin', critical: true });
    expect(everything.find((r) => r.camis === '10000004')).toMatchObject({ latitude: null, longitude: null });
    expect((await follow<ViolationRow>('/api/v1/violations', 2)).map(keyOf)).toEqual(everything.map(keyOf));
  });

  test('each filter keeps exactly the matching rows', async () => {
    const check = async (query: string, keep: (r: ViolationRow) => boolean) => {
      const expected = everything.filter(keep).map(keyOf);
      expect(expected.length).toBeGreaterThan(0);
      expect((await follow<ViolationRow>(`/api/v1/violations?${query}`)).map(keyOf)).toEqual(expected);
    };
    await check('code=04L,04m', (r) => ['04L', '04M'].includes(r.code));
    await check('category=vermin', (r) => r.category === 'vermin');
    await check('critical=false', (r) => !r.critical);
    await check('borough=Brooklyn,Queens', (r) => ['Brooklyn', 'Queens'].includes(r.borough));
    await check('zip=10003', (r) => r.zip === '10003');
    await check('cuisine=Italian', (r) => ['10000001', '10000003'].includes(r.camis));
    // Enumerated values in any case; cuisines matched case-insensitively.
    await check('borough=brooklyn,QUEENS', (r) => ['Brooklyn', 'Queens'].includes(r.borough));
    await check('cuisine=italian', (r) => ['10000001', '10000003'].includes(r.camis));
    await check('q=mamas', (r) => r.camis === '10000001');
    await check('q=mama', (r) => ['10000001', '10000003'].includes(r.camis));
    await check('since=2024-02-20&until=2024-04-01', (r) => r.inspectedAt >= '2024-02-20' && r.inspectedAt <= '2024-04-01');
  });

  test('a q with no letters or digits matches nothing, never the unfiltered feed', async () => {
    for (const q of ['%26', encodeURIComponent('🍕'), encodeURIComponent('*:*'), encodeURIComponent('\u200b')]) {
      expect(await follow<ViolationRow>(`/api/v1/violations?q=${q}`)).toEqual([]);
    }
  });

  test('the geo circle combines with every other filter', async () => {
    const circle = `lat=${CENTER.lat}&lng=${CENTER.lng}&radius=600`;
    // MAMA'S KITCHEN at the center, MAMA LUNA 445 m north; RIVER CAFE 2.9 km south; NO PIN has no coordinates.
    const inCircle = (r: ViolationRow) => ['10000001', '10000003'].includes(r.camis);
    const keys = async (query: string) => (await follow<ViolationRow>(`/api/v1/violations?${query}`)).map(keyOf);
    expect(await keys(circle)).toEqual(everything.filter(inCircle).map(keyOf));
    expect(await keys(`${circle}&code=04L`)).toEqual(everything.filter((r) => inCircle(r) && r.code === '04L').map(keyOf));
    expect(await keys(`${circle}&category=vermin&critical=true&borough=Manhattan&zip=10012&cuisine=Italian&q=luna&since=2024-01-01&until=2024-12-31`)).toEqual(
      everything.filter((r) => r.camis === '10000003' && r.category === 'vermin').map(keyOf),
    );
    expect(await keys(`lat=${CENTER.lat}&lng=${CENTER.lng}&radius=100`)).toEqual(everything.filter((r) => r.camis === '10000001').map(keyOf));
    // Default radius 1000 m.
    expect(await keys(`lat=${CENTER.lat}&lng=${CENTER.lng}`)).toEqual(everything.filter(inCircle).map(keyOf));
    expect(await keys(`lat=${CENTER.lat}&lng=${CENTER.lng}&radius=5000`)).toEqual(everything.filter((r) => r.latitude !== null).map(keyOf));
  });

  test('parameter rules answer 400 in the envelope', async () => {
    const bad = async (query: string, code: string, param: string) => {
      const res = await api.get(`/api/v1/violations?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ status: 400, code, param });
    };
    await bad('colour=red', 'unknown_parameter', 'colour');
    await bad('category=rodents', 'invalid_parameter', 'category');
    await bad('critical=maybe', 'invalid_parameter', 'critical');
    await bad('since=2024-13-01', 'invalid_parameter', 'since');
    await bad('since=2024-05-01&until=2024-01-01', 'invalid_parameter', 'since');
    await bad('lat=40.73', 'invalid_parameter', 'lat');
    await bad('lng=-73.99', 'invalid_parameter', 'lng');
    await bad('radius=500', 'invalid_parameter', 'radius');
    await bad('lat=40.73&radius=500', 'invalid_parameter', 'lat');
    await bad('lat=40.73&lng=-73.99&radius=5001', 'invalid_parameter', 'radius');
    await bad('lat=42&lng=-73.99', 'invalid_parameter', 'lat');
    await bad('lat=40.73&lng=-72', 'invalid_parameter', 'lng');
    await bad('limit=101', 'invalid_parameter', 'limit');
    await bad('borough=narnia', 'invalid_parameter', 'borough');
    await bad('cursor=abc.def', 'invalid_cursor', 'cursor');
  });

  test('a cursor only works on the list that made it: other feeds, browse and a changed filter refuse it', async () => {
    const cursorOf = async (path: string) => {
      const res = await api.get(path);
      expect(res.body.meta.nextCursor).toBeTruthy();
      return encodeURIComponent(res.body.meta.nextCursor as string);
    };
    const made = {
      '/api/v1/violations?borough=Manhattan': await cursorOf('/api/v1/violations?borough=Manhattan&limit=1'),
      '/api/v1/inspections?borough=Manhattan': await cursorOf('/api/v1/inspections?borough=Manhattan&limit=1'),
      '/api/v1/restaurants?borough=Manhattan': await cursorOf('/api/v1/restaurants?borough=Manhattan&limit=1'),
    };
    for (const [origin, cursor] of Object.entries(made)) {
      expect((await api.get(`${origin}&limit=2&cursor=${cursor}`)).status).toBe(200);
      for (const other of Object.keys(made).filter((path) => path !== origin)) {
        const res = await api.get(`${other}&cursor=${cursor}`);
        expect({ origin, other, status: res.status, code: res.body.error?.code }).toEqual({ origin, other, status: 400, code: 'invalid_cursor' });
      }
      expect((await api.get(`${origin.replace('Manhattan', 'Brooklyn')}&cursor=${cursor}`)).body.error.code).toBe('invalid_cursor');
    }
  });

  test('a cursor survives an ingest between pages: nothing skipped or repeated', async () => {
    const first = await api.get('/api/v1/violations?limit=4');
    // New citations land on both sides of the cursor (newest and oldest dates), and an existing establishment changes.
    await ingestEstablishments(api.ns.stores.byMode.live, [
      { camis: '10000009', name: 'LATE ARRIVAL', zip: '10003', visits: [{ date: '2024-10-01', score: 20, citations: [{ code: '04L' }] }, { date: '2020-01-01', score: 20, citations: [{ code: '02G' }] }] },
      { ...DATA[1], visits: [...DATA[1].visits!, { date: '2024-09-20', score: 14, citations: [{ code: '10F' }] }] },
    ]);
    const rest: ViolationRow[] = [];
    let cursor: string | null = first.body.meta.nextCursor;
    while (cursor) {
      const page: { body: { data: ViolationRow[]; meta: { nextCursor: string | null } } } = await api.get(`/api/v1/violations?limit=4&cursor=${encodeURIComponent(cursor)}`);
      rest.push(...page.body.data);
      cursor = page.body.meta.nextCursor;
    }
    const seen = [...first.body.data, ...rest].map(keyOf);
    expect(new Set(seen).size).toBe(seen.length);
    for (const key of everything.map(keyOf)) expect(seen).toContain(key);
    // A row older than the cursor's position appears; ones newer than page one's rows do not.
    expect(seen).toContain('10000009|2020-01-01|02G');
    expect(seen).not.toContain('10000009|2024-10-01|04L');
  });
});

describe('GET /inspections', () => {
  type InspectionRow = { camis: string; name: string; inspectedAt: string; type: string | null; score: number | null; grade: string | null; closedRestaurant: boolean; borough: string };
  const keyOfVisit = (r: InspectionRow) => `${r.camis}|${r.inspectedAt}|${r.type}`;

  test('one row per visit, newest first, each filter', async () => {
    const visits = await follow<InspectionRow>('/api/v1/inspections?until=2024-09-15', 100);
    expect(visits.filter((v) => v.camis.startsWith('1000000') && v.camis !== '10000009')).toHaveLength(6);
    const dates = visits.map((v) => v.inspectedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(visits.find((v) => v.camis === '10000001' && v.inspectedAt === '2024-01-10')).toMatchObject({ name: "MAMA'S KITCHEN", score: 30, grade: null, closedRestaurant: true });
    const check = async (query: string, keep: (r: InspectionRow) => boolean) => {
      const expected = visits.filter(keep).map(keyOfVisit);
      expect(expected.length).toBeGreaterThan(0);
      expect((await follow<InspectionRow>(`/api/v1/inspections?until=2024-09-15&${query}`, 2)).map(keyOfVisit)).toEqual(expected);
    };
    await check('borough=Brooklyn', (r) => r.borough === 'Brooklyn');
    await check('grade=A,B', (r) => r.grade === 'A' || r.grade === 'B');
    await check('minScore=18', (r) => r.score !== null && r.score >= 18);
    await check('closedRestaurant=true', (r) => r.closedRestaurant);
    await check('closedRestaurant=false', (r) => !r.closedRestaurant);
    await check('since=2024-03-01', (r) => r.inspectedAt >= '2024-03-01');
  });

  test('parameter rules', async () => {
    const bad = async (query: string, code: string, param: string) => {
      const res = await api.get(`/api/v1/inspections?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code, param });
    };
    await bad('q=mama', 'unknown_parameter', 'q');
    await bad('grade=E', 'invalid_parameter', 'grade');
    await bad('minScore=-3', 'invalid_parameter', 'minScore');
    await bad('closedRestaurant=1', 'invalid_parameter', 'closedRestaurant');
    await bad('since=2024-02-30', 'invalid_parameter', 'since');
    await bad('since=2024-05-01&until=2024-04-30', 'invalid_parameter', 'since');
  });
});

test('test mode: the feeds answer from the fixture', async () => {
  const res = await api.get('/api/v1/violations?limit=100', { key: api.keys.test });
  expect(res.status).toBe(200);
  expect(res.body.data.length).toBeGreaterThan(0);
  expect(res.body.data.every((r: ViolationRow) => r.camis.startsWith('4100000'))).toBe(true);
  const visits = await api.get('/api/v1/inspections?limit=100', { key: api.keys.test });
  expect(visits.body.data.every((r: { camis: string }) => r.camis.startsWith('4100000'))).toBe(true);
  expect((await api.get('/api/v1/violations?limit=100', { key: api.keys.test })).text).toBe(res.text);
});
