import type { Logger } from 'pino';
import { loadTestModeFixture } from '../ingest/fixture';
import { FAMILIES } from '../ingest/families';
import { upgradeIndices } from '../ingest/index/rebuild';
import { MODES } from '../src/db/schemas';
import type { Stores } from '../src/stores';

/**
 * Loads the data that ships with the repository into the test store: the restaurant,
 * properties and contractors fixtures through the ingest pipeline, then the owner documents
 * of the restaurant remediation example.
 * Both are idempotent, so every start can do it. Indices built from an older mapping (an
 * upgrade) are rebuilt first, in both modes, so the API never reads a document of the old shape.
 */
export async function loadBundledData(stores: Stores, logger: Logger): Promise<void> {
  for (const mode of MODES) {
    for (const family of FAMILIES) {
      const upgraded = await upgradeIndices(stores.byMode[mode], family);
      if (upgraded.length) logger.info({ mode, family: family.name, indices: upgraded }, 'rebuilt indices whose mapping changed');
    }
  }
  const store = stores.byMode.test;
  const { summaries, remediationDocumentsAdded } = await loadTestModeFixture(store);
  const rows = Object.fromEntries(Object.entries(summaries).map(([family, loaded]) => [family, loaded.reduce((sum, summary) => sum + summary.rowsLoaded, 0)]));
  logger.info({ rowsLoaded: rows, remediationDocumentsAdded }, 'test-mode fixture loaded');
}
