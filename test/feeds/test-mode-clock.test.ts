import { fixtureReferenceDate, FIXTURE_REMEDIATION_CAMIS } from '../../ingest/fixture';
import { loadVisibleFixture } from '../restaurants/support';
import { startTestApi, TestApi } from '../support/api';

/**
 * docs/decisions.md: test mode answers from the fixture as of its reference date, so
 * the same request gives the same bytes on any day. Every read endpoint of the restaurant
 * family is asked today and again with the wall clock moved years ahead.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await loadVisibleFixture(api.ns.stores.byMode.test);
});
afterAll(async () => {
  jest.useRealTimers();
  await api?.stop();
});

const PATHS = [
  '/api/v1/restaurants/search?q=pizza',
  '/api/v1/restaurants?limit=100',
  '/api/v1/restaurants/nearby?lat=40.75&lng=-73.99&radius=2000&limit=50',
  '/api/v1/restaurants/41000001',
  `/api/v1/restaurants/${FIXTURE_REMEDIATION_CAMIS}`,
  '/api/v1/restaurants/41000001/inspections',
  '/api/v1/restaurants/41000001/violations?open=true',
  '/api/v1/violations?limit=100',
  '/api/v1/inspections?limit=100',
  '/api/v1/meta/cuisines',
  '/api/v1/meta/violation-codes',
  '/api/v1/stats/restaurants',
];

async function answers(): Promise<string[]> {
  const out: string[] = [];
  for (const path of PATHS) {
    const res = await api.get(path, { key: api.keys.test });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    out.push(res.text);
  }
  const batch = await api.post('/api/v1/restaurants/batch', { camis: ['41000003', '41000001'] }, { key: api.keys.test });
  out.push(batch.text);
  return out;
}

/** Only Date moves: timers stay real, so the stores' clients keep working. */
const moveClockTo = (now: number) =>
  jest.useFakeTimers({ now, doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });

test('test keys get the same bytes whatever the date', async () => {
  // On the fixture's reference date, today, and seven years on (every stats cache entry expired by then).
  const reference = fixtureReferenceDate().getTime();
  const days = [reference + 12 * 3600_000, Date.now(), Date.now() + 7 * 365 * 86_400_000];
  const seen: string[][] = [];
  for (const now of days) {
    moveClockTo(now);
    expect(Date.now()).toBeGreaterThanOrEqual(now);
    seen.push(await answers());
    jest.useRealTimers();
  }
  // The windows of the reference day are not empty, so a clock that moved would show.
  expect(JSON.parse(seen[0][PATHS.indexOf('/api/v1/stats/restaurants')]).data.violationsLast30Days).toBeGreaterThan(0);
  expect(seen[1]).toEqual(seen[0]);
  expect(seen[2]).toEqual(seen[0]);
});
