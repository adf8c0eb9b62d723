/**
 * Elasticsearch frozen (SIGSTOP) and killed (SIGKILL, then restarted) under concurrent
 * searches, report writes, usage counting of a standard key and the outbox relay. The
 * Elasticsearch node here is this file's own; Postgres is the shared one, untouched.
 */
import pino from 'pino';
import { generatedFile } from '../../ingest/integration/support';
import { startWorker } from '../../ingest/worker';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../../ingest/families';
import { verifyStores } from '../../ingest/index/verify';
import { ingestDataset } from '../../ingest/load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../../ingest/sources/restaurants';
import { fileSource } from '../../ingest/sources/source';
import {
  expectOutageSurvived,
  OPERATIONS,
  outboxEmpty,
  RelayLoop,
  startRelayLoop,
  throughOutage,
  useFaultStand,
  waitFor,
} from './traffic';

const STORE_TIMEOUT_MS = 1500;
const asOf = new Date('2026-04-01T00:00:00Z');
const operations = [OPERATIONS.browse, OPERATIONS.fileReport, OPERATIONS.search, OPERATIONS.restaurantProfile];

const stand = useFaultStand('elasticsearch', { storeTimeoutMs: STORE_TIMEOUT_MS, seed: 41, asOf }, 180_000);

/** Outbox rows for the relay to index during the outage: the same establishments with changed content. Returns when they are there. */
async function fillOutbox(seed: number): Promise<number> {
  const changed = await ingestDataset(stand.store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, await generatedFile(200, seed)), { asOf, index: false });
  expect(changed.entitiesChanged).toBeGreaterThan(100);
  return Date.now();
}

/** The relay gave up on the missing node within the timeout (one request and its retry), and left nothing behind. */
async function expectRelayRecovered(relay: RelayLoop, filledAt: number): Promise<void> {
  try {
    await waitFor('the relay to empty the outbox', () => outboxEmpty(stand.store), 30_000);
  } finally {
    await relay.stop();
  }
  const firstFailure = relay.failures.find((at) => at >= filledAt);
  expect(firstFailure).toBeDefined();
  expect(firstFailure! - filledAt).toBeLessThanOrEqual(2 * STORE_TIMEOUT_MS + 2000);
  expect((await verifyStores(stand.store, RESTAURANTS)).ok).toBe(true);
}

/**
 * Traffic of a standard key and the outbox relay through one outage of this file's
 * Elasticsearch, during which an ingest goes on, leaving the relay rows it cannot index yet
 * (`seed`: its file); then the relay recovered and the outage survived.
 */
async function expectRelayOutageSurvived(outage: Pick<Parameters<typeof throughOutage>[0], 'takeDown' | 'outageMs' | 'bringBack' | 'recoveryTimeoutMs'> & { seed: number }): Promise<void> {
  const { key, id } = await stand.standardKey();
  const relay = startRelayLoop(stand.store, { batchSize: 4 });
  let filledAt = 0;
  const run = await throughOutage({
    traffic: { url: stand.api.url, key, camis: stand.camis, operations },
    affects: 'elasticsearch',
    takeDown: async () => {
      await outage.takeDown();
      filledAt = await fillOutbox(outage.seed);
    },
    outageMs: outage.outageMs,
    bringBack: outage.bringBack,
    recoveryTimeoutMs: outage.recoveryTimeoutMs,
  }).catch(async (error) => {
    await relay.stop();
    throw error;
  });
  await expectRelayRecovered(relay, filledAt);
  await expectOutageSurvived(stand, run, id, { storeTimeoutMs: STORE_TIMEOUT_MS });
}

describe('Elasticsearch frozen under load and under the outbox relay', () => {
  it('answers searches 503 with Retry-After within the store timeout while Postgres-only requests carry on, never a 500, and recovers by itself', async () => {
    await expectRelayOutageSurvived({
      takeDown: () => stand.service.freeze(),
      seed: 42,
      outageMs: 6000,
      bringBack: () => stand.service.thaw(),
      recoveryTimeoutMs: 15_000,
    });
  });
});

describe('Elasticsearch killed under load and under the outbox relay, then restarted', () => {
  it('answers searches 503 with Retry-After while it is down, never a 500, and once the node is back serves and indexes everything without an API restart', async () => {
    await expectRelayOutageSurvived({
      takeDown: () => stand.service.kill(),
      seed: 43,
      outageMs: 4000,
      bringBack: () => stand.service.restart(),
      // A restarted node first recovers its shards from disk.
      recoveryTimeoutMs: 90_000,
    });
  }, 180_000);
});

describe('Elasticsearch killed mid-ingest, then restarted', () => {
  it('the worker indexes what the failed ingest left in the outbox by itself: verify passes within a minute of the restart, no command run', async () => {
    const worker = startWorker({ ...stand.api.ns.config, outboxWatchSeconds: 1 }, pino({ level: 'silent' }));
    try {
      const load = ingestDataset(stand.store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, await generatedFile(240, 44)), {
        asOf,
        chunkSize: 40,
        afterChunk: async (chunk) => {
          if (chunk === 2) await stand.service.kill();
        },
      });
      // Postgres takes the whole file; what it could not index stays in the outbox.
      await expect(load).rejects.toThrow();
      const { rows } = await stand.store.pg.query<{ n: number }>('select count(*)::int as n from restaurant_outbox');
      expect(rows[0].n).toBeGreaterThan(0);
      await stand.service.restart();
      await waitFor(
        'verify to pass with no command run',
        async () => (await verifyStores(stand.store, RESTAURANTS).catch(() => ({ ok: false }))).ok,
        60_000,
      );
      expect(await outboxEmpty(stand.store)).toBe(true);
    } finally {
      await worker.stop();
    }
  }, 180_000);
});
