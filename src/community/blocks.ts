import type { DataStore } from '../stores';
import { computeRemediationBlocks, type RemediationBlock } from './remediation';
import { PUBLIC_STATUSES } from './reports';
import { DOCK_FADE_DAYS, emptyCounts, NEGATIVE_KIND_DOCK, REPORT_KINDS, scoreAdjustment, utcDate, type CommunityBlock, type ReportKind, type ReportStatus } from './score';

/**
 * The community and owner-remediation blocks of restaurant profiles, loaded for many
 * establishments at once (profiles and batch). The restaurant profile calls these; the
 * community family owns what they compute. Both read the reports and documents tables on
 * every call (no cache), so moderation, erasure and new reports show at once.
 */
export type { CommunityBlock, RemediationBlock };

export const EMPTY_COMMUNITY_BLOCK: CommunityBlock = {
  counts: { pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 0, praise_clean: 0 },
  lastReportAt: null,
  scoreAdjustment: 0,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const NEGATIVE_KINDS = REPORT_KINDS.filter((kind) => NEGATIVE_KIND_DOCK[kind] > 0);

/** One block per requested camis (establishments with no reports get the empty block). Hidden reports count for nothing. */
export async function communityBlocks(store: DataStore, camis: string[], asOf: Date): Promise<Map<string, CommunityBlock>> {
  const blocks = new Map<string, CommunityBlock>(camis.map((id) => [id, { ...EMPTY_COMMUNITY_BLOCK, counts: emptyCounts() }]));
  if (!camis.length) return blocks;
  const [counts, docking] = await Promise.all([
    store.pg.query<{ camis: string; kind: ReportKind; count: number; last: Date }>(
      `select camis, kind, count(*)::int as count, max(created_at) as last
         from community_reports where camis = any($1) and status = any($2) group by camis, kind`,
      [camis, PUBLIC_STATUSES],
    ),
    // Only negative reports younger than the fade window can still dock points.
    store.pg.query<{ camis: string; kind: ReportKind; status: ReportStatus; created_at: Date }>(
      `select camis, kind, status, created_at from community_reports
        where camis = any($1) and status = any($2) and kind = any($3) and created_at > $4`,
      [camis, PUBLIC_STATUSES, NEGATIVE_KINDS, new Date(asOf.getTime() - DOCK_FADE_DAYS * DAY_MS)],
    ),
  ]);
  const newest = new Map<string, Date>();
  for (const row of counts.rows) {
    const block = blocks.get(row.camis);
    if (!block) continue;
    block.counts[row.kind] = row.count;
    const seen = newest.get(row.camis);
    if (!seen || row.last > seen) newest.set(row.camis, row.last);
  }
  for (const [id, last] of newest) blocks.get(id)!.lastReportAt = utcDate(last);
  const byCamis = new Map<string, Array<{ kind: ReportKind; status: ReportStatus; createdAt: Date }>>();
  for (const row of docking.rows) {
    const list = byCamis.get(row.camis) ?? [];
    list.push({ kind: row.kind, status: row.status, createdAt: row.created_at });
    byCamis.set(row.camis, list);
  }
  for (const [id, reports] of byCamis) blocks.get(id)!.scoreAdjustment = scoreAdjustment(reports, asOf);
  return blocks;
}

/**
 * The remediation object per camis: null when nothing is documented against an open
 * violation. Open violations are measured as of `asOf` (default now).
 */
export async function remediationBlocks(store: DataStore, camis: string[], asOf: Date = new Date()): Promise<Map<string, RemediationBlock | null>> {
  return computeRemediationBlocks(store.pg, camis, asOf);
}
