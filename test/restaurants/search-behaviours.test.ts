import { startTestApi, TestApi } from '../support/api';
import { EstablishmentSpec, ingestEstablishments } from './support';

/**
 * GET /restaurants/search: behaviours once found failing, each built from made-up
 * names of the same shape as the real ones (a rule, not a list of cases), each failing
 * without its fix. Every answer is checked against the OpenAPI document by the test API.
 */

const est = (camis: string, name: string, extra: Partial<EstablishmentSpec> = {}): EstablishmentSpec => ({ camis, name, ...extra });
const WILLIAMSBURG = { lat: 40.7145, lng: -73.9566 };

const DATA: EstablishmentSpec[] = [
  // First-letter typos.
  est('41000001', 'QUILLBERRY BISTRO', { zip: '10001', building: '10', street: 'WEST 29 STREET' }),
  est('41000002', 'VARNISH & PLUM', { zip: '10001', building: '11', street: 'WEST 29 STREET' }),
  // A one-letter-off exact name next to a first-letter typo of another: the exact one wins.
  est('41000003', 'MORLAND TAPS', { zip: '10001', building: '12', street: 'WEST 29 STREET' }),
  est('41000004', 'NORLAND TAPS', { zip: '10001', building: '13', street: 'WEST 29 STREET' }),
  // A Bronx establishment whose record has no ZIP, and a Brooklyn namesake with one.
  est('41000010', 'TANGLEWOOD GRILL', { boro: 'Bronx', zip: '', building: '1450', street: 'GRAND CONCOURSE', lat: 40.84, lng: -73.91 }),
  est('41000011', 'TANGLEWOOD GRILL', { boro: 'Brooklyn', zip: '11211', building: '70', street: 'BEDFORD AVENUE', lat: 40.718, lng: -73.957 }),
  // The same name in Williamsburg and in Midtown.
  est('41000020', 'MARIGOLD NOODLE BAR', { boro: 'Brooklyn', zip: '11211', building: '80', street: 'BEDFORD AVENUE', lat: 40.717, lng: -73.958 }),
  est('41000021', 'MARIGOLD NOODLE BAR', { zip: '10001', building: '14', street: 'WEST 29 STREET' }),
  // With lat/lng: the exact name without coordinates, the exact name far away, a prefix match next door.
  est('41000030', 'PERIWINKLE TAVERN', { zip: '10001', building: '15', street: 'WEST 29 STREET', lat: null, lng: null }),
  est('41000031', 'PERIWINKLE TAVERN', { boro: 'Staten Island', zip: '10301', building: '5', street: 'BAY STREET', lat: 40.643, lng: -74.076 }),
  est('41000032', 'PERIWINKLE TAVERN ANNEX', { boro: 'Brooklyn', zip: '11211', building: '90', street: 'BEDFORD AVENUE', lat: WILLIAMSBURG.lat, lng: WILLIAMSBURG.lng }),
  // Places people type: Hell's Kitchen (10036) and a namesake elsewhere.
  est('41000040', 'GRUMBLEBEE DINER', { zip: '10036', building: '600', street: '9 AVENUE' }),
  est('41000041', 'GRUMBLEBEE DINER', { boro: 'Queens', zip: '11101', building: '5', street: 'VERNON BOULEVARD' }),
  est('41000042', 'OSPREY COFFEE', { zip: '10009', building: '1', street: 'STUYVESANT OVAL' }),
  est('41000043', 'OSPREY COFFEE', { zip: '10036', building: '601', street: '9 AVENUE' }),
  // A typo in one word: the name with the other word exact comes before names sorted ahead of it
  // whose every word is one edit away ("BAYA HOT" and "HUTCH & PITA" sort before "PIZZA HUT").
  est('41000050', 'BAYA HOT NICE PIZZA', { zip: '10002', building: '1', street: 'ORCHARD STREET' }),
  est('41000051', 'HUTCH & PITA CO', { zip: '10002', building: '2', street: 'ORCHARD STREET' }),
  est('41000052', 'PIZZA HUT', { zip: '10002', building: '3', street: 'ORCHARD STREET' }),
  // Words joined by a hyphen or an ampersand.
  est('41000060', 'TASTY HAND-PULLED NOODLES', { zip: '10002', building: '4', street: 'ORCHARD STREET' }),
  est('41000061', 'GREAT AL-YEMEN DELI', { zip: '10002', building: '5', street: 'ORCHARD STREET' }),
  est('41000062', 'H&H BAGELS', { zip: '10002', building: '6', street: 'ORCHARD STREET' }),
];

let api: TestApi;
const names = (body: { data: Array<{ name: string }> }) => body.data.map((r) => r.name);
const ids = (body: { data: Array<{ camis: string }> }) => body.data.map((r) => r.camis);
const q = async (text: string, extra = '') => {
  const res = await api.get(`/api/v1/restaurants/search?q=${encodeURIComponent(text)}${extra}`);
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  api = await startTestApi();
  await ingestEstablishments(api.ns.stores.byMode.live, DATA);
});
afterAll(() => api?.stop());

describe('a typo in the first letter matches (behaviour 6)', () => {
  test.each([
    ['substituted', 'xuillberry'],
    ['missing', 'uillberry'],
    ['extra', 'aquillberry'],
    ['swapped with the second', 'uqillberry'],
    ['still being typed', 'xuillbe'],
    ['in a multi-word query whose other word is exact', 'xuillberry bistro'],
    ['in the last word of a multi-word query', 'quillberry zistro'],
  ])('%s: %s', async (_, text) => {
    expect(names(await q(text))).toEqual(['QUILLBERRY BISTRO']);
  });
  test('punctuation and first-letter typos together', async () => {
    expect(names(await q('barnish plum'))).toEqual(['VARNISH & PLUM']);
  });
  test('an exact match outranks a first-letter spelling of another name', async () => {
    expect(names(await q('norland taps'))).toEqual(['NORLAND TAPS', 'MORLAND TAPS']);
    expect(names(await q('morland'))).toEqual(['MORLAND TAPS', 'NORLAND TAPS']);
  });
  test('garbage still finds nothing', async () => {
    expect((await q('xqzvkwj')).data).toEqual([]);
    expect((await q('zzqxv pqwk')).data).toEqual([]);
  });
});

describe('a borough scopes by borough, not only by ZIP (behaviour 1)', () => {
  test('an establishment without a ZIP is found in its borough, by name and by slang', async () => {
    expect(ids(await q('tanglewood grill bx'))).toEqual(['41000010']);
    expect(ids(await q('tanglewood the bronx'))).toEqual(['41000010']);
    expect(ids(await q('tanglewood grill bk'))).toEqual(['41000011']);
  });
});

describe('a place followed by a word that matches nothing (behaviours 1 and 4)', () => {
  test('the retry drops the dead word and keeps the place', async () => {
    expect(ids(await q('marigold noodle williamsburg'))).toEqual(['41000020']);
    expect(ids(await q('marigold noodle williamsburg qqqq'))).toEqual(['41000020']);
  });
  test('a dead word before the place is dropped and the place kept', async () => {
    expect(ids(await q('marigold noodle qqqq bk'))).toEqual(['41000020']);
  });
});

describe('with lat and lng, establishments without coordinates stay (behaviour 8)', () => {
  test('kept after the equally good matches that have a distance, before worse matches, without distanceMeters', async () => {
    const found = await q('periwinkle tavern', `&lat=${WILLIAMSBURG.lat}&lng=${WILLIAMSBURG.lng}`);
    expect(ids(found)).toEqual(['41000031', '41000030', '41000032']);
    expect(found.data[0].distanceMeters).toBeGreaterThan(10_000);
    expect(found.data[1]).not.toHaveProperty('distanceMeters');
    expect(found.data[2].distanceMeters).toBe(0);
  });
});

describe('places people type (behaviour 1)', () => {
  test('hk is Hell\'s Kitchen, stuy town is Stuyvesant Town', async () => {
    expect(ids(await q('grumblebee diner hk'))).toEqual(['41000040']);
    expect(ids(await q('osprey coffee stuy town'))).toEqual(['41000042']);
    expect(ids(await q('osprey coffee hells kitchen'))).toEqual(['41000043']);
  });
});

describe('the closest spelling wins inside a typo tier (behaviour 6)', () => {
  test('a name with more words spelled as typed comes first among one-edit matches', async () => {
    // All three are one edit a word from "piza hut": PIZZA HUT has "hut" as typed, HUTCH & PITA
    // as the start of a word, BAYA HOT NICE PIZZA neither. A flat tier sorted them by name.
    expect(names(await q('piza hut'))).toEqual(['PIZZA HUT', 'HUTCH & PITA CO', 'BAYA HOT NICE PIZZA']);
  });
});

describe('hyphens and ampersands are ignored on both sides (behaviour 5)', () => {
  test.each([
    ['joined', 'handpulled noodles', 'TASTY HAND-PULLED NOODLES'],
    ['joined, still being typed', 'handpul', 'TASTY HAND-PULLED NOODLES'],
    ['spaced', 'hand pulled noodles', 'TASTY HAND-PULLED NOODLES'],
    ['hyphenated', 'hand-pulled', 'TASTY HAND-PULLED NOODLES'],
    ['joined, inside the name', 'alyemen', 'GREAT AL-YEMEN DELI'],
    ['an ampersand joined', 'hh bagels', 'H&H BAGELS'],
  ])('%s: "%s" finds %s', async (_case, text, name) => {
    expect(names(await q(text))).toContain(name);
  });
});
