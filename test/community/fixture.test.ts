import { FIXTURE_REMEDIATION_CAMIS, fixtureReferenceDate, loadFixture } from '../../ingest/fixture';
import { remediationBlocks } from '../../src/community/remediation/store';
import { loadRemediationFixture } from '../../src/community/remediation/fixture';
import { startTestApi, TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

describe('test-mode owner documents', () => {
  it('populate the remediation block of the fixture establishment, idempotently and only in the test store', async () => {
    const store = api.ns.stores.byMode.test;
    await loadFixture(store);
    const asOf = fixtureReferenceDate();
    expect(await loadRemediationFixture(store, FIXTURE_REMEDIATION_CAMIS, asOf)).toBe(2);
    expect(await loadRemediationFixture(store, FIXTURE_REMEDIATION_CAMIS, asOf)).toBe(0);
    expect((await remediationBlocks(store, [FIXTURE_REMEDIATION_CAMIS], asOf)).get(FIXTURE_REMEDIATION_CAMIS)).toEqual({
      openViolations: 3,
      documentedOpenViolations: 2,
      categories: ['vermin', 'facility'],
      lastDocumentedAt: '2025-11-24',
    });
    const others = await store.pg.query('select camis from restaurant_establishments where camis <> $1', [FIXTURE_REMEDIATION_CAMIS]);
    const blocks = await remediationBlocks(store, others.rows.map((row) => row.camis), asOf);
    expect([...blocks.values()].every((block) => block === null)).toBe(true);
    expect((await api.ns.stores.byMode.live.pg.query('select count(*)::int as n from remediation_documents')).rows[0].n).toBe(0);
  });
});
