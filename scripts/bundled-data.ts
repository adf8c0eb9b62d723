import type { Logger } from 'pino';
import type { Stores } from '../src/stores';

/**
 * Loads the data that ships with the repository: the test-mode fixture into the test
 * store. Families add their loaders here as they arrive.
 */
export async function loadBundledData(stores: Stores, logger: Logger): Promise<void> {
  void stores;
  logger.debug('no bundled data loaders yet');
}
