import fs from 'node:fs';
import path from 'node:path';
import { loadRemediationFixture } from '../src/community/fixture';
import type { DataStore } from '../src/stores';
import { ingestRestaurants, IngestSummary } from './load/pipeline';
import { fileSource } from './sources/restaurants/source';

/**
 * The test-mode data set: eight establishments in the portal export format, computed as
 * of a fixed reference date so a test key gets the same bytes on any day.
 */
export const FIXTURE_DIR = path.resolve(__dirname, '../fixtures/restaurants');
export const FIXTURE_FILE = path.join(FIXTURE_DIR, 'inspections.csv');
const REFERENCE_DATE_FILE = path.join(FIXTURE_DIR, 'reference-date.txt');

/** The establishment whose open violations carry owner remediation documents (another feature loads those). */
export const FIXTURE_REMEDIATION_CAMIS = '41000002';

export function fixtureReferenceDate(): Date {
  const text = fs.readFileSync(REFERENCE_DATE_FILE, 'utf8').trim();
  const date = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime())) throw new Error(`bad fixture reference date "${text}"`);
  return date;
}

/** Loads the fixture into a store (the test store) through the ingest pipeline; idempotent. */
export async function loadFixture(store: DataStore): Promise<IngestSummary> {
  return ingestRestaurants(store, fileSource(FIXTURE_FILE), { asOf: fixtureReferenceDate() });
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
