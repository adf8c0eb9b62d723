import type { Logger } from 'pino';
import { FIXTURE_REMEDIATION_CAMIS, fixtureReferenceDate, loadFixture } from '../ingest/fixture';
import { loadRemediationFixture } from '../src/community/fixture';
import type { Stores } from '../src/stores';

/**
 * Loads the data that ships with the repository into the test store: the eight-establishment
 * fixture through the ingest pipeline, then the owner documents of its remediation example.
 * Both are idempotent, so every start can do it.
 */
export async function loadBundledData(stores: Stores, logger: Logger): Promise<void> {
  const store = stores.byMode.test;
  const summary = await loadFixture(store);
  const documents = await loadRemediationFixture(store, FIXTURE_REMEDIATION_CAMIS, fixtureReferenceDate());
  logger.info({ fixture: summary, remediationDocumentsAdded: documents }, 'test-mode fixture loaded');
}
