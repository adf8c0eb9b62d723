/**
 * `npm run sync` killed with SIGKILL at random moments (start-up, reading the portal,
 * applying, indexing) and run again: verify passes, and the stores equal those of a sync
 * that was never interrupted: no row lost, none applied twice.
 */
import { createTestNamespace, type TestNamespace } from '../../test/support/namespace';
import { csvRows, type SodaServer, startSodaServer } from '../../test/support/soda-server';
import { RESTAURANTS } from '../families';
import { registered } from '../families/registry';
import { verifyStores } from '../index/verify';
import { syncDataset } from '../sync/sync';
import { generatedFile, killedRuns, runScript, storeSnapshot } from './support';

describe('a sync process killed part-way and run again', () => {
  let ns: TestNamespace;
  let portal: SodaServer;
  beforeAll(async () => {
    ns = await createTestNamespace();
    portal = await startSodaServer();
    portal.publish('43nn-pn8j', csvRows(await generatedFile(1500, 21)));
    // Every page a little slow, so the kills also land while the portal is being read.
    portal.slowDown('43nn-pn8j', 300);
  });
  afterAll(async () => {
    await portal.close();
    await ns.cleanup();
  });

  /** `npm run sync -- restaurants` into this namespace's live mode. */
  const runSync = (killAfterMs?: number) => runScript('sync', ['restaurants', '--base-url', portal.url, '--json'], ns.config.namespace, killAfterMs);

  it('leaves verify clean once a sync completes, with the stores equal to an uninterrupted sync', async () => {
    const killed = await killedRuns(runSync, 1500);
    portal.slowDown('43nn-pn8j', 0);
    const completing = await runSync();
    expect({ killed, code: completing.code, output: completing.output }).toEqual({ killed, code: 0, output: expect.stringContaining('"status":"synced"') });

    const interrupted = ns.stores.byMode.live;
    const report = await verifyStores(interrupted, RESTAURANTS);
    expect({ killed, ok: report.ok, differences: report.differences }).toEqual({ killed, ok: true, differences: [] });
    const uninterrupted = ns.stores.byMode.test;
    expect(await syncDataset(uninterrupted, registered('restaurants')!, { base: portal.url })).toMatchObject({ status: 'synced' });
    expect(await storeSnapshot(interrupted)).toEqual(await storeSnapshot(uninterrupted));
    // Both stand at the same position: the next sync of either asks for nothing before it.
    const position = async (store: typeof interrupted) => (await store.pg.query("select updated_at, row_id from sync_positions where dataset = 'restaurants'")).rows;
    expect(await position(interrupted)).toEqual(await position(uninterrupted));
  }, 240_000);
});
