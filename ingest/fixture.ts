import path from 'node:path';
import { loadRemediationFixture } from '../src/community/fixture';
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

/**
 * The whole test-mode data set: the restaurant fixture, then the owner remediation
 * documents of its remediation example (which need the fixture's open violations), then
 * the properties fixture, then the contractors fixture. What `npm start`, `npm run ingest -- fixture` and the test setup
 * load; idempotent.
 */
export async function loadTestModeFixture(
  store: DataStore,
): Promise<{ fixture: IngestSummary; remediationDocumentsAdded: number; properties: IngestSummary[]; contractors: IngestSummary }> {
  const fixture = await loadFixture(store);
  const remediationDocumentsAdded = await loadRemediationFixture(store, FIXTURE_REMEDIATION_CAMIS, fixtureReferenceDate());
  const properties = await loadPropertiesFixture(store);
  const contractors = await loadContractorsFixture(store);
  return { fixture, remediationDocumentsAdded, properties, contractors };
}
