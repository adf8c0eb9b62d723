import { startTestApi, TestApi } from '../support/api';
import { EstablishmentSpec, ingestEstablishments, loadVisibleFixture } from './support';

/**
 * GET /restaurants/search: one test per behaviour of the spec's "Search behavior", each
 * built so that it fails without the behaviour (the competing row sorts first otherwise).
 */

const est = (camis: string, name: string, extra: Partial<EstablishmentSpec> = {}): EstablishmentSpec => ({ camis, name, ...extra });
// Points used for proximity.
const WILLIAMSBURG = { lat: 40.7145, lng: -73.9566 };
const EAST_VILLAGE = { lat: 40.7295, lng: -73.9873 };

const DATA: EstablishmentSpec[] = [
  est('40000001', "JOE'S PIZZA", { zip: '10003', building: '150', street: 'EAST 14 STREET', lat: EAST_VILLAGE.lat, lng: EAST_VILLAGE.lng }),
  est('40000002', "JOE'S PIZZA", { boro: 'Brooklyn', zip: '11211', building: '216', street: 'BEDFORD AVENUE', lat: WILLIAMSBURG.lat + 0.001, lng: WILLIAMSBURG.lng }),
  // Nearer to Williamsburg than either JOE'S PIZZA but only a prefix match of "joes pizza".
  est('40000003', "JOE'S PIZZA & PASTA", { boro: 'Brooklyn', zip: '11211', building: '200', street: 'BEDFORD AVENUE', lat: WILLIAMSBURG.lat, lng: WILLIAMSBURG.lng }),
  est('40000004', 'A & W', { zip: '10001', building: '12', street: 'WEST 34 STREET' }),
  est('40000005', 'ST MARKS CAFE', { zip: '10003', building: '22', street: 'SAINT MARKS PLACE' }),
  est('40000006', 'BEST PIZZA', { boro: 'Brooklyn', zip: '11211', building: '33', street: 'HAVEMEYER STREET', lat: 40.712, lng: -73.955 }),
  est('40000007', 'PIZZA SUPREMA', { zip: '10001', building: '413', street: '8 AVENUE' }),
  est('40000008', 'TORTELLA', { zip: '10001', building: '10', street: 'WEST 30 STREET' }),
  est('40000009', 'TORTILLA', { zip: '10001', building: '11', street: 'WEST 30 STREET' }),
  // Exact name far away; a one-letter typo of it right at the search point.
  est('40000010', 'LUNA', { boro: 'Staten Island', zip: '10301', building: '5', street: 'BAY STREET', lat: 40.643, lng: -74.076 }),
  est('40000011', 'LUNE', { boro: 'Brooklyn', zip: '11211', building: '90', street: 'BEDFORD AVENUE', lat: WILLIAMSBURG.lat, lng: WILLIAMSBURG.lng + 0.0005 }),
  est('40000012', 'SUSHI NAKAZAWA', { zip: '10014', building: '23', street: 'COMMERCE STREET' }),
  est('40000013', "FRANK'S PIZZA", { boro: 'Bronx', zip: '10467', building: '3400', street: 'WHITE PLAINS ROAD', lat: 40.876, lng: -73.866 }),
  est('40000014', 'GREEN LEAF DELI', { zip: '10016', building: '345', street: 'BEDFORD PARK BOULEVARD' }),
  est('40000015', 'BEDFORD CAFE', { boro: 'Brooklyn', zip: '11211', building: '1', street: 'GRAND STREET' }),
  est('40000016', 'NOCOORDS NOODLES', { zip: '10001', building: '9', street: 'WEST 31 STREET', lat: null, lng: null }),
  est('40000017', 'CAFÉ HABANA', { zip: '10012', building: '17', street: 'PRINCE STREET' }),
  // At the corner of the NYC bounds (lat 40.45, lng -74.3).
  est('40000018', 'CORNER CANTINA', { boro: 'Staten Island', zip: '10307', building: '7', street: 'MAIN STREET', lat: 40.45, lng: -74.3 }),
  // Twelve equally good matches for the default limit.
  ...Array.from({ length: 12 }, (_, i) => est(String(40000100 + i), `ZEPHYR GRILL ${i + 1}`, { zip: '10001', building: String(500 + i), street: 'WEST 99 STREET' })),
];

let api: TestApi;
const names = (body: { data: Array<{ name: string }> }) => body.data.map((r) => r.name);
const ids = (body: { data: Array<{ camis: string }> }) => body.data.map((r) => r.camis);
const search = async (query: string) => {
  const res = await api.get(`/api/v1/restaurants/search?${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const q = (text: string, extra = '') => search(`q=${encodeURIComponent(text)}${extra}`);

beforeAll(async () => {
  api = await startTestApi();
  await ingestEstablishments(api.ns.stores.byMode.live, DATA);
  await loadVisibleFixture(api.ns.stores.byMode.test);
});
afterAll(() => api?.stop());

describe('punctuation is ignored on both sides (behaviour 5)', () => {
  test('joes pizza finds JOE\'S PIZZA', async () => {
    expect(names(await q('joes pizza')).slice(0, 2)).toEqual(["JOE'S PIZZA", "JOE'S PIZZA"]);
  });
  test('a&w finds A & W', async () => {
    expect(names(await q('a&w'))[0]).toBe('A & W');
  });
  test('st. marks finds ST MARKS', async () => {
    expect(names(await q('st. marks'))[0]).toBe('ST MARKS CAFE');
  });
});

test('exact-name-prefix matches rank first (behaviour 7)', async () => {
  // BEST PIZZA sorts before PIZZA SUPREMA by name; the prefix tier puts PIZZA SUPREMA first.
  const found = names(await q('pizza'));
  expect(found[0]).toBe('PIZZA SUPREMA');
  expect(found).toContain('BEST PIZZA');
});

describe('typo tolerance (behaviour 6)', () => {
  test('a slight misspelling matches', async () => {
    expect(names(await q('tortila'))).toContain('TORTILLA');
  });
  test('the closest spelling wins among fuzzy candidates', async () => {
    // tortila -> TORTILLA is one edit, -> TORTELLA two; TORTELLA sorts first by name.
    expect(names(await q('tortila')).slice(0, 2)).toEqual(['TORTILLA', 'TORTELLA']);
  });
  test('a typo in the second letter is caught at one edit (two edits keep the first two letters)', async () => {
    // tertilla -> TORTILLA is one edit; TORTELLA is two edits away and starts with "to", not "te".
    expect(names(await q('tertilla'))).toEqual(['TORTILLA']);
  });
  test('an exact match outranks a fuzzy one, even when the fuzzy one is nearer', async () => {
    const found = await q('luna', `&lat=${WILLIAMSBURG.lat}&lng=${WILLIAMSBURG.lng}`);
    expect(names(found).slice(0, 2)).toEqual(['LUNA', 'LUNE']);
  });
  test('garbage returns nothing', async () => {
    expect((await q('xqzvkwj')).data).toEqual([]);
    expect((await q('qwxz kjhv')).data).toEqual([]);
  });
});

describe('proximity (behaviour 8)', () => {
  test('equally good matches sort nearest first, with distanceMeters on every result', async () => {
    const found = await q('joes pizza', `&lat=${WILLIAMSBURG.lat}&lng=${WILLIAMSBURG.lng}`);
    // Without a location the Manhattan one (lower camis) comes first.
    expect(ids(await q('joes pizza')).slice(0, 2)).toEqual(['40000001', '40000002']);
    expect(ids(found).slice(0, 2)).toEqual(['40000002', '40000001']);
    for (const row of found.data) expect(Number.isInteger(row.distanceMeters)).toBe(true);
    expect(found.data[0].distanceMeters).toBeGreaterThan(100);
    expect(found.data[0].distanceMeters).toBeLessThan(130);
  });
  test('distance never outranks a better name match', async () => {
    const found = await q('joes pizza', `&lat=${WILLIAMSBURG.lat}&lng=${WILLIAMSBURG.lng}`);
    // JOE'S PIZZA & PASTA is the nearest, but only a prefix match: after both exact ones.
    expect(ids(found)).toEqual(['40000002', '40000001', '40000003']);
  });
  test('without lat/lng there is no distanceMeters', async () => {
    for (const row of (await q('joes pizza')).data) expect(row).not.toHaveProperty('distanceMeters');
  });
  test('establishments without coordinates are kept but carry no distance', async () => {
    expect(names(await q('nocoords'))).toEqual(['NOCOORDS NOODLES']);
    const found = await q('nocoords', `&lat=${WILLIAMSBURG.lat}&lng=${WILLIAMSBURG.lng}`);
    expect(names(found)).toEqual(['NOCOORDS NOODLES']);
    expect(found.data[0]).not.toHaveProperty('distanceMeters');
  });
});

describe('places at the end of q (behaviours 1-3)', () => {
  test('a neighborhood scopes the search to its ZIP codes', async () => {
    expect(ids(await q('pizza williamsburg')).sort()).toEqual(['40000002', '40000003', '40000006']);
  });
  test('borough slang and a bare ZIP scope too', async () => {
    expect(ids(await q('pizza bk')).sort()).toEqual(['40000002', '40000003', '40000006']);
    expect(ids(await q('pizza 10003'))).toEqual(['40000001']);
    expect(ids(await q('pizza in the bronx'))).toEqual(['40000013']);
  });
  test('nothing in the place falls back to citywide', async () => {
    expect(names(await q('sushi williamsburg'))).toEqual(['SUSHI NAKAZAWA']);
  });
  test('a partial place name prefix-matches, ambiguous prefixes union their ZIP sets', async () => {
    // "willi" = Williamsburg (11211) + Williamsbridge (10467).
    expect(ids(await q('pizza willi')).sort()).toEqual(['40000002', '40000003', '40000006', '40000013']);
  });
  test('a query that is only a place searches it as a name', async () => {
    expect(names(await q('bedford'))[0]).toBe('BEDFORD CAFE');
  });
});

test('a trailing token that matches nothing is retried once without it (behaviour 4)', async () => {
  expect(names(await q('sushi nakazawa qqqq'))).toEqual(['SUSHI NAKAZAWA']);
  // Only once: two dead words in a row find nothing.
  expect((await q('sushi nakazawa qqqq zzzz')).data).toEqual([]);
});

test('addresses match, below name matches', async () => {
  const found = names(await q('bedford'));
  // Name match first, then the establishments on Bedford Avenue / Bedford Park Boulevard.
  expect(found[0]).toBe('BEDFORD CAFE');
  expect(found).toEqual(expect.arrayContaining(['GREEN LEAF DELI', "JOE'S PIZZA"]));
  expect(names(await q('345 bedford'))).toEqual(['GREEN LEAF DELI']);
});

test('inside a tier, names sort alphabetically, also across separate ingests', async () => {
  // Two runs, the later one alphabetically first: in index order the earlier run's document would come first.
  const store = api.ns.stores.byMode.live;
  await ingestEstablishments(store, [est('40000301', 'YARROW KITCHEN B', { zip: '10001', building: '1', street: 'WEST 40 STREET' })]);
  await ingestEstablishments(store, [est('40000302', 'YARROW KITCHEN A', { zip: '10001', building: '2', street: 'WEST 40 STREET' })]);
  expect(names(await q('yarrow kitchen'))).toEqual(['YARROW KITCHEN A', 'YARROW KITCHEN B']);
  expect(names(await q('zephyr grill')).slice(0, 4)).toEqual(['ZEPHYR GRILL 1', 'ZEPHYR GRILL 10', 'ZEPHYR GRILL 11', 'ZEPHYR GRILL 12']);
});

test('results carry the RestaurantSummary fields in the contract\'s order, distanceMeters last', async () => {
  const order = ['camis', 'name', 'address', 'borough', 'zip', 'cuisine', 'grade', 'score', 'closed', 'riskLevel', 'riskScore', 'lastInspectedAt', 'latitude', 'longitude', 'openViolations'];
  expect(Object.keys((await q('joes pizza')).data[0])).toEqual(order);
  expect(Object.keys((await q('joes pizza', `&lat=${WILLIAMSBURG.lat}&lng=${WILLIAMSBURG.lng}`)).data[0])).toEqual([...order, 'distanceMeters']);
});

test('limit bounds the answer; the default is 10, the maximum 25', async () => {
  expect((await q('pizza', '&limit=2')).data).toHaveLength(2);
  expect((await q('zephyr grill')).data).toHaveLength(10);
  expect((await q('zephyr grill', '&limit=25')).data).toHaveLength(12);
});

describe('text edge cases', () => {
  test('accents are folded on both sides', async () => {
    expect(names(await q('cafe habana'))).toEqual(['CAFÉ HABANA']);
    expect(names(await q('CAFÉ HABANA'))).toEqual(['CAFÉ HABANA']);
    expect(names(await q('st marks café'))).toEqual(['ST MARKS CAFE']);
  });
  test('a q with no letters or digits returns nothing (not everything)', async () => {
    expect((await q('!!')).data).toEqual([]);
    expect((await q("'. &-")).data).toEqual([]);
  });
  test('a 120-character q is answered', async () => {
    const long = `zephyr grill ${'x'.repeat(107)}`;
    expect(long).toHaveLength(120);
    // The dead last word is retried away.
    expect((await q(long)).data).toHaveLength(10);
  });
});

test('lat and lng exactly at the NYC bounds are accepted', async () => {
  const corner = await q('corner cantina', '&lat=40.45&lng=-74.3');
  expect(corner.data.map((r: { distanceMeters: number }) => r.distanceMeters)).toEqual([0]);
  const far = await q('corner cantina', '&lat=40.95&lng=-73.65');
  expect(far.data[0].distanceMeters).toBeGreaterThan(70_000);
});

describe('parameter rules', () => {
  const bad = async (query: string, code: string, param?: string) => {
    const res = await api.get(`/api/v1/restaurants/search?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    if (param) expect(res.body.error.param).toBe(param);
  };
  test('q is required, 2-120 characters', async () => {
    await bad('limit=5', 'missing_parameter', 'q');
    await bad('q=a', 'invalid_parameter', 'q');
    await bad(`q=${'a'.repeat(121)}`, 'invalid_parameter', 'q');
  });
  test('limit 1-25', async () => {
    await bad('q=pizza&limit=0', 'invalid_parameter', 'limit');
    await bad('q=pizza&limit=26', 'invalid_parameter', 'limit');
    await bad('q=pizza&limit=ten', 'invalid_parameter', 'limit');
  });
  test('lat and lng within NYC and only together', async () => {
    await bad('q=pizza&lat=40.7', 'invalid_parameter', 'lat');
    await bad('q=pizza&lng=-73.9', 'invalid_parameter', 'lng');
    await bad('q=pizza&lat=34.05&lng=-118.24', 'invalid_parameter', 'lat');
    await bad('q=pizza&lat=40.7&lng=-118.24', 'invalid_parameter', 'lng');
  });
  test('unknown parameters are ignored on the typeahead', async () => {
    expect((await api.get('/api/v1/restaurants/search?q=pizza&foo=1')).status).toBe(200);
  });
});

test('test keys search the fixture data set', async () => {
  const res = await api.get('/api/v1/restaurants/search?q=joes%20pizza', { key: api.keys.test });
  expect(res.status).toBe(200);
  expect(names(res.body)).toEqual(["JOE'S PIZZA & PASTA"]);
  const live = await api.get('/api/v1/restaurants/search?q=golden%20dragon');
  expect(live.body.data).toEqual([]);
  const test = await api.get('/api/v1/restaurants/search?q=golden%20dragon', { key: api.keys.test });
  expect(names(test.body)).toEqual(['GOLDEN DRAGON']);
});
