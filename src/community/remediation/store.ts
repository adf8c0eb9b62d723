/**
 * The remediation object of restaurant profiles: owner-submitted documents (invoice,
 * receipt, certificate) measured against the violations open right now. Unverified; it
 * never changes grade, score or risk.
 */
import type { Pool } from 'pg';
import { keptRows } from '../../db/kept-reads';
import { prepared } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { citationId, type CitationKey } from '../../domain/community/remediation';
import type { DataStore } from '../../stores';
import { type OpenViolationRow, remediationBlocksOf } from './shape';
import type { RemediationBlock } from './types';

/**
 * The open violations of establishments: the citations of every visit on the latest
 * inspection date (the ingest's definition, src/domain/restaurants/history.ts
 * openCitations), as of `asOf`.
 */
export async function openCitations(pg: Pool, camis: string[], asOf: Date): Promise<Array<CitationKey & { category: string }>> {
  const { rows } = await pg.query(
    `with latest as (
       select camis, max(inspected_at) as inspected_at from restaurant_inspections where camis = any($1) and inspected_at <= $2::date group by camis
     )
     select c.camis, c.inspected_at, c.inspection_type, c.code, c.category
       from restaurant_citations c join latest l on l.camis = c.camis and l.inspected_at = c.inspected_at
      order by c.camis, c.inspection_type, c.code`,
    [camis, asOf.toISOString().slice(0, 10)],
  );
  return rows.map((row) => ({ camis: row.camis, inspectedAt: row.inspected_at, inspectionType: row.inspection_type, code: row.code, category: row.category }));
}

/**
 * The remediation object per camis: null when nothing is documented against an open
 * violation. Open violations are measured as of `asOf` (default now).
 */
export async function remediationBlocks(store: DataStore, camis: string[], asOf: Date = new Date()): Promise<Map<string, RemediationBlock | null>> {
  if (!camis.length) return remediationBlocksOf(camis, []);
  // Only establishments with at least one owner document are measured. Nearly every
  // profile has none: for those a one-table probe (cheap to plan and to run) is all the
  // work; the open-violation join runs only for the few establishments with documents.
  // One establishment (every profile) is compared as a scalar so the prepared probe keeps
  // one generic plan (see COMMUNITY_BLOCKS in ../store.ts).
  const probe = await keptRows<{ camis: string }>(
    store,
    camis.length === 1
      ? prepared('select distinct camis from remediation_documents where camis = $1', [camis[0]])
      : prepared('select distinct camis from remediation_documents where camis = any($1)', [camis]),
  );
  if (!probe.length) return remediationBlocksOf(camis, []);
  const rows = await keptRows<OpenViolationRow>(
    store,
    prepared(
      `with latest as (
             select camis, max(inspected_at) as inspected_at from restaurant_inspections where camis = any($1) and inspected_at <= $2::date group by camis
           )
           select c.camis, c.category,
                  (select max(d.documented_at) from remediation_documents d
                    where d.camis = c.camis and d.inspected_at = c.inspected_at and d.inspection_type = c.inspection_type and d.code = c.code)::text as documented_at
             from restaurant_citations c join latest l on l.camis = c.camis and l.inspected_at = c.inspected_at`,
      [probe.map((row) => row.camis), asOf.toISOString().slice(0, 10)],
    ),
  );
  return remediationBlocksOf(camis, rows);
}

/**
 * Records an owner document of `kind`, uploaded on `date` (YYYY-MM-DD), against each of
 * `citations`, each with its line in community_admin_log, in one transaction: no document
 * without its log line.
 */
export async function addRemediationDocuments(pg: Pool, citations: readonly CitationKey[], kind: string, date: string): Promise<void> {
  await inTransaction(pg, async (client) => {
    for (const citation of citations) {
      await client.query(
        'insert into remediation_documents (camis, inspected_at, inspection_type, code, kind, documented_at) values ($1, $2, $3, $4, $5, $6)',
        [citation.camis, citation.inspectedAt, citation.inspectionType, citation.code, kind, date],
      );
      await client.query(`insert into community_admin_log (action, target, to_value, detail) values ('remediation_add', $1, $2, $3)`, [
        citation.camis,
        kind,
        JSON.stringify({ citation: citationId(citation), documentedAt: date }),
      ]);
    }
  });
}

/**
 * A document of the test-mode fixture (fixture.ts) against one citation: stored once however
 * often the fixture loads, and logged when it is stored. How many rows it added (0 or 1).
 */
export async function addFixtureDocument(pg: Pool, citation: CitationKey, kind: string, documentedAt: string): Promise<number> {
  const { rowCount } = await pg.query(
    `insert into remediation_documents (camis, inspected_at, inspection_type, code, kind, documented_at)
         select $1, $2, $3, $4, $5, $6
          where not exists (select 1 from remediation_documents where camis = $1 and inspected_at = $2 and inspection_type = $3 and code = $4 and kind = $5)`,
    [citation.camis, citation.inspectedAt, citation.inspectionType, citation.code, kind, documentedAt],
  );
  if (rowCount) {
    await pg.query(`insert into community_admin_log (action, target, to_value, reason, detail) values ('remediation_add', $1, $2, 'test-mode fixture', $3)`, [
      citation.camis,
      kind,
      JSON.stringify({ citation: citationId(citation), documentedAt }),
    ]);
  }
  return rowCount ?? 0;
}
