import { recencyWeight, round4 } from '../../src/domain/restaurants/recency';
import { startTestApi, TestApi } from '../support/api';
import { ingestEstablishments } from './support';

/**
 * Derived windows and weights never go stale without a cron: the service re-derives the
 * restaurant family for its clock's day by itself (src/platform/freshness.ts). The clock
 * is moved a year at a time (only Date is faked: timers and I/O run for real) and the profile
 * (Postgres) and the search summary (Elasticsearch) follow.
 */

jest.setTimeout(180_000);

const CAMIS = '42000001';
const NAME = 'HOLLOWAY CHOP HOUSE';
const CITED = '2024-05-01';

let api: TestApi;
let previous: string | undefined;

beforeAll(async () => {
  previous = process.env.DERIVED_REFRESH;
  process.env.DERIVED_REFRESH = 'daily';
  // The namespace and the load on the real clock (a namespace named in the past looks like a leftover to a sweep).
  api = await startTestApi();
  // Loaded as of 2024-10-09: a rats citation (critical) and a C-band score on 2024-05-01.
  await ingestEstablishments(api.ns.stores.byMode.live, [
    { camis: CAMIS, name: NAME, visits: [{ date: CITED, score: 30, citations: [{ code: '04K' }] }] },
  ]);
  // From here the service's clock starts on the load's day; only Date is faked.
  jest.useFakeTimers({
    doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance'],
    now: new Date('2024-10-09T12:00:00Z'),
  });
});
afterAll(async () => {
  jest.useRealTimers();
  if (previous === undefined) delete process.env.DERIVED_REFRESH;
  else process.env.DERIVED_REFRESH = previous;
  await api?.stop();
});

interface Seen {
  rats: number;
  weightedRats: number;
  riskScore: number;
  searchRiskScore: number;
}

async function seen(): Promise<Seen> {
  const profile = (await api.get(`/api/v1/restaurants/${CAMIS}`)).body.data;
  const search = (await api.get(`/api/v1/restaurants/search?q=${encodeURIComponent(NAME)}`)).body.data;
  return { rats: profile.vermin.rats, weightedRats: profile.vermin.weighted.rats, riskScore: profile.restaurant.riskScore, searchRiskScore: search[0].riskScore };
}

/**
 * Requests until the answers show the values derived as of `day` (the first request starts the
 * day's rederive), in the profile (Postgres, written first) and in the search summary
 * (Elasticsearch, reached through the outbox right after).
 */
async function seenAsOf(day: string, expected: (s: Seen) => boolean): Promise<Seen> {
  jest.setSystemTime(new Date(`${day}T12:00:00Z`));
  const deadline = performance.now() + 150_000;
  for (;;) {
    const now = await seen();
    if (expected(now) && now.searchRiskScore === now.riskScore) return now;
    if (performance.now() > deadline) throw new Error(`still not derived as of ${day}: ${JSON.stringify(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test('moving the clock a year moves the weights, the risk and the 3-year window, in Postgres and in Elasticsearch', async () => {
  const loaded = await seen();
  expect(loaded.rats).toBe(1);
  expect(loaded.weightedRats).toBe(round4(recencyWeight(CITED, new Date('2024-10-09T00:00:00Z'))));

  const weightOn = (day: string) => round4(recencyWeight(CITED, new Date(`${day}T00:00:00Z`)));
  const yearLater = await seenAsOf('2025-10-09', (s) => s.weightedRats === weightOn('2025-10-09'));
  expect(yearLater.rats).toBe(1);
  expect(yearLater.weightedRats).toBeLessThan(loaded.weightedRats);
  expect(yearLater.riskScore).toBeLessThan(loaded.riskScore);
  expect(loaded.searchRiskScore).toBe(loaded.riskScore);

  // Past the 3-year vermin window the citation no longer counts at all.
  const past = await seenAsOf('2027-10-09', (s) => s.rats === 0);
  expect(past.weightedRats).toBe(0);
  expect(past.riskScore).toBeLessThan(yearLater.riskScore);
});
