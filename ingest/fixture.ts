import path from 'node:path';
import { loadRemediationFixture } from '../src/community/fixture';
import { DATASETS } from '../src/datasets/registry';
import { isScheduled, previousFullPass, previousRun } from '../src/datasets/schedule';
import { FIXTURES_DIR, fixtureReferenceDate } from '../src/platform/fixture-clock';
import type { DataStore } from '../src/stores';
import {
  DOB_COMPLAINTS_LOAD, DOB_JOBS_LOAD, DOB_NOW_JOBS_LOAD, DOB_NOW_PERMITS_LOAD, DOB_PERMITS_LOAD, DOB_SAFETY_VIOLATIONS_LOAD, DOB_VIOLATIONS_LOAD,
  ECB_VIOLATIONS_LOAD, ELEVATORS_LOAD, ENERGY_BENCHMARKING_LOAD, ENERGY_GRADES_LOAD, FACADE_FILINGS_LOAD, HPD_REGISTRATIONS_LOAD, PLUTO_LOAD,
} from './families/properties';
import { OATH_LOAD } from './families/contractors';
import { RESTAURANT_INSPECTIONS_LOAD } from './families/restaurants';
import type { KeyedDataset } from './families/types';
import { ingestDataset, IngestSummary } from './load/pipeline';
import { fileSource } from './sources/source';

/**
 * The test-mode data set: eight establishments in the portal export format, computed as
 * of a fixed reference date so a test key gets the same bytes on any day.
 */
export { fixtureReferenceDate };
export const FIXTURE_FILE = path.join(FIXTURES_DIR, 'restaurants', 'inspections.csv');

/** The establishment whose open violations carry owner remediation documents (another feature loads those). */
export const FIXTURE_REMEDIATION_CAMIS = '41000002';

/** Loads the fixture into a store (the test store) through the ingest pipeline; idempotent. */
export async function loadFixture(store: DataStore): Promise<IngestSummary> {
  return ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS_LOAD.source, FIXTURE_FILE), { asOf: fixtureReferenceDate() });
}

/**
 * The properties fixture (fixtures/properties/README.md): each file in its dataset's real
 * export format, loaded in this order (PLUTO first, so the lots are described before their
 * dockets name them). A properties dataset with a fixture file adds one line here.
 */
export const PROPERTY_FIXTURE_FILES: ReadonlyArray<{ dataset: KeyedDataset<unknown>; file: string }> = [
  { dataset: PLUTO_LOAD as KeyedDataset<unknown>, file: 'pluto.csv' },
  { dataset: DOB_VIOLATIONS_LOAD as KeyedDataset<unknown>, file: 'dob_violations.csv' },
  { dataset: ECB_VIOLATIONS_LOAD as KeyedDataset<unknown>, file: 'ecb_violations.csv' },
  { dataset: DOB_SAFETY_VIOLATIONS_LOAD as KeyedDataset<unknown>, file: 'dob_safety_violations.csv' },
  // The permit datasets place their buildings (BIN -> lot) before the filings that name only a BIN.
  { dataset: DOB_PERMITS_LOAD as KeyedDataset<unknown>, file: 'dob_permits.csv' },
  { dataset: DOB_NOW_PERMITS_LOAD as KeyedDataset<unknown>, file: 'dob_now_permits.csv' },
  { dataset: DOB_JOBS_LOAD as KeyedDataset<unknown>, file: 'dob_jobs.csv' },
  { dataset: DOB_NOW_JOBS_LOAD as KeyedDataset<unknown>, file: 'dob_now_jobs.csv' },
  { dataset: DOB_COMPLAINTS_LOAD as KeyedDataset<unknown>, file: 'dob_complaints.csv' },
  { dataset: FACADE_FILINGS_LOAD as KeyedDataset<unknown>, file: 'facade_filings.csv' },
  { dataset: ELEVATORS_LOAD as KeyedDataset<unknown>, file: 'elevators.csv' },
  { dataset: ENERGY_BENCHMARKING_LOAD as KeyedDataset<unknown>, file: 'energy_benchmarking.csv' },
  { dataset: ENERGY_GRADES_LOAD as KeyedDataset<unknown>, file: 'energy_grades.csv' },
  { dataset: HPD_REGISTRATIONS_LOAD as KeyedDataset<unknown>, file: 'hpd_registrations.csv' },
].map(({ dataset, file }) => ({ dataset, file: path.join(FIXTURES_DIR, 'properties', file) }));

/** Loads the properties fixture into a store (the test store) through the ingest pipeline, as of the reference date; idempotent. */
export async function loadPropertiesFixture(store: DataStore): Promise<IngestSummary[]> {
  const summaries: IngestSummary[] = [];
  for (const { dataset, file } of PROPERTY_FIXTURE_FILES) {
    summaries.push(await ingestDataset(store, dataset, fileSource(dataset.source, file), { asOf: fixtureReferenceDate() }));
  }
  return summaries;
}

/** The contractors fixture (fixtures/contractors/README.md): OATH summonses in the portal export format. */
export const CONTRACTORS_FIXTURE_FILE = path.join(FIXTURES_DIR, 'contractors', 'oath.csv');

/** Loads the contractors fixture into a store (the test store) through the ingest pipeline, as of the reference date; idempotent. */
export async function loadContractorsFixture(store: DataStore): Promise<IngestSummary> {
  return ingestDataset(store, OATH_LOAD, fileSource(OATH_LOAD.source, CONTRACTORS_FIXTURE_FILE), { asOf: fixtureReferenceDate() });
}

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
    const facts = DATASETS.find((each) => each.name === dataset);
    const run = facts && isScheduled(facts) ? previousRun(dataset, reference) : null;
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
      [dataset, updatedAt, FIXTURE_ROW_ID, previousFullPass(dataset, reference)],
    );
  }
}

/**
 * The whole test-mode data set: the restaurant fixture, then the owner remediation
 * documents of its remediation example (which need the fixture's open violations), then
 * the properties fixture, then the contractors fixture, then their sync state. What `npm start`,
 * `npm run ingest -- fixture` and the test setup load; idempotent.
 */
export async function loadTestModeFixture(
  store: DataStore,
): Promise<{ fixture: IngestSummary; remediationDocumentsAdded: number; properties: IngestSummary[]; contractors: IngestSummary }> {
  const fixture = await loadFixture(store);
  const remediationDocumentsAdded = await loadRemediationFixture(store, FIXTURE_REMEDIATION_CAMIS, fixtureReferenceDate());
  const properties = await loadPropertiesFixture(store);
  const contractors = await loadContractorsFixture(store);
  await recordFixtureSyncs(store, [
    { dataset: RESTAURANT_INSPECTIONS_LOAD.source.name, summary: fixture },
    ...PROPERTY_FIXTURE_FILES.map(({ dataset }, i) => ({ dataset: dataset.source.name, summary: properties[i] })),
    { dataset: OATH_LOAD.source.name, summary: contractors },
  ]);
  return { fixture, remediationDocumentsAdded, properties, contractors };
}
