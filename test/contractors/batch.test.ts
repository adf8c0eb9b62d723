import { startTestApi, TestApi } from '../support/api';
import { expectedProfile, loadOath, oathCsv, paidLine, PROFILE_LINES, profileSlug } from './support';

const BASE = '/api/v1/contractors';
const LOADED = new Date('2026-03-01T12:00:00Z');

describe('POST /contractors/batch', () => {
  let api: TestApi;
  let zebra: string;
  let other: string;
  beforeAll(async () => {
    api = await startTestApi();
    await loadOath(api.ns.stores.byMode.test, oathCsv([...PROFILE_LINES, paidLine('0500000001', 'YAK BATCH ROOFING LLC', '2025-07-01')]), LOADED);
    zebra = await profileSlug(api);
    other = await profileSlug(api, '0500000001');
  });
  afterAll(() => api.stop());
  const post = (body: unknown, query = '') => api.post(`${BASE}/batch${query}`, body, { key: api.keys.test });

  it('answers found slugs in request order, duplicates once, unknown and malformed slugs in notFound, profiles as GET answers them', async () => {
    const res = await post({ slugs: [other, 'no-such-contractor', zebra, other, 'Not A Slug', '', 'no-such-contractor'] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: any) => p.slug)).toEqual([other, zebra]);
    expect(res.body.meta).toEqual({ returned: 2, notFound: ['no-such-contractor', 'Not A Slug', ''] });
    const { riskFactors, spellings, groupedBecause, ...figures } = res.body.data[1];
    expect(groupedBecause).toEqual([]);
    expect(figures).toEqual(expectedProfile(zebra));
    expect(res.body.data[1]).toEqual((await api.get(`${BASE}/${zebra}`, { key: api.keys.test })).body.data);
    expect(res.body.data[0]).toMatchObject({ slug: other, name: 'YAK BATCH ROOFING LLC', tickets: 1, openTickets: 0, riskLevel: 'LOW', finesImposedCents: 50000 });
    expect(riskFactors.length).toBe(4);
    expect(spellings.length).toBe(3);
  });

  it('takes 25 slugs (duplicates counted as sent) and refuses 26 with batch_too_large', async () => {
    expect((await post({ slugs: Array.from({ length: 25 }, () => zebra) })).body.meta).toEqual({ returned: 1, notFound: [] });
    const res = await post({ slugs: Array.from({ length: 26 }, (_, i) => `slug-${i}`) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'batch_too_large', param: 'slugs' });
  });

  it('answers 400 for a bad body or unknown query parameters', async () => {
    for (const body of [{}, { slugs: [] }, { slugs: 'abc' }, { slugs: [1] }, { slugs: [zebra], extra: 1 }, [zebra]]) {
      const res = await post(body);
      expect([JSON.stringify(body), res.status, res.body.error.code]).toEqual([JSON.stringify(body), 400, 'invalid_body']);
    }
    expect((await post({ slugs: [zebra] }, '?limit=5')).body.error).toMatchObject({ status: 400, code: 'unknown_parameter' });
    const raw = await api.request('POST', `${BASE}/batch`, { key: api.keys.test, rawBody: '{"slugs": [', headers: { 'content-type': 'application/json' } });
    expect(raw.status).toBe(400);
  });

  it('reads the store of the key: live keys see nothing of the test store', async () => {
    expect((await api.post(`${BASE}/batch`, { slugs: [zebra] })).body.meta).toEqual({ returned: 0, notFound: [zebra] });
  });
});
