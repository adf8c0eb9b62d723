/**
 * Postgres frozen (SIGSTOP: connections open, nothing answers) and killed (SIGKILL, then
 * restarted) under concurrent reads, report writes and usage counting of a standard key,
 * and under the outbox relay. The Postgres here is this file's own; Elasticsearch is the
 * shared one, untouched.
 */
import { generatedFile } from '../../ingest/integration/support';
import { createPgPool } from '../../src/db/pool';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../../ingest/families';
import { verifyStores } from '../../ingest/index/verify';
import { ingestDataset } from '../../ingest/load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../../ingest/sources/restaurants';
import { fileSource } from '../../ingest/sources/source';
import { expectOutageSurvived, OPERATIONS, outboxEmpty, sleep, startRelayLoop, throughOutage, useFaultStand, waitFor } from './traffic';

const STORE_TIMEOUT_MS = 1500;
const asOf = new Date('2026-04-01T00:00:00Z');
const operations = [OPERATIONS.fileReport, OPERATIONS.restaurantProfile, OPERATIONS.deviceProfile, OPERATIONS.browse];

const stand = useFaultStand('postgres', { storeTimeoutMs: STORE_TIMEOUT_MS, seed: 31, asOf }, 120_000);

/** Traffic of a standard key through one outage of this file's Postgres, which every request needs, and what it must show. */
async function expectOutageSurvivedBy(outage: Pick<Parameters<typeof throughOutage>[0], 'takeDown' | 'outageMs' | 'bringBack'>): Promise<void> {
  const { key, id } = await stand.standardKey();
  const run = await throughOutage({ traffic: { url: stand.api.url, key, camis: stand.camis, operations }, affects: 'every', ...outage, recoveryTimeoutMs: 15_000 });
  await expectOutageSurvived(stand, run, id, { storeTimeoutMs: STORE_TIMEOUT_MS });
}

describe('Postgres frozen under load', () => {
  it('answers 503 with Retry-After within the store timeout, never a 500, keeps every accepted write once, and recovers by itself', async () => {
    await expectOutageSurvivedBy({ takeDown: () => stand.service.freeze(), outageMs: 6000, bringBack: () => stand.service.thaw() });
  });
});

describe('Postgres killed under load and restarted', () => {
  it('answers 503 with Retry-After while it is down, never a 500, keeps every accepted write once, and recovers by itself', async () => {
    await expectOutageSurvivedBy({ takeDown: () => stand.service.kill(), outageMs: 3000, bringBack: () => stand.service.restart() });
  });
});

describe('the outbox relay while Postgres is frozen, then killed', () => {
  it('fails its drains without hanging, and once Postgres is back the drains index everything: verify is clean', async () => {
    // Content changed for the same establishments: outbox rows the relay has to index.
    const changed = await ingestDataset(stand.store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, await generatedFile(200, 32)), { asOf, index: false });
    expect(changed.entitiesChanged).toBeGreaterThan(100);
    const relay = startRelayLoop(stand.store, { batchSize: 4 });
    try {
      await sleep(300);
      const frozenAt = Date.now();
      stand.service.freeze();
      await waitFor('a drain to give up on the frozen Postgres', () => relay.failures.length > 0, 2 * STORE_TIMEOUT_MS + 2000);
      expect(relay.failures[0] - frozenAt).toBeLessThanOrEqual(2 * STORE_TIMEOUT_MS + 2000);
      await sleep(2000);
      stand.service.thaw();

      await ingestDataset(stand.store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, await generatedFile(200, 33)), { asOf, index: false });
      const failuresBeforeKill = relay.failures.length;
      await stand.service.kill();
      await waitFor('a drain to fail on the killed Postgres', () => relay.failures.length > failuresBeforeKill, 2 * STORE_TIMEOUT_MS + 2000);
      await stand.service.restart();
      await waitFor('the relay to empty the outbox', () => outboxEmpty(stand.store), 30_000);
    } finally {
      await relay.stop();
    }
    expect((await verifyStores(stand.store, RESTAURANTS)).differences).toEqual([]);
  });
});

describe('an ingest that has returned, then Postgres killed', () => {
  it('kept everything it reported: the same file again changes nothing, and its run is recorded as finished', async () => {
    const file = await generatedFile(200, 34);
    const first = await ingestDataset(stand.store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), { asOf, index: false });
    expect(first.entitiesChanged).toBeGreaterThan(100);
    // At once: what a crash right after a load's report would find on disk.
    await stand.service.kill();
    await stand.service.restart();
    await waitFor('Postgres to answer again', async () => (await stand.store.pg.query('select 1').then(() => true, () => false)), 30_000);
    const { rows } = await stand.store.pg.query<{ finished: boolean }>('select finished_at is not null as finished from ingest_runs where id = $1', [first.runId]);
    expect(rows).toEqual([{ finished: true }]);
    const again = await ingestDataset(stand.store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), { asOf, index: false });
    expect(again.entitiesChanged).toBe(0);
  });
});

describe('a pool client whose query timed out in a transaction', () => {
  it('is discarded, so the next user of the pool does not write into the abandoned transaction', async () => {
    const pool = createPgPool(stand.service.url, { searchPath: ['public'], max: 1, statementTimeoutMs: 500 });
    try {
      await pool.query('create table if not exists fault_pool_writes (label text primary key)');
      const abandoned = await pool.connect();
      await abandoned.query('begin');
      await abandoned.query("insert into fault_pool_writes values ('abandoned')");
      stand.service.freeze();
      try {
        await expect(abandoned.query('select 1')).rejects.toThrow('Query read timeout');
        await abandoned.query('rollback').catch(() => undefined);
        abandoned.release();
      } finally {
        stand.service.thaw();
      }
      await pool.query("insert into fault_pool_writes values ('next')");
      // Another connection sees what the next user committed, and nothing of the abandoned transaction.
      const other = createPgPool(stand.service.url, { searchPath: ['public'], max: 1, statementTimeoutMs: 5000 });
      try {
        const { rows } = await other.query<{ label: string }>('select label from fault_pool_writes order by label');
        expect(rows.map((row) => row.label)).toEqual(['next']);
      } finally {
        await other.end();
      }
    } finally {
      await pool.end();
    }
  });
});
