import type { Logger } from 'pino';
import { loadFixture } from '../ingest/fixture';
import type { Stores } from '../src/stores';

/**
 * Loads the data that ships with the repository: the test-mode fixture into the test
 * store, through the ingest pipeline (idempotent, so every start can do it).
 */
export async function loadBundledData(stores: Stores, logger: Logger): Promise<void> {
  const summary = await loadFixture(stores.byMode.test);
  logger.info({ fixture: summary }, 'test-mode fixture loaded');
}
