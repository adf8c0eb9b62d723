import { fixtureReferenceDate, FIXTURE_REMEDIATION_CAMIS } from '../../ingest/fixture';
import { addRemediationDocument } from '../../src/community/admin';
import { startTestApi, TestApi } from '../support/api';
import { EstablishmentSpec, ingestEstablishments, loadVisibleFixture } from './support';

/** Profiles, history, citations and batch, from Postgres, in live and test mode. */

const CLOSED = 'Establishment Closed by DOHMH. Violations were cited in the following area(s) and those requiring immediate action were addressed.';
const LIVE: EstablishmentSpec[] = [
  {
    camis: '20000001', name: 'HISTORY HOUSE', zip: '10001',
    visits: [
      { date: '2023-02-01', score: 40, action: CLOSED, citations: [{ code: '04L' }, { code: '02G' }, { code: '10F' }] },
      { date: '2023-02-03', type: 'Cycle Inspection / Re-inspection', score: 12, grade: 'A', action: 'Establishment re-opened by DOHMH.', citations: [{ code: '10F' }] },
      { date: '2024-07-10', score: 20, citations: [{ code: '04M' }, { code: '08A' }] },
      { date: '2024-07-10', type: 'Administrative Miscellaneous / Initial Inspection', citations: [{ code: '22C', critical: false }] },
    ],
  },
  { camis: '20000002', name: 'SECOND PLACE', zip: '10002' },
  { camis: '20000003', name: 'THIRD TABLE', zip: '10003' },
  // On record with no inspection yet: the portal's 1900-01-01 placeholder row.
  { camis: '20000004', name: 'NOT YET OPEN', zip: '10004', visits: [{ date: '1900-01-01', type: '', score: null, citations: [] }] },
];

let api: TestApi;
const test_ = (path: string) => api.get(path, { key: api.keys.test });

beforeAll(async () => {
  api = await startTestApi();
  await ingestEstablishments(api.ns.stores.byMode.live, LIVE);
  await loadVisibleFixture(api.ns.stores.byMode.test);
});
afterAll(() => api?.stop());

describe('GET /restaurants/{camis}', () => {
  test('the full profile; its summary is the one search and browse serve', async () => {
    const res = await api.get('/api/v1/restaurants/20000001');
    expect(res.status).toBe(200);
    const profile = res.body.data;
    // Keys in the contract's order, the summary's as search serves it.
    expect(Object.keys(profile)).toEqual(['restaurant', 'gradeDate', 'risk', 'vermin', 'sanitary', 'stats', 'community', 'remediation']);
    expect(profile.restaurant).toMatchObject({ camis: '20000001', name: 'HISTORY HOUSE', grade: 'A', lastInspectedAt: '2024-07-10', openViolations: 3, closed: false });
    expect(profile.gradeDate).toBe('2023-02-03');
    expect(profile.stats.inspectionCount).toBe(4);
    expect(profile.vermin.roaches + profile.vermin.mice).toBeGreaterThan(0);
    expect(profile.risk.factors.map((f: { key: string }) => f.key)).toEqual(expect.arrayContaining(['vermin', 'grade_trouble']));
    expect(profile.community.counts).toEqual({ pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 0, praise_clean: 0 });
    expect(profile.remediation).toBeNull();
    expect(profile.sanitary.ownerResponseSignal).toBeNull();
    const search = await api.get('/api/v1/restaurants/search?q=history%20house');
    expect(search.body.data[0]).toEqual(profile.restaurant);
    expect(Object.keys(profile.restaurant)).toEqual(Object.keys(search.body.data[0]));
  });

  test('unknown or impossible camis: 404 not_found', async () => {
    for (const id of ['29999999', 'abc', '41000001']) {
      const res = await api.get(`/api/v1/restaurants/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await api.get('/api/v1/restaurants/29999999/inspections')).status).toBe(404);
    expect((await api.get('/api/v1/restaurants/29999999/violations')).status).toBe(404);
  });

  test('a camis with odd characters or of any length is decoded once and answers 404 not_found, never 400 or 500', async () => {
    for (const sub of ['', '/inspections', '/violations']) {
      // %25 is a literal "%"; %2532 must stay "%32" (decoding it twice would make it "2").
      for (const raw of ['%25', '%2532', 'a%20b', '%E2%82%AC', '20000001.json', "20000001'", '2'.repeat(40)]) {
        const res = await api.get(`/api/v1/restaurants/${raw}${sub}`);
        expect({ raw, sub, status: res.status, code: res.body.error?.code }).toEqual({ raw, sub, status: 404, code: 'not_found' });
      }
    }
    expect((await api.get('/api/v1/restaurants/%2532')).body.error.message).toContain('%32');
  });

  test('test mode: the fixture, the same bytes every time; owner remediation sets the signal', async () => {
    const first = await test_('/api/v1/restaurants/41000001');
    expect(first.status).toBe(200);
    expect((await test_('/api/v1/restaurants/41000001')).text).toBe(first.text);
    expect(first.body.data.sanitary).toBeTruthy();
    // The live store does not know fixture establishments, nor the test store live ones.
    expect((await test_('/api/v1/restaurants/20000001')).status).toBe(404);

    const open = await test_(`/api/v1/restaurants/${FIXTURE_REMEDIATION_CAMIS}/violations?open=true`);
    expect(open.body.data.length).toBeGreaterThan(0);
    const before = (await test_(`/api/v1/restaurants/${FIXTURE_REMEDIATION_CAMIS}`)).body.data;
    // The test-mode data set documents two of the open violations (04L, 10F); document the third.
    expect(before.remediation).toMatchObject({ documentedOpenViolations: 2, openViolations: 3, lastDocumentedAt: '2025-11-24' });
    expect(before.sanitary.ownerResponseSignal).toBe('documented_fixes');
    const undocumented = open.body.data.find((violation: { code: string }) => !['04L', '10F'].includes(violation.code));
    await addRemediationDocument(api.ns.stores.byMode.test.pg, {
      camis: FIXTURE_REMEDIATION_CAMIS, violation: undocumented.code, kind: 'invoice', date: '2026-03-25', now: fixtureReferenceDate(),
    });
    const profile = (await test_(`/api/v1/restaurants/${FIXTURE_REMEDIATION_CAMIS}`)).body.data;
    expect(profile.remediation).toMatchObject({ documentedOpenViolations: 3, openViolations: open.body.data.length, lastDocumentedAt: '2026-03-25' });
    expect(profile.sanitary.ownerResponseSignal).toBe('documented_fixes');
    // The official values do not move.
    expect(profile.restaurant).toEqual(before.restaurant);
    expect(profile.risk).toEqual(before.risk);
  });
});

describe('GET /restaurants/{camis}/inspections and /violations', () => {
  test('every visit newest first, with its citations and closure', async () => {
    const res = await api.get('/api/v1/restaurants/20000001/inspections');
    expect(res.status).toBe(200);
    const visits = res.body.data;
    expect(visits.map((v: { inspectedAt: string }) => v.inspectedAt)).toEqual(['2024-07-10', '2024-07-10', '2023-02-03', '2023-02-01']);
    expect(visits[3]).toMatchObject({ type: 'Cycle Inspection / Initial Inspection', score: 40, grade: null, closedRestaurant: true });
    expect(visits[3].violations.map((v: { code: string }) => v.code)).toEqual(['02G', '04L', '10F']);
    expect(visits[2]).toMatchObject({ grade: 'A', closedRestaurant: false });
    expect(visits[3].violations[1]).toMatchObject({ code: '04L', critical: true, category: 'vermin', inspectedAt: '2023-02-01' });
  });

  test('violations newest first; open=true is the latest inspection date (openViolations), open=false the rest', async () => {
    const all = (await api.get('/api/v1/restaurants/20000001/violations')).body.data;
    expect(all).toHaveLength(7);
    const dates = all.map((v: { inspectedAt: string }) => v.inspectedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const open = (await api.get('/api/v1/restaurants/20000001/violations?open=true')).body.data;
    expect(open.map((v: { code: string }) => v.code).sort()).toEqual(['04M', '08A', '22C']);
    const closed = (await api.get('/api/v1/restaurants/20000001/violations?open=false')).body.data;
    expect(closed).toHaveLength(4);
    const profile = (await api.get('/api/v1/restaurants/20000001')).body.data;
    expect(open).toHaveLength(profile.restaurant.openViolations);
  });

  test('strict surfaces: unknown parameters and bad booleans are 400', async () => {
    const unknown = await api.get('/api/v1/restaurants/20000001/violations?open=true&page=2');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'unknown_parameter', param: 'page' });
    expect((await api.get('/api/v1/restaurants/20000001/inspections?limit=5')).body.error.code).toBe('unknown_parameter');
    expect((await api.get('/api/v1/restaurants/20000001/violations?open=yes')).body.error).toMatchObject({ code: 'invalid_parameter', param: 'open' });
    // The single-resource profile ignores unknown parameters.
    expect((await api.get('/api/v1/restaurants/20000001?expand=all')).status).toBe(200);
  });

  test('test mode: a never-inspected fixture establishment has no visits', async () => {
    const res = await test_('/api/v1/restaurants/41000008/violations?open=true');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  test('a never-inspected establishment: a profile of nulls and zeros, empty history (live and test)', async () => {
    for (const get of [(path: string) => api.get(path.replace('{camis}', '20000004')), (path: string) => test_(path.replace('{camis}', '41000008'))]) {
      const profile = await get('/api/v1/restaurants/{camis}');
      expect(profile.status).toBe(200);
      expect(profile.body.data.restaurant).toMatchObject({ grade: null, score: null, lastInspectedAt: null, openViolations: 0, closed: false });
      expect(profile.body.data.gradeDate).toBeNull();
      expect(profile.body.data.sanitary).toMatchObject({ latestCycleScore: null, latestInitialScore: null, worstScore36mo: null, openFoodViolations: 0 });
      expect(profile.body.data.stats).toMatchObject({ inspectionCount: 0, totalViolations: 0, openViolations: 0 });
      expect((await get('/api/v1/restaurants/{camis}/inspections')).body.data).toEqual([]);
      for (const open of ['', '?open=true', '?open=false']) expect((await get(`/api/v1/restaurants/{camis}/violations${open}`)).body.data).toEqual([]);
    }
  });
});

describe('POST /restaurants/batch', () => {
  test('request order, duplicates once, unknown and malformed ids in meta.notFound', async () => {
    const res = await api.post('/api/v1/restaurants/batch', { camis: ['20000003', 'nope', '20000001', '20000003', '29999999', '20000002'] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { restaurant: { camis: string } }) => p.restaurant.camis)).toEqual(['20000003', '20000001', '20000002']);
    expect(res.body.meta).toEqual({ returned: 3, notFound: ['nope', '29999999'] });
    const single = (await api.get('/api/v1/restaurants/20000001')).body.data;
    expect(res.body.data[1]).toEqual(single);
  });

  test('malformed ids of any shape or length are answered in meta.notFound, once each, not as errors', async () => {
    const long = '2'.repeat(40);
    const res = await api.post('/api/v1/restaurants/batch', { camis: ['', long, '20000001', 'a b', '', '%'] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { restaurant: { camis: string } }) => p.restaurant.camis)).toEqual(['20000001']);
    expect(res.body.meta).toEqual({ returned: 1, notFound: ['', long, 'a b', '%'] });
  });

  test('at most 50 ids: more is 400 batch_too_large', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => String(20000000 + i));
    const res = await api.post('/api/v1/restaurants/batch', { camis: ids });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('batch_too_large');
    expect(res.body.error.message).toContain('50');
    expect((await api.post('/api/v1/restaurants/batch', { camis: ids.slice(0, 50) })).status).toBe(200);
  });

  test('a malformed body is 400 invalid_body; unknown query parameters are rejected', async () => {
    expect((await api.post('/api/v1/restaurants/batch', { ids: ['1'] })).body.error.code).toBe('invalid_body');
    expect((await api.post('/api/v1/restaurants/batch', { camis: '20000001' })).body.error.code).toBe('invalid_body');
    expect((await api.post('/api/v1/restaurants/batch', { camis: [] })).body.error.code).toBe('invalid_body');
    expect((await api.post('/api/v1/restaurants/batch', { camis: [20000001] })).body.error).toMatchObject({ code: 'invalid_body', param: 'camis.0' });
    expect((await api.post('/api/v1/restaurants/batch', ['20000001'])).body.error.code).toBe('invalid_body');
    expect((await api.post('/api/v1/restaurants/batch', { camis: ['20000001'], fields: 'all' })).body.error).toMatchObject({ code: 'invalid_body', param: 'fields' });
    expect((await api.post('/api/v1/restaurants/batch?limit=5', { camis: ['20000001'] })).body.error.code).toBe('unknown_parameter');
  });

  test('test mode answers from the fixture', async () => {
    const res = await api.post('/api/v1/restaurants/batch', { camis: ['41000008', '20000001', '41000001'] }, { key: api.keys.test });
    expect(res.body.data.map((p: { restaurant: { camis: string } }) => p.restaurant.camis)).toEqual(['41000008', '41000001']);
    expect(res.body.meta.notFound).toEqual(['20000001']);
  });
});
