/**
 * The owner documents of the test-mode data set: the spec promises one fixture
 * establishment with a populated owner-response block. The restaurant fixture
 * (ingest/fixture.ts) names the establishment; this loads its documents, after the
 * restaurant fixture itself, into the test store. Idempotent.
 */
import type { DataStore } from '../../stores';
import { addFixtureDocument, openCitations } from './store';

/** Violation codes documented, with the document kind and upload date (fixed, so test mode is deterministic). */
export const FIXTURE_REMEDIATION_DOCUMENTS = [
  { code: '04L', kind: 'invoice', documentedAt: '2025-11-20' },
  { code: '10F', kind: 'receipt', documentedAt: '2025-11-24' },
] as const;

/** Documents the open violations listed above for `camis`, as of the fixture's reference date. */
export async function loadRemediationFixture(store: DataStore, camis: string, asOf: Date): Promise<number> {
  const open = await openCitations(store.pg, [camis], asOf);
  let added = 0;
  for (const document of FIXTURE_REMEDIATION_DOCUMENTS) {
    for (const citation of open.filter((candidate) => candidate.code === document.code)) {
      added += await addFixtureDocument(store.pg, citation, document.kind, document.documentedAt);
    }
  }
  return added;
}
