import { startTestApi, TestApi } from '../support/api';
import { EstablishmentSpec, ingestEstablishments, loadVisibleFixture } from './support';

/** GET /restaurants (browse) and GET /restaurants/nearby on real stores. */

const CLOSED = 'Establishment Closed by DOHMH. Violations were cited in the following area(s) and those requiring immediate action were addressed.';
const CENTER = { lat: 40.7500, lng: -73.9900 };

const DATA: EstablishmentSpec[] = [
  {
    camis: '30000001', name: 'ALPHA DINER', zip: '10001', cuisine: 'American', building: '100', street: 'WEST 33 STREET', lat: CENTER.lat, lng: CENTER.lng,
    visits: [{ date: '2024-06-01', score: 10, grade: 'A', citations: [{ code: '10F' }] }],
  },
  {
    camis: '30000002', name: 'BRAVO BISTRO', boro: 'Brooklyn', zip: '11211', cuisine: 'French', building: '5', street: 'GRAND STREET', lat: 40.7142, lng: -73.9614,
    visits: [
      { date: '2024-03-01', score: 35, citations: [{ code: '04L' }, { code: '02G' }] },
      { date: '2024-03-20', type: 'Cycle Inspection / Re-inspection', score: 28, grade: 'C', citations: [{ code: '04L' }, { code: '02G' }] },
    ],
  },
  {
    camis: '30000003', name: 'CHARLIE CAFE', boro: 'Queens', zip: '11372', cuisine: 'Chinese', building: '37', street: 'ROOSEVELT AVENUE', lat: 40.7470, lng: -73.8860,
    visits: [{ date: '2024-08-01', score: 45, action: CLOSED, citations: [{ code: '04K' }, { code: '04M' }, { code: '02G' }] }],
  },
  {
    camis: '30000004', name: 'DELTA DELI', zip: '10003', cuisine: 'American', building: '7', street: 'EAST 10 STREET', lat: CENTER.lat + 0.001, lng: CENTER.lng,
    visits: [{ date: '1900-01-01', type: '', score: null, citations: [] }],
  },
  {
    camis: '30000005', name: 'ECHO EATS', boro: 'Bronx', zip: '10467', cuisine: 'Juice, Smoothies, Fruit Salads', building: '3000', street: 'WHITE PLAINS ROAD', lat: 40.8700, lng: -73.8670,
    visits: [
      { date: '2021-05-01', score: 20, grade: 'B', citations: [{ code: '04L' }] },
      { date: '2023-01-15', score: 12, grade: 'A', citations: [] },
    ],
  },
  // Around CENTER, at growing distances (about 111 m per 0.001 degree of latitude).
  ...Array.from({ length: 25 }, (_, i): EstablishmentSpec => ({
    camis: String(30000100 + i),
    name: `ZULU ${String.fromCharCode(65 + (i % 26))}${i}`,
    zip: '10001',
    cuisine: i % 2 ? 'Pizza' : 'American',
    building: String(200 + i),
    street: 'WEST 34 STREET',
    lat: CENTER.lat + 0.0005 * (i + 1),
    lng: CENTER.lng,
    visits: [{ date: `2024-0${1 + (i % 9)}-${String(1 + i).padStart(2, '0')}`, score: i % 3 === 0 ? 15 : 9, grade: i % 3 === 0 ? 'B' : 'A', citations: i % 4 ? [{ code: '10F' }] : [] }],
  })),
];

let api: TestApi;
type Row = { camis: string; name: string; grade: string | null; score: number | null; closed: boolean; riskLevel: string; lastInspectedAt: string | null; openViolations: number; borough: string; zip: string; cuisine: string; distanceMeters?: number };

async function all(query: string, limit = 7, key?: string, from: string | null = null): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = from;
  for (let pages = 0; pages < 50; pages++) {
    const res: { status: number; body: { data: Row[]; meta: { nextCursor: string | null; returned: number } } } = await api.get(
      `/api/v1/restaurants?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key },
    );
    expect(res.status).toBe(200);
    expect(res.body.meta.returned).toBe(res.body.data.length);
    rows.push(...res.body.data);
    cursor = res.body.meta.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error('too many pages');
}
const camis = (rows: Row[]) => rows.map((r) => r.camis);
let everything: Row[];

beforeAll(async () => {
  api = await startTestApi();
  await ingestEstablishments(api.ns.stores.byMode.live, DATA);
  await loadVisibleFixture(api.ns.stores.byMode.test);
  everything = await all('sort=name', 100);
});
afterAll(() => api?.stop());

describe('browse', () => {
  test('every establishment, each once, whatever the page size', async () => {
    expect(everything).toHaveLength(DATA.length);
    expect(camis(await all('sort=name', 3))).toEqual(camis(everything));
    expect(camis(await all('sort=-lastInspectedAt', 4)).sort()).toEqual(camis(everything).sort());
  });

  test('sorts: name, -name, lastInspectedAt, -lastInspectedAt (default); never inspected is last either way', async () => {
    const byName = everything.map((r) => r.name);
    expect(byName).toEqual([...byName].sort());
    expect(camis(await all('sort=-name', 6))).toEqual(camis(everything).reverse());
    expect(camis(await all('sort=-NAME', 6))).toEqual(camis(everything).reverse());
    const newest = await all('', 6);
    const dates = newest.map((r) => r.lastInspectedAt ?? '0000');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(newest[newest.length - 1].camis).toBe('30000004');
    // Never inspected comes last in both directions (nulls last), across page boundaries too.
    const oldest = await all('sort=lastInspectedAt', 6);
    expect(oldest[oldest.length - 1].camis).toBe('30000004');
    expect(oldest.slice(0, -1).map((r) => r.lastInspectedAt)).toEqual(newest.slice(0, -1).map((r) => r.lastInspectedAt).reverse());
    expect(camis(await all('sort=lastInspectedAt', 1))).toEqual(camis(oldest));
  });

  test('filters keep exactly the matching establishments (values from the full record)', async () => {
    const expectFilter = async (query: string, keep: (r: Row) => boolean) => {
      const expected = camis(everything.filter(keep));
      expect(expected.length).toBeGreaterThan(0);
      expect(camis(await all(`sort=name&${query}`, 5))).toEqual(expected);
    };
    await expectFilter('borough=Brooklyn,Queens', (r) => ['Brooklyn', 'Queens'].includes(r.borough));
    await expectFilter('zip=10003,10467', (r) => ['10003', '10467'].includes(r.zip));
    await expectFilter('cuisine=Pizza', (r) => r.cuisine === 'Pizza');
    // A real cuisine holds commas: an item's comma is written %2C, only literal commas separate items.
    await expectFilter('cuisine=Juice%2C%20Smoothies%2C%20Fruit%20Salads,Pizza', (r) => ['Juice, Smoothies, Fruit Salads', 'Pizza'].includes(r.cuisine));
    await expectFilter('cuisine=Juice%2C+Smoothies%2C+Fruit+Salads', (r) => r.cuisine === 'Juice, Smoothies, Fruit Salads');
    await expectFilter('grade=C,B', (r) => r.grade === 'C' || r.grade === 'B');
    await expectFilter(`riskLevel=${everything.find((r) => r.camis === '30000003')!.riskLevel}`, (r) => r.riskLevel === everything.find((x) => x.camis === '30000003')!.riskLevel);
    await expectFilter('minScore=12&maxScore=28', (r) => r.score !== null && r.score >= 12 && r.score <= 28);
    await expectFilter('closed=true', (r) => r.closed);
    await expectFilter('closed=false', (r) => !r.closed);
    await expectFilter('hasOpenViolations=true', (r) => r.openViolations > 0);
    await expectFilter('hasOpenViolations=false', (r) => r.openViolations === 0);
    await expectFilter('inspectedSince=2024-06-01&inspectedUntil=2024-08-01', (r) => r.lastInspectedAt !== null && r.lastInspectedAt >= '2024-06-01' && r.lastInspectedAt <= '2024-08-01');
    await expectFilter('q=bistro', (r) => r.name === 'BRAVO BISTRO');
    await expectFilter('q=roosevelt av', (r) => r.name === 'CHARLIE CAFE');
    await expectFilter('grade=A&cuisine=American&borough=Manhattan', (r) => r.grade === 'A' && r.cuisine === 'American' && r.borough === 'Manhattan');
    // Enumerated values in any case; cuisines matched case-insensitively.
    await expectFilter('borough=manhattan,QUEENS', (r) => ['Manhattan', 'Queens'].includes(r.borough));
    await expectFilter('borough=staten%20island,bronx', (r) => ['Staten Island', 'Bronx'].includes(r.borough));
    await expectFilter('grade=a&cuisine=american', (r) => r.grade === 'A' && r.cuisine === 'American');
    await expectFilter('cuisine=pizza', (r) => r.cuisine === 'Pizza');
    await expectFilter('cuisine=JUICE%2C%20smoothies%2C%20fruit%20salads', (r) => r.cuisine === 'Juice, Smoothies, Fruit Salads');
    await expectFilter('riskLevel=' + everything.find((r) => r.camis === '30000003')!.riskLevel.toLowerCase(), (r) => r.riskLevel === everything.find((x) => x.camis === '30000003')!.riskLevel);
  });

  test('closed, grade and vermin come from the full record', async () => {
    expect(camis(await all('closed=true'))).toEqual(['30000003']);
    // ECHO EATS had mice in 2021: verminSince looks at every vermin citation, not only open ones.
    expect(camis(await all('sort=name&verminSince=2021-01-01'))).toEqual(['30000002', '30000003', '30000005']);
    expect(camis(await all('sort=name&verminSince=2024-03-15'))).toEqual(['30000002', '30000003']);
    expect(camis(await all('grade=C'))).toEqual(['30000002']);
  });

  test('a cursor is bound to its query and tamper-evident', async () => {
    const first = await api.get('/api/v1/restaurants?sort=name&limit=2');
    const cursor = first.body.meta.nextCursor as string;
    expect(cursor).toBeTruthy();
    const replay = await api.get(`/api/v1/restaurants?sort=-name&limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('invalid_cursor');
    const tampered = await api.get(`/api/v1/restaurants?sort=name&limit=2&cursor=${encodeURIComponent(`x${cursor}`)}`);
    expect(tampered.body.error.code).toBe('invalid_cursor');
    // The page size is not part of the binding.
    expect((await api.get(`/api/v1/restaurants?sort=name&limit=5&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
    // Nor is it usable by the other mode.
    expect((await api.get(`/api/v1/restaurants?sort=name&limit=2&cursor=${encodeURIComponent(cursor)}`, { key: api.keys.test })).body.error.code).toBe('invalid_cursor');
  });

  test('parameter rules answer 400 in the envelope', async () => {
    const bad = async (query: string, code: string, param: string) => {
      const res = await api.get(`/api/v1/restaurants?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ status: 400, code, param });
      expect(typeof res.body.error.requestId).toBe('string');
    };
    await bad('color=red', 'unknown_parameter', 'color');
    await bad('limit=101', 'invalid_parameter', 'limit');
    await bad('limit=0', 'invalid_parameter', 'limit');
    await bad('grade=A,X', 'invalid_parameter', 'grade');
    await bad('riskLevel=lowest', 'invalid_parameter', 'riskLevel');
    await bad('borough=Narnia', 'invalid_parameter', 'borough');
    await bad('zip=1001', 'invalid_parameter', 'zip');
    await bad('minScore=-1', 'invalid_parameter', 'minScore');
    await bad('minScore=20&maxScore=10', 'invalid_parameter', 'minScore');
    await bad('inspectedSince=2024-05-01&inspectedUntil=2024-04-01', 'invalid_parameter', 'inspectedSince');
    await bad('verminSince=2024-02-30', 'invalid_parameter', 'verminSince');
    await bad('inspectedSince=yesterday', 'invalid_parameter', 'inspectedSince');
    await bad('closed=yes', 'invalid_parameter', 'closed');
    await bad('hasOpenViolations=1', 'invalid_parameter', 'hasOpenViolations');
    await bad('sort=score', 'invalid_parameter', 'sort');
    await bad('limit=5&limit=6', 'invalid_parameter', 'limit');
    await bad('cursor=', 'invalid_cursor', 'cursor');
  });

  test('rows written between pages neither skip nor repeat the others (name sort)', async () => {
    const first = await api.get('/api/v1/restaurants?sort=name&limit=10');
    await ingestEstablishments(api.ns.stores.byMode.live, [
      { camis: '30000900', name: 'AAA EARLY BIRD', zip: '10001', lat: null, lng: null },
      { camis: '30000901', name: 'ZZZ LATE NIGHT', zip: '10001', lat: null, lng: null },
    ]);
    const rest = await all('sort=name', 10, undefined, first.body.meta.nextCursor);
    const seen = [...camis(first.body.data), ...camis(rest)];
    expect(new Set(seen).size).toBe(seen.length);
    // Every establishment that existed before is there once; the one sorting after the cursor shows up too.
    expect(seen.filter((id) => id < '30000900').sort()).toEqual(camis(everything).sort());
    expect(seen).toContain('30000901');
    expect(seen).not.toContain('30000900');
  });

  test('default page of 20, at most 100; browse rows never carry distanceMeters', async () => {
    const page = await api.get('/api/v1/restaurants');
    expect(page.body.data).toHaveLength(20);
    expect(page.body.meta.returned).toBe(20);
    expect(page.body.meta.nextCursor).toEqual(expect.any(String));
    for (const row of page.body.data) expect(row).not.toHaveProperty('distanceMeters');
    const max = await api.get('/api/v1/restaurants?limit=100');
    expect(max.body.data.length).toBeGreaterThan(20);
    expect(max.body.meta.nextCursor).toBeNull();
  });

  test('a q with no letters or digits matches nothing, never the unfiltered list (as documented)', async () => {
    for (const q of ['%26', encodeURIComponent('🍕🍕'), encodeURIComponent('*:*'), encodeURIComponent('\u200b\u200b')]) {
      const res = await api.get(`/api/v1/restaurants?sort=name&q=${q}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.nextCursor).toBeNull();
    }
  });

  test('test keys browse the fixture', async () => {
    const rows = await all('sort=name', 3, api.keys.test);
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.camis.startsWith('4100000'))).toBe(true);
  });
});

describe('nearby', () => {
  const near = async (query: string) => {
    const res = await api.get(`/api/v1/restaurants/nearby?lat=${CENTER.lat}&lng=${CENTER.lng}&${query}`);
    expect(res.status).toBe(200);
    return res.body.data as Row[];
  };

  test('nearest first within the radius, with distanceMeters', async () => {
    const rows = await near('radius=300');
    const distances = rows.map((r) => r.distanceMeters!);
    expect(rows[0].camis).toBe('30000001');
    expect(distances[0]).toBe(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(300);
    // 0.0005 degrees apart: 0, 56, 111 (DELTA at 0.001 too), 167, 222, 278 m.
    expect(rows).toHaveLength(7);
    for (const row of rows) expect(Number.isInteger(row.distanceMeters)).toBe(true);
  });

  test('default radius 300 m, default limit 20, limit and radius bound the answer', async () => {
    expect(await near('')).toHaveLength(7);
    expect(await near('radius=2000')).toHaveLength(20);
    expect(await near('radius=2000&limit=50')).toHaveLength(27);
    expect(await near('radius=1&limit=3')).toHaveLength(1);
  });

  test('filters: grade, cuisine, riskLevel, maxScore', async () => {
    const wide = await near('radius=2000&limit=50');
    const check = async (query: string, keep: (r: Row) => boolean) => {
      const expected = camis(wide.filter(keep));
      expect(expected.length).toBeGreaterThan(0);
      expect(camis(await near(`radius=2000&limit=50&${query}`))).toEqual(expected);
    };
    await check('grade=B', (r) => r.grade === 'B');
    await check('cuisine=Pizza', (r) => r.cuisine === 'Pizza');
    await check('maxScore=9', (r) => r.score !== null && r.score <= 9);
    await check('riskLevel=LOW', (r) => r.riskLevel === 'LOW');
    await check('grade=A&cuisine=American', (r) => r.grade === 'A' && r.cuisine === 'American');
    await check('grade=a&cuisine=AMERICAN', (r) => r.grade === 'A' && r.cuisine === 'American');
  });

  test('test keys: nearby answers from the fixture, the same bytes every time', async () => {
    const fixture = (await api.get('/api/v1/restaurants?sort=name&limit=100', { key: api.keys.test })).body.data as Array<Row & { latitude: number | null; longitude: number | null }>;
    const placed = fixture.find((r) => r.latitude !== null)!;
    const path = `/api/v1/restaurants/nearby?lat=${placed.latitude}&lng=${placed.longitude}&radius=2000&limit=50`;
    const first = await api.get(path, { key: api.keys.test });
    expect(first.status).toBe(200);
    expect(first.body.data[0]).toMatchObject({ camis: placed.camis, distanceMeters: 0 });
    expect(first.body.data.every((r: Row) => r.camis.startsWith('4100000'))).toBe(true);
    expect((await api.get(path, { key: api.keys.test })).text).toBe(first.text);
  });

  test('parameter rules', async () => {
    const bad = async (query: string, code: string, param: string) => {
      const res = await api.get(`/api/v1/restaurants/nearby?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code, param });
    };
    await bad('lng=-73.99', 'missing_parameter', 'lat');
    await bad('lat=40.75', 'missing_parameter', 'lng');
    await bad('lat=41.5&lng=-73.99', 'invalid_parameter', 'lat');
    await bad('lat=40.75&lng=-75', 'invalid_parameter', 'lng');
    await bad('lat=40.75&lng=-73.99&radius=2001', 'invalid_parameter', 'radius');
    await bad('lat=40.75&lng=-73.99&radius=0', 'invalid_parameter', 'radius');
    await bad('lat=40.75&lng=-73.99&limit=51', 'invalid_parameter', 'limit');
    await bad('lat=40.75&lng=-73.99&grade=Q', 'invalid_parameter', 'grade');
    await bad('lat=40.75&lng=-73.99&maxScore=x', 'invalid_parameter', 'maxScore');
    await bad('lat=40.4499&lng=-73.99', 'invalid_parameter', 'lat');
    await bad('lat=40.75&lng=-73.6499', 'invalid_parameter', 'lng');
    await bad('lat=40.75&lng=-73.99&lat=40.76', 'invalid_parameter', 'lat');
    // The bounds themselves are inside.
    expect((await api.get('/api/v1/restaurants/nearby?lat=40.45&lng=-74.3')).status).toBe(200);
    expect((await api.get('/api/v1/restaurants/nearby?lat=40.95&lng=-73.65')).status).toBe(200);
    // A map surface: unknown parameters are ignored.
    expect((await api.get(`/api/v1/restaurants/nearby?lat=40.75&lng=-73.99&zoom=12`)).status).toBe(200);
  });
});
