import type { Logger } from 'pino';
import { loadTestModeFixture } from '../ingest/fixture';
import type { Stores } from '../src/stores';

/**
 * Loads the data that ships with the repository into the test store: the eight-establishment
 * fixture through the ingest pipeline, then the owner documents of its remediation example.
 * Both are idempotent, so every start can do it.
 */
export async function loadBundledData(stores: Stores, logger: Logger): Promise<void> {
  const store = stores.byMode.test;
  const { fixture, remediationDocumentsAdded } = await loadTestModeFixture(store);
  logger.info({ fixture, remediationDocumentsAdded }, 'test-mode fixture loaded');
}
