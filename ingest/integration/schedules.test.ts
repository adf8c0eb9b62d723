/**
 * The worker's schedules on pg-boss (ingest/schedules.ts), on the real Postgres and
 * Elasticsearch and a local server that speaks the portal's API: with SYNC_SCHEDULE off
 * nothing is registered; on, every published data set's incremental and full-pass schedule and
 * the daily rederive are registered with the table's cron, each its own stately queue with
 * retries and backoff. A run (queued as its cron would queue it) syncs from the configured
 * portal and is recorded; a run that finds its data set busy, or a portal that fails, is
 * retried later; the rederive derives every family as of the worker's day, and the API's
 * answers move with it.
 */
import http from 'node:http';
import pino from 'pino';
import { FIXTURE_FILE } from '../fixture';
import { REDERIVE_CRON, REDERIVE_QUEUE, syncQueue } from '../../src/datasets/schedule';
import { jobsSchema } from '../../src/db/schemas';
import { recencyWeight, round4 } from '../../src/domain/restaurants/recency';
import { startTestApi, type TestApi } from '../../test/support/api';
import { csvRows, type SodaServer, startSodaServer } from '../../test/support/soda-server';
import { ingestEstablishments } from '../../test/restaurants/support';
import { FAMILIES } from '../families';
import { SCHEDULES } from '../families/registry';
import { startWorker, type Worker } from '../worker';
import type { Schedules } from '../schedules';

jest.setTimeout(180_000);

const RESTAURANTS_ID = '43nn-pn8j';
const silent = pino({ level: 'silent' });

let api: TestApi;
let portal: SodaServer;
let published: number;
/** In front of the portal: the app tokens its requests carried. */
let front: http.Server;
let frontUrl: string;
const tokens: Array<string | undefined> = [];

beforeAll(async () => {
  api = await startTestApi();
  portal = await startSodaServer();
  const rows = csvRows(FIXTURE_FILE);
  published = rows.length;
  portal.publish(RESTAURANTS_ID, rows);
  front = http.createServer((req, res) => {
    tokens.push(req.headers['x-app-token'] as string | undefined);
    void fetch(`${portal.url}${req.url}`).then(async (answer) => {
      res.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => name !== 'content-length' && name !== 'transfer-encoding')));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontUrl = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
});
afterAll(async () => {
  front?.closeAllConnections();
  await new Promise((resolve) => front?.close(resolve));
  await portal?.close();
  await api?.stop();
});

const configWith = (schedule: boolean) => ({ ...api.ns.config, sync: { schedule, portalUrl: frontUrl, appToken: 'an-app-token' } });
const jobs = () => jobsSchema(api.ns.config.namespace);
const platform = () => api.ns.stores.platform;
const live = () => api.ns.stores.byMode.live;

/** Polls until `read` gives a value `done` accepts; a run's time differs by machine, so only its outcome is asserted. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = performance.now() + 150_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`still waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const syncRuns = async (dataset: string) =>
  (await live().pg.query('select full_pass, rows_fetched, rows_applied, error, finished_at from sync_runs where dataset = $1 order by id', [dataset])).rows;

/** The newest job of a queue: its state, retries and when it may run again. */
const newestJob = async (queue: string) =>
  (await platform().query(`select state, start_after > now() + interval '1 minute' as waits, output->>'message' as error from ${jobs()}.job where name = $1 order by created_on desc limit 1`, [queue])).rows[0];

describe('SYNC_SCHEDULE=off', () => {
  test('the worker registers no schedule and works no queue', async () => {
    const worker = startWorker(configWith(false), silent);
    try {
      expect(await worker.schedules).toBeNull();
      const { rows } = await platform().query(`select to_regclass($1) as schedules`, [`${jobs()}.schedule`]);
      const registered = rows[0].schedules ? (await platform().query(`select name from ${jobs()}.schedule`)).rows : [];
      expect(registered).toEqual([]);
    } finally {
      await worker.stop();
    }
  });
});

describe('SYNC_SCHEDULE=on', () => {
  let worker: Worker;
  let schedules: Schedules;
  let clock: (() => Date) | null = null;

  beforeAll(async () => {
    worker = startWorker(configWith(true), silent, { now: () => (clock ? clock() : new Date()) });
    schedules = (await worker.schedules)!;
  });
  afterAll(() => worker?.stop());

  test("every published data set on its cadence's cron, incremental and full, and the daily rederive, in UTC", async () => {
    const { rows } = await platform().query(`select name, cron, timezone, data from ${jobs()}.schedule order by name`);
    const expected = [
      ...SCHEDULES.map(({ queue, cron, dataset, full }) => ({ name: queue, cron, timezone: 'UTC', data: { dataset, full } })),
      { name: REDERIVE_QUEUE, cron: REDERIVE_CRON, timezone: 'UTC', data: {} },
    ].sort((a, b) => (a.name < b.name ? -1 : 1));
    expect(rows).toEqual(expected);
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['sync-restaurants', 'sync-full-restaurants', 'sync-oath', 'sync-full-pluto', 'rederive']));
    // A file the portal does not publish is never scheduled.
    expect(rows.map((row) => row.name).filter((name: string) => /^sync(-full)?-(elevators|pad-addresses)$/.test(name))).toEqual([]);
    expect(schedules.registered).toHaveLength(expected.length);
  });

  test('each schedule is a stately queue (one run waiting and one running, across processes), retried with a doubling wait', async () => {
    const names = [...SCHEDULES.map((schedule) => schedule.queue), REDERIVE_QUEUE];
    const { rows } = await platform().query(`select name, policy, retry_limit, retry_delay, retry_backoff from ${jobs()}.queue where name = any($1) order by name`, [names]);
    expect(rows).toHaveLength(names.length);
    for (const row of rows) expect(row).toMatchObject({ policy: 'stately', retry_limit: 7, retry_delay: 300, retry_backoff: true });
  });

  test("a run syncs the data set from the configured portal and is recorded; the full queue's run reads every row", async () => {
    await schedules.runNow(syncQueue('restaurants', false));
    const [first] = await until('the first sync', () => syncRuns('restaurants'), (runs) => runs.some((run) => run.finished_at));
    expect(first).toMatchObject({ full_pass: false, rows_fetched: published, error: null });
    // From SODA_BASE_URL, with SODA_APP_TOKEN as X-App-Token.
    expect(portal.requests(RESTAURANTS_ID).length).toBeGreaterThan(0);
    expect(tokens.length).toBe(portal.requests(RESTAURANTS_ID).length);
    expect(new Set(tokens)).toEqual(new Set(['an-app-token']));
    await until('the job completed', () => newestJob('sync-restaurants'), (job) => job?.state === 'completed');

    portal.change(RESTAURANTS_ID, (row) => row.camis === '41000001', (row) => ({ ...row, dba: `${row.dba} RENAMED` }));
    await schedules.runNow(syncQueue('restaurants', true));
    const runs = await until('the full pass', () => syncRuns('restaurants'), (all) => all.length === 2 && all[1].finished_at);
    expect(runs[1]).toMatchObject({ full_pass: true, rows_fetched: published, error: null });
    const { rows } = await live().pg.query("select last_full_at from sync_positions where dataset = 'restaurants'");
    expect(rows[0].last_full_at).not.toBeNull();
  });

  test('a run that finds its data set busy (another process syncing it) runs nothing and is tried again later', async () => {
    const before = (await syncRuns('restaurants')).length;
    const holder = await live().pg.connect();
    try {
      // The sync's own lock, as another process's sync of the data set holds it.
      await holder.query('select pg_advisory_lock(hashtext($1))', [`sync-restaurants:${live().schema}`]);
      await schedules.runNow(syncQueue('restaurants', false));
      const job = await until('the busy run to fail', () => newestJob('sync-restaurants'), (found) => found?.state === 'retry');
      expect(job).toMatchObject({ state: 'retry', waits: true, error: expect.stringMatching(/^restaurants: busy: another process is syncing restaurants/) });
      expect(await syncRuns('restaurants')).toHaveLength(before);
    } finally {
      await holder.query('select pg_advisory_unlock(hashtext($1))', [`sync-restaurants:${live().schema}`]);
      holder.release();
    }
  });

  test('a portal answer the reader cannot take is recorded as the run\'s error, and the run is retried with backoff', async () => {
    const before = (await syncRuns('restaurants')).length;
    portal.renameColumn(RESTAURANTS_ID, 'camis', 'camis_number');
    try {
      await schedules.runNow(syncQueue('restaurants', true));
      const runs = await until('the failed run', () => syncRuns('restaurants'), (all) => all.length === before + 1 && all[before].finished_at);
      expect(runs[before].error).toMatch(/camis/);
      const job = await until('the retry', () => newestJob('sync-full-restaurants'), (found) => found?.state === 'retry');
      expect(job).toMatchObject({ state: 'retry', waits: true, error: expect.stringMatching(/^restaurants: failed: .*camis/) });
    } finally {
      portal.renameColumn(RESTAURANTS_ID, 'camis_number', 'camis');
    }
  });

  test("the rederive derives every family as of the worker's day, is recorded, and the profile and the search follow", async () => {
    const camis = '42000001';
    const name = 'HOLLOWAY CHOP HOUSE';
    // A rats citation (critical) and a C-band score, loaded as of 2024-10-09.
    await ingestEstablishments(live(), [{ camis, name, visits: [{ date: '2024-05-01', score: 30, citations: [{ code: '04K' }] }] }]);
    const seen = async () => {
      const profile = (await api.get(`/api/v1/restaurants/${camis}`)).body.data;
      const search = (await api.get(`/api/v1/restaurants/search?q=${encodeURIComponent(name)}`)).body.data;
      return { weightedRats: profile.vermin.weighted.rats, riskScore: profile.restaurant.riskScore, searchRiskScore: search[0]?.riskScore };
    };
    const loaded = await seen();
    expect(loaded.weightedRats).toBe(round4(recencyWeight('2024-05-01', new Date('2024-10-09T00:00:00Z'))));

    clock = () => new Date('2025-10-09T12:00:00Z');
    await schedules.runNow(REDERIVE_QUEUE);
    const runs = await until(
      'a rederive of every family',
      async () => (await live().pg.query("select family, as_of, changed, error from rederive_runs where as_of = '2025-10-09T00:00:00Z' and finished_at is not null order by family")).rows,
      (rows) => rows.length === FAMILIES.length,
    );
    expect(runs.map((run) => run.family)).toEqual(FAMILIES.map((family) => family.name).sort());
    for (const run of runs) expect(run.error).toBeNull();
    expect(runs.find((run) => run.family === 'restaurants')!.changed).toBeGreaterThan(0);

    const weightOn = round4(recencyWeight('2024-05-01', new Date('2025-10-09T00:00:00Z')));
    const moved = await until('the answers as of 2025-10-09', seen, (now) => now.weightedRats === weightOn && now.searchRiskScore === now.riskScore);
    expect(moved.weightedRats).toBeLessThan(loaded.weightedRats);
    expect(moved.riskScore).toBeLessThan(loaded.riskScore);
  });
});
