import type { RemediationBlock } from './types';

/** An open violation of a measured establishment, with the latest upload date of its documents (null: none). */
export interface OpenViolationRow {
  camis: string;
  category: string;
  documented_at: string | null;
}

const CATEGORY_ORDER = ['vermin', 'food_temp', 'hygiene', 'facility', 'admin', 'other'];

/**
 * The remediation object per camis, or null when no open violation has a document.
 * categories: distinct categories of the documented open violations, in the category
 * enumeration's order. lastDocumentedAt: the latest upload date among the documents of
 * open violations (documents of violations no longer open do not count).
 */
export function remediationBlocksOf(camis: string[], rows: readonly OpenViolationRow[]): Map<string, RemediationBlock | null> {
  const blocks = new Map<string, RemediationBlock | null>(camis.map((id) => [id, null]));
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
