/**
 * The remediation object of restaurant profiles: owner-submitted documents (invoice,
 * receipt, certificate) measured against the violations open right now. Unverified; it
 * never changes grade, score or risk.
 */
import type { Pool } from 'pg';
import { keptRows } from '../../db/kept-reads';
import { prepared } from '../../db/pool';
import type { CitationKey } from '../../domain/community/remediation';

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


export interface RemediationBlock {
  openViolations: number;
  documentedOpenViolations: number;
  categories: string[];
  lastDocumentedAt: string | null;
}

const CATEGORY_ORDER = ['vermin', 'food_temp', 'hygiene', 'facility', 'admin', 'other'];

/**
 * The remediation object per camis, or null when no open violation has a document.
 * categories: distinct categories of the documented open violations, in the category
 * enumeration's order. lastDocumentedAt: the latest upload date among the documents of
 * open violations (documents of violations no longer open do not count).
 */
export async function computeRemediationBlocks(store: { schema: string; pg: Pool }, camis: string[], asOf: Date): Promise<Map<string, RemediationBlock | null>> {
  const blocks = new Map<string, RemediationBlock | null>(camis.map((id) => [id, null]));
  if (!camis.length) return blocks;
  // Only establishments with at least one owner document are measured. Nearly every
  // profile has none: for those a one-table probe (cheap to plan and to run) is all the
  // work; the open-violation join runs only for the few establishments with documents.
  // One establishment (every profile) is compared as a scalar so the prepared probe keeps
  // one generic plan (see COMMUNITY_BLOCKS in blocks.ts).
  const probe = await keptRows<{ camis: string }>(
    store,
    camis.length === 1
      ? prepared('select distinct camis from remediation_documents where camis = $1', [camis[0]])
      : prepared('select distinct camis from remediation_documents where camis = any($1)', [camis]),
  );
  if (!probe.length) return blocks;
  const rows = await keptRows<{ camis: string; category: string; documented_at: string | null }>(
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
  const tallies = new Map<string, { open: number; documented: number; categories: Set<string>; last: string | null }>();
  for (const row of rows) {
    const tally = tallies.get(row.camis) ?? { open: 0, documented: 0, categories: new Set<string>(), last: null };
    tally.open += 1;
    if (row.documented_at) {
      tally.documented += 1;
      tally.categories.add(row.category);
      if (!tally.last || row.documented_at > tally.last) tally.last = row.documented_at;
    }
    tallies.set(row.camis, tally);
  }
  for (const [id, tally] of tallies) {
    if (tally.documented === 0) continue;
    blocks.set(id, {
      openViolations: tally.open,
      documentedOpenViolations: tally.documented,
      categories: CATEGORY_ORDER.filter((category) => tally.categories.has(category)),
      lastDocumentedAt: tally.last,
    });
  }
  return blocks;
}
