import { createTestNamespace, TestNamespace } from '../../test/support/namespace';
import fs from 'node:fs';
import { generatedFile, killedRuns, runScript, storeSnapshot, tableCounts, versions } from './support';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../families';
import { drainOutbox } from '../index/outbox-relay';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../sources/restaurants';
import { fileSource } from '../sources/source';

const asOf = new Date('2026-04-01T00:00:00Z');

describe('an ingest killed part-way and run again', () => {
  let ns: TestNamespace;
  let file: string;
  beforeAll(async () => {
    ns = await createTestNamespace();
    file = await generatedFile(300, 11);
  });
  afterAll(() => ns.cleanup());

  it('ends with both stores complete and consistent, equal to an uninterrupted load', async () => {
    const { live: interrupted, test: clean } = ns.stores.byMode;
    const crash = new Error('simulated crash after chunk 2');
    await expect(
      ingestDataset(interrupted, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), {
        asOf, chunkSize: 40, afterChunk: (chunk) => { if (chunk === 2) throw crash; },
      }),
    ).rejects.toBe(crash);
    // Two chunks committed: 80 establishments, each indexed or still waiting in the outbox.
    const partial = await tableCounts(interrupted);
    expect(partial.restaurant_establishments).toBe(80);
    const { rows: indexed } = await interrupted.pg.query('select count(*)::int as n from restaurant_outbox');
    expect(indexed[0].n).toBeLessThanOrEqual(80);

    const rerun = await ingestDataset(interrupted, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), { asOf, chunkSize: 40 });
    expect(rerun.entitiesChanged).toBe(300 - 80);
    const uninterrupted = await ingestDataset(clean, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), { asOf });
    expect(rerun.rowsRead).toBe(uninterrupted.rowsRead);
    expect(rerun.rowsLoaded + rerun.rowsMerged + rerun.rowsRejected).toBe(rerun.rowsRead);
    expect(rerun.rowsLoaded).toBe(uninterrupted.rowsLoaded);
    expect(await storeSnapshot(interrupted)).toEqual(await storeSnapshot(clean));
    expect((await verifyStores(interrupted, RESTAURANTS)).ok).toBe(true);
    expect((await verifyStores(clean, RESTAURANTS)).ok).toBe(true);
  });

  it('indexes what a run killed before draining left in the outbox', async () => {
    const store = ns.stores.byMode.live;
    const other = await generatedFile(40, 12); // new CAMIS range overlap: same ids, different content
    const summary = await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, other), { asOf, index: false });
    expect(summary.entitiesChanged).toBeGreaterThan(0);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(false);
    const drained = await drainOutbox(store, RESTAURANTS);
    expect(drained.entities).toBe(summary.entitiesChanged);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
  });

  it('applies a changed row to its establishment only, and accounts for duplicates on every run', async () => {
    const store = ns.stores.byMode.test;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    // Line 11 (a citation row) gets a new description; line 21 appears twice.
    const target = lines[10].split(',')[0];
    lines[10] = lines[10].replace(/("?),(Critical|Not Critical),/, ' (amended)$1,$2,');
    lines.splice(21, 0, lines[20]);
    const changedFile = `${file}.changed.csv`;
    fs.writeFileSync(changedFile, lines.join('\n'));
    const before = await versions(store);
    const summary = await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, changedFile), { asOf });
    expect(summary.rejections).toEqual([]);
    expect(summary.rowsMerged).toBe(1);
    expect(summary.rowsLoaded + summary.rowsMerged).toBe(summary.rowsRead);
    const after = await versions(store);
    const moved = Object.keys(after).filter((camis) => after[camis] !== before[camis]);
    expect(moved).toEqual([target]);
    const again = await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, changedFile), { asOf });
    expect(again).toMatchObject({ rowsLoaded: summary.rowsLoaded, rowsMerged: 1, entitiesChanged: 0 });
    const { hits } = await store.es.search({ index: store.indexAlias('restaurant_violations'), query: { term: { camis: target } }, size: 100 });
    expect(hits.hits.some((hit) => (hit._source as { description: string }).description.endsWith('(amended)'))).toBe(true);
    expect((await verifyStores(store, RESTAURANTS)).ok).toBe(true);
  });
});

describe('an ingest process killed with SIGKILL at random moments and run again', () => {
  let ns: TestNamespace;
  let file: string;
  beforeAll(async () => {
    ns = await createTestNamespace();
    file = await generatedFile(1500, 13);
  });
  afterAll(() => ns.cleanup());

  /** `npm run ingest -- restaurants` into this namespace. */
  const runIngest = (killAfterMs?: number) => runScript('ingest', ['restaurants', '--file', file, '--as-of', '2026-04-01'], ns.config.namespace, killAfterMs);

  it('leaves verify clean once a run completes, with the stores equal to an uninterrupted load', async () => {
    const killed = await killedRuns(runIngest, 1000);
    const completing = await runIngest();
    expect({ killed, code: completing.code, output: completing.output }).toEqual({ killed, code: 0, output: expect.any(String) });

    const interrupted = ns.stores.byMode.live;
    const report = await verifyStores(interrupted, RESTAURANTS);
    expect({ killed, ok: report.ok, differences: report.differences }).toEqual({ killed, ok: true, differences: [] });
    const uninterrupted = ns.stores.byMode.test;
    await ingestDataset(uninterrupted, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), { asOf });
    expect(await storeSnapshot(interrupted)).toEqual(await storeSnapshot(uninterrupted));
  }, 240_000);
});
