/**
 * Concurrent reads and writes against a running API while a test takes a store away, and
 * what the fault tests expect of every answer: a store being down is a 503 with Retry-After
 * answered within the store timeout, never a 500 and never a hang, and the API serves again
 * by itself once the store is back.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { DataStore } from '../../src/stores';
import type { TestApi } from '../support/api';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../../ingest/families';
import { drainOutbox } from '../../ingest/index/outbox-relay';
import { generatedFile } from '../../ingest/integration/support';
import { ingestDataset } from '../../ingest/load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../../ingest/sources/restaurants';
import { fileSource } from '../../ingest/sources/source';
import { findKeyByHash, hashKey } from '../../src/platform/keys';
import { startTestApi } from '../support/api';
import { DedicatedService, startDedicatedElasticsearch, startDedicatedPostgres } from '../support/dedicated-services';

/** What the traffic exercises; `store` says which store answers it. */
export interface Operation {
  name: string;
  store: 'postgres' | 'elasticsearch';
  request(camis: string, marker: string): { method: string; path: string; headers?: Record<string, string>; body?: unknown };
}

const REPORT_MARKER_PREFIX = 'fault-suite report';

export const OPERATIONS = {
  /** A write: one community report, its body carrying a unique marker to find it by afterwards. */
  fileReport: {
    name: 'file report',
    store: 'postgres',
    request: (camis, marker) => ({
      method: 'POST',
      path: `/api/v1/restaurants/${camis}/reports`,
      headers: { 'X-Device-Id': `fault-device-${randomUUID()}` },
      body: { kind: 'pest', pestSubtype: 'mice', body: `${REPORT_MARKER_PREFIX} ${marker}: a mouse ran along the counter.` },
    }),
  },
  restaurantProfile: { name: 'restaurant profile', store: 'postgres', request: (camis) => ({ method: 'GET', path: `/api/v1/restaurants/${camis}` }) },
  deviceProfile: {
    name: 'device profile',
    store: 'postgres',
    request: () => ({ method: 'GET', path: '/api/v1/profile', headers: { 'X-Device-Id': `fault-device-${randomUUID()}` } }),
  },
  browse: { name: 'browse', store: 'elasticsearch', request: () => ({ method: 'GET', path: '/api/v1/restaurants?limit=5' }) },
  search: { name: 'search', store: 'elasticsearch', request: () => ({ method: 'GET', path: '/api/v1/restaurants/search?q=pizza' }) },
} satisfies Record<string, Operation>;

export interface Outcome {
  operation: Operation;
  /** 0: no answer within the client's patience (a hang). */
  status: number;
  retryAfter: string | null;
  errorCode?: string;
  startedAt: number;
  endedAt: number;
  /** Set on writes: the marker the report body carries. */
  marker?: string;
}

export interface Traffic {
  outcomes: Outcome[];
  /** Stops issuing requests and waits for those in flight. */
  stop(): Promise<Outcome[]>;
}

/** Patience per request: far beyond any store timeout the tests configure, so a 0 is a hang. */
const REQUEST_PATIENCE_MS = 20_000;

/**
 * `workers` loops, each sending the operations in turn (bounded by maxRequests and
 * maxDurationMs), to 127.0.0.1 only, with the given key so every request is counted.
 */
export function startTraffic(options: {
  url: string;
  key: string;
  camis: string[];
  operations: Operation[];
  workers?: number;
  maxRequests?: number;
  maxDurationMs?: number;
}): Traffic {
  const { url, key, camis, operations } = options;
  const maxRequests = options.maxRequests ?? 20_000;
  const deadline = Date.now() + (options.maxDurationMs ?? 120_000);
  if (!url.startsWith('http://127.0.0.1:')) throw new Error('fault traffic goes to 127.0.0.1 only');
  const outcomes: Outcome[] = [];
  let sent = 0;
  let stopped = false;

  const one = async (operation: Operation): Promise<void> => {
    const marker = randomUUID();
    const spec = operation.request(camis[sent % camis.length], marker);
    const startedAt = Date.now();
    const outcome: Outcome = { operation, status: 0, retryAfter: null, startedAt, endedAt: startedAt, ...(operation === OPERATIONS.fileReport && { marker }) };
    try {
      const res = await fetch(`${url}${spec.path}`, {
        method: spec.method,
        headers: { Authorization: `Bearer ${key}`, ...spec.headers, ...(spec.body !== undefined && { 'Content-Type': 'application/json' }) },
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal: AbortSignal.timeout(REQUEST_PATIENCE_MS),
      });
      const text = await res.text();
      outcome.status = res.status;
      outcome.retryAfter = res.headers.get('retry-after');
      if (res.status >= 400) outcome.errorCode = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    } catch {
      outcome.status = 0;
    }
    outcome.endedAt = Date.now();
    outcomes.push(outcome);
  };

  const worker = async (offset: number) => {
    for (let turn = offset; !stopped && sent < maxRequests && Date.now() < deadline; turn += 1) {
      sent += 1;
      await one(operations[turn % operations.length]);
    }
  };
  const running = Promise.all(Array.from({ length: options.workers ?? 8 }, (_, index) => worker(index)));
  return {
    outcomes,
    async stop() {
      stopped = true;
      await running;
      return outcomes;
    },
  };
}

/** The establishments the API lists, to aim the traffic at. */
export async function listedCamis(api: TestApi): Promise<string[]> {
  const listing = await api.get<{ data: Array<{ camis: string }> }>('/api/v1/restaurants?limit=100');
  expect(listing.status).toBe(200);
  expect(listing.body.data.length).toBeGreaterThan(0);
  return listing.body.data.map((restaurant) => restaurant.camis);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the check holds; fails with the description when it does not within timeoutMs. */
export async function waitFor(description: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}`);
}

const isSuccess = (outcome: Outcome) => outcome.status >= 200 && outcome.status < 300;
const needs = (store: OutageRun['affects'], outcome: Outcome) => store === 'every' || outcome.operation.store === store;

/** A short, readable account of a list of outcomes for failure messages. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { operation, status, errorCode } of outcomes) {
    const label = `${operation.name} ${status}${errorCode ? ` ${errorCode}` : ''}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

/**
 * Runs traffic through one outage: healthy traffic first, then `takeDown`, `outageMs` of
 * outage, then `bringBack`, then traffic until the API has served `settleMs` without a store
 * error. Returns the outcomes with the moments that split them.
 */
export interface OutageRun {
  outcomes: Outcome[];
  /** Which requests need the store taken down. */
  affects: Operation['store'] | 'every';
  downAt: number;
  backAt: number;
  recoveredAt: number;
}

export async function throughOutage(options: {
  traffic: Parameters<typeof startTraffic>[0];
  affects: OutageRun['affects'];
  takeDown(): void | Promise<void>;
  outageMs: number;
  bringBack(): void | Promise<void>;
  /** How long the API may take to serve again once the store is back. */
  recoveryTimeoutMs: number;
  settleMs?: number;
}): Promise<OutageRun> {
  const { affects } = options;
  const traffic = startTraffic(options.traffic);
  try {
    await waitFor('healthy traffic before the fault', () => traffic.outcomes.filter(isSuccess).length >= 10, 15_000);
    const downAt = Date.now();
    await options.takeDown();
    await sleep(options.outageMs);
    // From here the store may answer again (a restart serves before it returns).
    const backAt = Date.now();
    await options.bringBack();
    let recoveredAt = 0;
    await waitFor(
      'the API to serve again without a restart',
      () => {
        recoveredAt ||= traffic.outcomes.find((outcome) => outcome.startedAt > backAt && needs(affects, outcome) && isSuccess(outcome))?.startedAt ?? 0;
        return recoveredAt > 0;
      },
      options.recoveryTimeoutMs,
    );
    await sleep(options.settleMs ?? 2000);
    return { outcomes: await traffic.stop(), affects, downAt, backAt, recoveredAt };
  } finally {
    await traffic.stop();
  }
}

/** Reports the fault traffic filed, by marker: how many rows carry each. */
export async function reportsByMarker(pg: Pool): Promise<Map<string, number>> {
  const { rows } = await pg.query<{ body: string }>('select body from community_reports where body like $1', [`${REPORT_MARKER_PREFIX} %`]);
  const counts = new Map<string, number>();
  for (const { body } of rows) {
    const marker = body.slice(REPORT_MARKER_PREFIX.length + 1).split(':')[0];
    counts.set(marker, (counts.get(marker) ?? 0) + 1);
  }
  return counts;
}

/** Every accepted report is stored exactly once, and no refused one more than once. */
export async function expectAcceptedWritesExactlyOnce(pg: Pool, outcomes: Outcome[]): Promise<void> {
  const stored = await reportsByMarker(pg);
  const writes = outcomes.filter((outcome) => outcome.marker);
  const accepted = writes.filter(isSuccess);
  expect(accepted.length).toBeGreaterThan(0);
  expect(accepted.filter((outcome) => stored.get(outcome.marker!) !== 1).map((outcome) => outcome.marker)).toEqual([]);
  expect(writes.filter((outcome) => (stored.get(outcome.marker!) ?? 0) > 1).map((outcome) => outcome.marker)).toEqual([]);
}

export { isSuccess };

/**
 * What every outage must look like from outside: answers before it, 503 + Retry-After
 * within the store timeout for what needs the missing store while it is missing, answers
 * again after it; at no point a 500 or a hang.
 */
export function expectOutageHandled(run: OutageRun, options: { storeTimeoutMs: number }): void {
  const { outcomes, downAt, backAt, recoveredAt } = run;
  const needsStore = (outcome: Outcome) => needs(run.affects, outcome);
  const unexpected = outcomes.filter((outcome) => outcome.status === 0 || (outcome.status >= 500 && outcome.status !== 503));
  expect(tally(unexpected)).toEqual({});
  expect(tally(outcomes.filter((outcome) => outcome.endedAt < downAt && !isSuccess(outcome)))).toEqual({});

  const whileDown = outcomes.filter((outcome) => outcome.startedAt >= downAt + 100 && outcome.endedAt <= backAt);
  const refused = whileDown.filter(needsStore);
  // Without client-side timeouts nothing answers until the store is back: this stays empty.
  expect(refused.length).toBeGreaterThanOrEqual(3);
  expect(tally(refused.filter((outcome) => outcome.status !== 503))).toEqual({});
  expect(refused.filter((outcome) => !(Number(outcome.retryAfter) > 0))).toEqual([]);
  const slowest = Math.max(...refused.map((outcome) => outcome.endedAt - outcome.startedAt));
  // One pool checkout plus one query, or one request and its retry, each bounded by the timeout.
  expect(slowest).toBeLessThanOrEqual(2 * options.storeTimeoutMs + 2000);
  expect(tally(whileDown.filter((outcome) => !needsStore(outcome) && !isSuccess(outcome)))).toEqual({});

  expect(tally(outcomes.filter((outcome) => outcome.startedAt >= recoveredAt + 1000 && !isSuccess(outcome)))).toEqual({});
}

/** Requests counted for a key with a daily limit: every answered one, and never more than were sent. */
export async function expectUsageCounted(platform: Pool, keyId: number, outcomes: Outcome[]): Promise<void> {
  const { rows } = await platform.query<{ total: number }>('select coalesce(sum(count), 0)::int as total from api_usage_daily where key_id = $1', [keyId]);
  expect(rows[0].total).toBeGreaterThanOrEqual(outcomes.filter(isSuccess).length);
  expect(rows[0].total).toBeLessThanOrEqual(outcomes.length);
}

export interface RelayLoop {
  /** When each failed drain gave up. */
  failures: number[];
  stop(): Promise<void>;
}

/**
 * The outbox relay as a deployment runs it: drain after drain in small rounds, a failed
 * drain retried after a pause. Bounded by maxDrains and maxDurationMs.
 */
export function startRelayLoop(store: DataStore, options: { batchSize: number; maxDrains?: number; maxDurationMs?: number }): RelayLoop {
  const failures: number[] = [];
  const deadline = Date.now() + (options.maxDurationMs ?? 90_000);
  let stopped = false;
  const loop = (async () => {
    for (let drains = 0; !stopped && drains < (options.maxDrains ?? 2000) && Date.now() < deadline; drains += 1) {
      try {
        const round = await drainOutbox(store, RESTAURANTS, { batchSize: options.batchSize, refresh: false });
        if (round.entities === 0) await sleep(100);
      } catch {
        failures.push(Date.now());
        await sleep(200);
      }
    }
  })();
  return {
    failures,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

/** The outbox is empty (false while the store cannot be asked). */
export async function outboxEmpty(store: DataStore): Promise<boolean> {
  try {
    const { rows } = await store.pg.query<{ n: number }>('select count(*)::int as n from restaurant_outbox');
    return rows[0].n === 0;
  } catch {
    return false;
  }
}

/** An API whose Postgres or Elasticsearch is this test file's own, to freeze and kill, with generated establishments loaded. */
export interface FaultStand {
  service: DedicatedService;
  api: TestApi;
  store: DataStore;
  /** The establishments the API lists: what the traffic aims at. */
  camis: string[];
  /** A commissioned key with a daily limit, so every request is counted in Postgres as it is served. */
  standardKey(): Promise<{ key: string; id: number }>;
  stop(): Promise<void>;
}

export async function startFaultStand(kind: 'postgres' | 'elasticsearch', options: { storeTimeoutMs: number; seed: number; asOf: Date }): Promise<FaultStand> {
  const service = kind === 'postgres' ? await startDedicatedPostgres() : await startDedicatedElasticsearch();
  const own = kind === 'postgres' ? { databaseUrl: service.url } : { elasticsearchUrl: service.url };
  let api: TestApi | undefined;
  let camis: string[];
  try {
    api = await startTestApi({ config: { ...own, storeTimeoutMs: options.storeTimeoutMs }, contract: false });
    await ingestDataset(api.ns.stores.byMode.live, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, await generatedFile(40, options.seed)), { asOf: options.asOf });
    camis = await listedCamis(api);
  } catch (error) {
    // No stand to stop: a server left running would outlive the test run on a shared machine.
    await api?.stop().catch(() => undefined);
    await service.stop();
    throw error;
  }
  return startedStand(service, api, camis);
}

function startedStand(service: DedicatedService, api: TestApi, camis: string[]): FaultStand {
  return {
    service,
    api,
    store: api.ns.stores.byMode.live,
    camis,
    async standardKey() {
      const { live } = await api.createKeys({ tier: 'standard', dailyLimit: 1_000_000 });
      const record = await findKeyByHash(api.ns.stores.platform, hashKey(live));
      if (!record) throw new Error('the key just created is not found');
      return { key: live, id: record.id };
    },
    async stop() {
      service.thaw();
      await api.stop().catch(() => undefined);
      await service.stop();
    },
  };
}

/**
 * This test file's fault stand: started before its tests, stopped after them. Its fields
 * are read from the stand started (so only inside the tests and hooks that run after it).
 */
export function useFaultStand(kind: 'postgres' | 'elasticsearch', options: { storeTimeoutMs: number; seed: number; asOf: Date }, startTimeoutMs: number): FaultStand {
  let stand: FaultStand | undefined;
  beforeAll(async () => {
    stand = await startFaultStand(kind, options);
  }, startTimeoutMs);
  afterAll(() => stand?.stop());
  const started = (): FaultStand => {
    if (!stand) throw new Error(`the ${kind} fault stand has not started`);
    return stand;
  };
  return {
    get service() {
      return started().service;
    },
    get api() {
      return started().api;
    },
    get store() {
      return started().store;
    },
    get camis() {
      return started().camis;
    },
    standardKey: () => started().standardKey(),
    stop: () => started().stop(),
  };
}

/**
 * What every outage run of a stand's traffic must show: handled (expectOutageHandled), every
 * accepted write stored once, every answered request counted on the key it was made with.
 */
export async function expectOutageSurvived(stand: FaultStand, run: OutageRun, keyId: number, options: { storeTimeoutMs: number }): Promise<void> {
  expectOutageHandled(run, options);
  await expectAcceptedWritesExactlyOnce(stand.store.pg, run.outcomes);
  await expectUsageCounted(stand.api.ns.stores.platform, keyId, run.outcomes);
}
