import path from 'node:path';
import { loadRemediationFixture } from '../src/community/fixture';
import { FIXTURES_DIR, fixtureReferenceDate } from '../src/platform/fixture-clock';
import type { DataStore } from '../src/stores';
import { RESTAURANT_INSPECTIONS_LOAD } from './families/restaurants';
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
 * The whole test-mode data set: the restaurant fixture, then the owner remediation
 * documents of its remediation example (which need the fixture's open violations). What
 * `npm start`, `npm run ingest -- fixture` and the test setup load; idempotent.
 */
export async function loadTestModeFixture(store: DataStore): Promise<{ fixture: IngestSummary; remediationDocumentsAdded: number }> {
  const fixture = await loadFixture(store);
  const remediationDocumentsAdded = await loadRemediationFixture(store, FIXTURE_REMEDIATION_CAMIS, fixtureReferenceDate());
  return { fixture, remediationDocumentsAdded };
}
