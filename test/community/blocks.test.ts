import { addRemediationDocument, setReportStatus } from '../../src/community/admin';
import { communityBlocks } from '../../src/community/store';
import { remediationBlocks } from '../../src/community/remediation/store';
import { startTestApi, TestApi } from '../support/api';
import { device, fromAddress, reportBody, seedRestaurant } from './support';

let api: TestApi;
const QUIET = '47000001';
const BUSY = '47000002';
const OWNED = '47000003';
const OWNED_TOO = '47000004';
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  api = await startTestApi({ config: { trustedProxyHops: 1 } });
  const pg = api.ns.stores.byMode.live.pg;
  await seedRestaurant(pg, QUIET, [{ date: '2024-03-01', citations: [{ code: '04L', category: 'vermin' }] }]);
  await seedRestaurant(pg, BUSY);
  for (const camis of [OWNED, OWNED_TOO]) {
    await seedRestaurant(pg, camis, [{ date: '2024-06-10', citations: [{ code: '04L', category: 'vermin' }, { code: '06C', category: 'hygiene' }] }]);
  }
});
afterAll(() => api.stop());

const live = () => api.ns.stores.byMode.live;

describe('profile blocks loaded for many establishments at once', () => {
  it('answer each establishment exactly as when it is loaded alone', async () => {
    const filed: string[] = [];
    const kinds = ['pest', 'food_poisoning', 'sanitation_other', 'praise_taste', 'pest', 'food_poisoning'];
    for (const [index, kind] of kinds.entries()) {
      const headers = { ...device(`blocks-${index}`), ...fromAddress(`198.51.100.${index + 1}`) };
      const res = await api.post(`/api/v1/restaurants/${BUSY}/reports`, reportBody({ kind, pestSubtype: kind === 'pest' ? 'rats' : null }), { headers });
      expect(res.status).toBe(201);
      filed.push(res.body.data.id);
    }
    // Hidden counts for nothing; disputed and upheld dock like active.
    await setReportStatus(live().pg, filed[0], 'hidden');
    await setReportStatus(live().pg, filed[1], 'disputed');
    await setReportStatus(live().pg, filed[2], 'upheld');
    await addRemediationDocument(live().pg, { camis: OWNED, violation: '06C', kind: 'receipt', date: '2024-06-20', now: new Date('2024-07-01T00:00:00Z') });
    await addRemediationDocument(live().pg, { camis: OWNED_TOO, violation: '04L', kind: 'invoice', date: '2024-06-21', now: new Date('2024-07-01T00:00:00Z') });

    const all = [QUIET, BUSY, OWNED, OWNED_TOO, '47999999'];
    for (const asOf of [new Date(), new Date(Date.now() + 30 * DAY_MS), new Date(Date.now() + 100 * DAY_MS)]) {
      const community = await communityBlocks(live(), all, asOf);
      const remediation = await remediationBlocks(live(), all, asOf);
      for (const camis of all) {
        expect(community.get(camis)).toEqual((await communityBlocks(live(), [camis], asOf)).get(camis));
        expect(remediation.get(camis)).toEqual((await remediationBlocks(live(), [camis], asOf)).get(camis));
      }
    }
    const now = new Date();
    const busy = (await communityBlocks(live(), all, now)).get(BUSY)!;
    expect(busy.counts).toEqual({ pest: 1, food_poisoning: 2, sanitation_other: 1, praise_taste: 1, praise_clean: 0 });
    expect(busy.scoreAdjustment).toBeCloseTo(-3.5, 1);
    expect((await communityBlocks(live(), all, now)).get(QUIET)).toEqual({
      counts: { pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 0, praise_clean: 0 },
      lastReportAt: null,
      scoreAdjustment: 0,
    });
    const remediation = await remediationBlocks(live(), all, now);
    expect(remediation.get(QUIET)).toBeNull();
    expect(remediation.get(OWNED)).toEqual({ openViolations: 2, documentedOpenViolations: 1, categories: ['hygiene'], lastDocumentedAt: '2024-06-20' });
    expect(remediation.get(OWNED_TOO)).toEqual({ openViolations: 2, documentedOpenViolations: 1, categories: ['vermin'], lastDocumentedAt: '2024-06-21' });
    expect(remediation.get('47999999')).toBeNull();
  });
});
