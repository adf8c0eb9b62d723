import { loadRemediationFixture } from '../src/community/remediation/fixture';
import { isScheduled, previousFullPass, previousRun } from '../src/datasets/schedule';
import { fixtureReferenceDate } from '../src/platform/fixture-clock';
import type { DataStore } from '../src/stores';
import { INGEST_FAMILIES, PROPERTIES_INGEST, RESTAURANTS_INGEST } from './families';
import { registered, SCHEDULES } from './families/registry';
import type { IngestFamily } from './load/types';
import { ingestDataset, IngestSummary } from './load/pipeline';
import { fileSource } from './sources/source';

/**
 * The test-mode data set: each family's fixture files (its IngestFamily's `fixture`) in the
 * real export formats, loaded as of a fixed reference date so a test key gets the same bytes
 * on any day.
 */
export { fixtureReferenceDate };

/** The restaurants fixture's one file: eight establishments in the portal export format. */
export const FIXTURE_FILE = RESTAURANTS_INGEST.fixture[0].file;

/** The establishment whose open violations carry owner remediation documents (another feature loads those). */
export const FIXTURE_REMEDIATION_CAMIS = '41000002';

/** Loads a family's fixture files into a store (the test store) in order, as of the reference date; idempotent. */
export async function loadFamilyFixture(store: DataStore, ingest: IngestFamily): Promise<IngestSummary[]> {
  const summaries: IngestSummary[] = [];
  for (const { dataset, file } of ingest.fixture) summaries.push(await ingestDataset(store, dataset, fileSource(dataset.source, file), { asOf: fixtureReferenceDate() }));
  return summaries;
}

/** The restaurants fixture alone. */
export const loadFixture = async (store: DataStore): Promise<IngestSummary> => (await loadFamilyFixture(store, RESTAURANTS_INGEST))[0];

/** The properties fixture alone (fixtures/properties/README.md). */
export const loadPropertiesFixture = (store: DataStore): Promise<IngestSummary[]> => loadFamilyFixture(store, PROPERTIES_INGEST);

/** How long a fixture sync took: a fixed figure, so its record is the same at every load. */
const FIXTURE_SYNC_SECONDS = 30;
/** The row id a fixture sync's position names: no portal row stands behind it. */
const FIXTURE_ROW_ID = 'row-fixture';

/**
 * The sync state of the test-mode data set, as the worker's schedule would have left it on the
 * reference date: for each fixture data set the portal publishes, its last scheduled run before
 * that day (src/datasets/schedule.ts) recorded as a successful sync of the fixture's rows, and
 * its last full pass. Fixed figures, so GET /meta/sources gives test keys the same bytes at
 * every load and on any day. Replaces what an earlier load recorded; a sync of test mode run by
 * hand (npm run sync -- --mode test) is kept.
 */
export async function recordFixtureSyncs(store: DataStore, loaded: ReadonlyArray<{ dataset: string; summary: IngestSummary }>): Promise<void> {
  const reference = fixtureReferenceDate();
  for (const { dataset, summary } of loaded) {
    const facts = registered(dataset);
    const run = facts && isScheduled(facts) ? previousRun(dataset, reference, SCHEDULES) : null;
    if (!run) continue;
    const finished = new Date(run.at.getTime() + FIXTURE_SYNC_SECONDS * 1000);
    // The portal's last change read: an hour before the run, as a night's updates are.
    const updatedAt = new Date(run.at.getTime() - 3600_000).toISOString().replace('Z', '');
    const position = `${updatedAt} ${FIXTURE_ROW_ID}`;
    await store.pg.query(`delete from sync_runs where dataset = $1 and position_after like '% ${FIXTURE_ROW_ID}'`, [dataset]);
    await store.pg.query(
      `insert into sync_runs (dataset, full_pass, started_at, finished_at, rows_fetched, rows_applied, rows_rejected, rows_removed, position_after)
       values ($1, $2, $3, $4, $5, $6, $7, 0, $8)`,
      [dataset, run.full, run.at, finished, summary.rowsRead, summary.rowsLoaded + summary.rowsMerged, summary.rowsRejected, position],
    );
    await store.pg.query(
      `insert into sync_positions (dataset, updated_at, row_id, last_full_at) values ($1, $2, $3, $4)
       on conflict (dataset) do update set updated_at = excluded.updated_at, row_id = excluded.row_id, last_full_at = excluded.last_full_at
       where sync_positions.row_id = excluded.row_id`,
      [dataset, updatedAt, FIXTURE_ROW_ID, previousFullPass(dataset, reference, SCHEDULES)],
    );
  }
}

/**
 * The whole test-mode data set: every family's fixture in the families' order, the owner
 * remediation documents of the restaurant fixture's remediation example (they need its open
 * violations), then the sync state. What `npm start`, `npm run ingest -- fixture` and the test
 * setup load; idempotent. The summaries are by family name, each in its fixture's order.
 */
export async function loadTestModeFixture(store: DataStore): Promise<{ summaries: Record<string, IngestSummary[]>; remediationDocumentsAdded: number }> {
  const summaries: Record<string, IngestSummary[]> = {};
  for (const ingest of INGEST_FAMILIES) summaries[ingest.family.name] = await loadFamilyFixture(store, ingest);
  const remediationDocumentsAdded = await loadRemediationFixture(store, FIXTURE_REMEDIATION_CAMIS, fixtureReferenceDate());
  await recordFixtureSyncs(
    store,
    INGEST_FAMILIES.flatMap((ingest) => ingest.fixture.map(({ dataset }, i) => ({ dataset: dataset.source.name, summary: summaries[ingest.family.name][i] }))),
  );
  return { summaries, remediationDocumentsAdded };
}
