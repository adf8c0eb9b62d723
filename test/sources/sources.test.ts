import { FIXTURE_FILE, fixtureReferenceDate, loadTestModeFixture } from '../../ingest/fixture';
import { registered } from '../../ingest/families/registry';
import { syncDataset } from '../../ingest/sync/sync';
import { datasetSchedules, nextRun } from '../../src/datasets/schedule';
import { DATASETS } from '../../src/families';
import { RECORDS_HELD_CACHE_SECONDS } from '../../src/service/sources/openapi';
import { startTestApi, type TestApi } from '../support/api';
import { csvRows, type SodaServer, startSodaServer } from '../support/soda-server';

/**
 * GET /meta/sources: the dataset registry with each data set's coverage in the key's mode.
 * Live keys read the live records and syncs (a sync shows at once; the next run follows
 * SYNC_SCHEDULE); test keys read the fixture and its fixed sync history, the same bytes on any
 * day. Every answer is checked against the document.
 */

jest.setTimeout(120_000);

const RESTAURANTS_ID = '43nn-pn8j';
const PATH = '/api/v1/meta/sources';

let api: TestApi;
let portal: SodaServer;
let fixtureRows: number;

beforeAll(async () => {
  api = await startTestApi();
  await loadTestModeFixture(api.ns.stores.byMode.test);
  portal = await startSodaServer();
  const rows = csvRows(FIXTURE_FILE);
  fixtureRows = rows.length;
  portal.publish(RESTAURANTS_ID, rows);
});
afterAll(async () => {
  jest.useRealTimers();
  await portal?.close();
  await api?.stop();
});

const sync = () => syncDataset(api.ns.stores.byMode.live, registered('restaurants')!, { base: portal.url, pageSize: 1000, backoffMs: 1, attempts: 1 });
const sourceOf = (body: { data: Array<{ name: string }> }, name: string) => body.data.find((source) => source.name === name) as Record<string, any>;

/** The newest inspection date of the fixture file (MM/DD/YYYY), as YYYY-MM-DD. */
const newestFixtureDate = () =>
  csvRows(FIXTURE_FILE)
    .map((row) => row.inspection_date.replace(/^(\d{2})\/(\d{2})\/(\d{4})$/, '$3-$1-$2'))
    .sort()
    .pop();

describe('live keys', () => {
  test('every data set of the registry, in load order, with what is held and its last sync', async () => {
    const summary = await sync();
    expect(summary.status).toBe('synced');
    const res = await api.get(PATH);
    const counted = performance.now();
    expect(res.status).toBe(200);
    expect(res.body.data.map((source: { name: string }) => source.name)).toEqual(DATASETS.map((dataset) => dataset.name));
    const held = (await api.ns.stores.byMode.live.pg.query('select count(*)::int as n from restaurant_inspections')).rows[0].n;
    expect(held).toBeGreaterThan(0);
    expect(sourceOf(res.body, 'restaurants')).toEqual({
      name: 'restaurants',
      socrataId: RESTAURANTS_ID,
      family: 'restaurants',
      title: 'DOHMH New York City Restaurant Inspection Results',
      cadence: 'daily',
      dropped: 'kept',
      rowsHeld: held,
      newestRecord: newestFixtureDate(),
      lastSync: { startedAt: expect.any(String), finishedAt: expect.any(String), full: false, rowsFetched: fixtureRows, rowsApplied: summary.rowsApplied, rowsRejected: summary.rowsRejected, rowsRemoved: 0 },
      lastFullAt: null,
      position: summary.positionAfter,
      // The schedules are off under jest.
      nextRun: null,
      lastError: null,
    });
    // Nothing else was synced; files the portal does not publish are listed, never synced.
    expect(sourceOf(res.body, 'oath')).toMatchObject({ rowsHeld: 0, newestRecord: null, lastSync: null, position: null, lastError: null });
    expect(sourceOf(res.body, 'elevators')).toMatchObject({ socrataId: null, cadence: 'fixed', lastSync: null, nextRun: null });

    // A sync shows at once; the records are counted again only once the kept count expires.
    const [sample] = csvRows(FIXTURE_FILE);
    portal.add(RESTAURANTS_ID, [{ ...sample, camis: '41999999', dba: 'A NEW PLACE' }]);
    const next = await sync();
    expect(next).toMatchObject({ status: 'synced', rowsFetched: 1 });
    const after = sourceOf((await api.get(PATH)).body, 'restaurants');
    expect(after.lastSync).toMatchObject({ rowsFetched: 1, full: false });
    expect(after.position).toBe(next.positionAfter);
    expect((await api.ns.stores.byMode.live.pg.query('select count(*)::int as n from restaurant_inspections')).rows[0].n).toBe(held + 1);
    if (performance.now() - counted < RECORDS_HELD_CACHE_SECONDS * 1000) expect(after.rowsHeld).toBe(held);
  });

  test('a failed sync is the last error, and leaves the last successful sync as it was', async () => {
    const before = sourceOf((await api.get(PATH)).body, 'restaurants');
    portal.renameColumn(RESTAURANTS_ID, 'camis', 'camis_number');
    portal.change(RESTAURANTS_ID, () => true, (row) => row);
    try {
      expect((await sync()).status).toBe('failed');
    } finally {
      portal.renameColumn(RESTAURANTS_ID, 'camis_number', 'camis');
    }
    const after = sourceOf((await api.get(PATH)).body, 'restaurants');
    expect(after.lastSync).toEqual(before.lastSync);
    expect(after.lastError).toEqual({ at: expect.any(String), message: expect.stringMatching(/camis/) });
    // The next success clears it.
    expect((await sync()).status).toBe('synced');
    expect(sourceOf((await api.get(PATH)).body, 'restaurants').lastError).toBeNull();
  });

  test('unknown query parameters are refused', async () => {
    const res = await api.get(`${PATH}?limit=5`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'unknown_parameter', param: 'limit' });
  });
});

describe('live keys of a deployment that runs the schedules', () => {
  let scheduled: TestApi;
  beforeAll(async () => {
    scheduled = await startTestApi({ config: { sync: { schedule: true, portalUrl: null, appToken: null } } });
  });
  afterAll(() => scheduled?.stop());

  test('the next run of each published data set, from the schedule table; none for a file', async () => {
    const asked = new Date();
    const res = await scheduled.get(PATH);
    const answered = new Date();
    expect(res.status).toBe(200);
    for (const dataset of DATASETS) {
      const next = sourceOf(res.body, dataset.name).nextRun;
      if (dataset.socrataId === null) {
        expect({ name: dataset.name, next }).toEqual({ name: dataset.name, next: null });
        continue;
      }
      // Computed at the request's moment, somewhere between these two.
      const schedules = datasetSchedules(DATASETS);
      const expected = [nextRun(dataset.name, asked, schedules)!, nextRun(dataset.name, answered, schedules)!].map(({ at, full }) => ({ at: at.toISOString(), full }));
      expect(expected).toContainEqual(next);
      expect(Date.parse(next.at)).toBeGreaterThan(asked.getTime());
    }
    // The counts of a schema nobody asked about yet are fresh: nothing held here.
    expect(sourceOf(res.body, 'restaurants').rowsHeld).toBe(0);
  });
});

describe('test keys', () => {
  /** Only Date moves: timers stay real, so the stores' clients keep working. */
  const moveClockTo = (now: number) =>
    jest.useFakeTimers({ now, doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });

  test("the fixture's records and fixed sync history, and the schedule after its reference date", async () => {
    const res = await api.get(PATH, { key: api.keys.test });
    expect(res.status).toBe(200);
    const restaurants = sourceOf(res.body, 'restaurants');
    // The reference date is a Wednesday: the last run was Tuesday's, the last full pass Sunday's, the next is Wednesday's.
    expect(fixtureReferenceDate().toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(restaurants).toEqual({
      name: 'restaurants',
      socrataId: RESTAURANTS_ID,
      family: 'restaurants',
      title: 'DOHMH New York City Restaurant Inspection Results',
      cadence: 'daily',
      dropped: 'kept',
      rowsHeld: expect.any(Number),
      newestRecord: newestFixtureDate(),
      lastSync: { startedAt: '2026-03-31T09:00:00.000Z', finishedAt: '2026-03-31T09:00:30.000Z', full: false, rowsFetched: fixtureRows, rowsApplied: fixtureRows, rowsRejected: 0, rowsRemoved: 0 },
      lastFullAt: '2026-03-29T09:00:00.000Z',
      position: '2026-03-31T08:00:00.000 row-fixture',
      nextRun: { at: '2026-04-01T09:00:00.000Z', full: false },
      lastError: null,
    });
    expect(restaurants.rowsHeld).toBeGreaterThan(0);
    // PLUTO is quarterly: its full pass falls on the first day of the quarter.
    expect(sourceOf(res.body, 'pluto')).toMatchObject({ rowsHeld: 5, nextRun: { at: '2026-04-01T08:04:00.000Z', full: true } });
    // A file: held, never synced.
    expect(sourceOf(res.body, 'elevators')).toMatchObject({ rowsHeld: 3, lastSync: null, position: null, nextRun: null });
    // Nothing of the live syncs shows in test mode.
    expect(sourceOf(res.body, 'pad-addresses')).toMatchObject({ rowsHeld: 0, lastSync: null, nextRun: null });
  });

  test('the same bytes whatever the date', async () => {
    const reference = fixtureReferenceDate().getTime();
    const seen: string[] = [];
    for (const now of [reference + 12 * 3600_000, Date.now(), Date.now() + 7 * 365 * 86_400_000]) {
      moveClockTo(now);
      try {
        const res = await api.get(PATH, { key: api.keys.test });
        expect(res.status).toBe(200);
        seen.push(res.text);
      } finally {
        jest.useRealTimers();
      }
    }
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
  });
});
