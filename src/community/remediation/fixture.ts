/**
 * The owner documents of the test-mode data set: the spec promises one fixture
 * establishment with a populated owner-response block. The restaurant fixture
 * (ingest/fixture.ts) names the establishment; this loads its documents, after the
 * restaurant fixture itself, into the test store. Idempotent.
 */
import type { DataStore } from '../../stores';
import { citationId } from '../../domain/community/remediation';
import { openCitations } from './store';

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
      const { rowCount } = await store.pg.query(
        `insert into remediation_documents (camis, inspected_at, inspection_type, code, kind, documented_at)
         select $1, $2, $3, $4, $5, $6
          where not exists (select 1 from remediation_documents where camis = $1 and inspected_at = $2 and inspection_type = $3 and code = $4 and kind = $5)`,
        [citation.camis, citation.inspectedAt, citation.inspectionType, citation.code, document.kind, document.documentedAt],
      );
      if (rowCount) {
        await store.pg.query(`insert into community_admin_log (action, target, to_value, reason, detail) values ('remediation_add', $1, $2, 'test-mode fixture', $3)`, [
          citation.camis,
          document.kind,
          JSON.stringify({ citation: citationId(citation), documentedAt: document.documentedAt }),
        ]);
      }
      added += rowCount ?? 0;
    }
  }
  return added;
}
