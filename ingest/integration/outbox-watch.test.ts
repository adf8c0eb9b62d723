/**
 * The worker's outbox watch: rows an ingest left unindexed are drained by the watch alone,
 * never while a run of the family holds its ingest lock, and a run that has finished leaves
 * the stores verified.
 */
import pino from 'pino';
import { useTestNamespace } from '../../test/support/namespace';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../families';
import { watchOutboxes } from '../index/outbox-watch';
import { verifyStores } from '../index/verify';
import { ingestDataset, withIngestLock } from '../load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../sources/restaurants';
import { fileSource } from '../sources/source';
import { generatedFile, tableCounts } from './support';

const ns = useTestNamespace();

const asOf = new Date('2026-04-01T00:00:00Z');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(50);
  }
  return false;
}

it('drains what a load left in the outbox once no run holds the family, and verify passes', async () => {
  const store = ns.stores.byMode.live;
  // A load that could not index: everything in Postgres, the outbox full.
  await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, await generatedFile(60, 7)), { asOf, index: false });
  const pending = (await tableCounts(store)).restaurant_outbox;
  expect(pending).toBeGreaterThan(0);

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const lockHeld = new Promise<void>((resolve) => (holding = resolve));
  // A run of the family in progress: the watch leaves its outbox to it.
  const run = withIngestLock(store, RESTAURANTS, async () => {
    holding();
    await held;
  });
  await lockHeld;
  const watch = watchOutboxes([store, ns.stores.byMode.test], [RESTAURANTS], { intervalMs: 20, logger: pino({ level: 'silent' }) });
  try {
    await sleep(500);
    expect((await tableCounts(store)).restaurant_outbox).toBe(pending);
    release();
    await run;
    expect(await until(async () => (await tableCounts(store)).restaurant_outbox === 0, 30_000)).toBe(true);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
  } finally {
    release();
    await watch.stop();
  }
});
