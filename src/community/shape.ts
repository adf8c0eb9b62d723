import { emptyCounts, scoreAdjustment, utcDate, type CommunityBlock, type ReportKind, type ScoredReport } from '../domain/community/score';

/**
 * One establishment's reports of one kind, as the community block's statement reads them
 * (store.ts): the count, the newest filing, and the filing times and client keys of those
 * still docking, paired by position.
 */
export interface CommunityBlockRow {
  camis: string;
  kind: ReportKind;
  count: number;
  last: Date;
  docking: Date[] | null;
  docking_clients: Array<string | null> | null;
}

export const EMPTY_COMMUNITY_BLOCK: CommunityBlock = {
  counts: { pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 0, praise_clean: 0 },
  lastReportAt: null,
  scoreAdjustment: 0,
};

/** One block per requested camis, from its rows (establishments without any get the empty block), as of `asOf`. */
export function communityBlocksOf(camis: string[], rows: readonly CommunityBlockRow[], asOf: Date): Map<string, CommunityBlock> {
  const blocks = new Map<string, CommunityBlock>(camis.map((id) => [id, { ...EMPTY_COMMUNITY_BLOCK, counts: emptyCounts() }]));
  const newest = new Map<string, Date>();
  const docking = new Map<string, ScoredReport[]>();
  for (const row of rows) {
    const block = blocks.get(row.camis);
    if (!block) continue;
    block.counts[row.kind] = row.count;
    const seen = newest.get(row.camis);
    if (!seen || row.last > seen) newest.set(row.camis, row.last);
    if (row.docking) {
      const list = docking.get(row.camis) ?? [];
      for (const [index, createdAt] of row.docking.entries()) list.push({ kind: row.kind, status: 'active', createdAt, clientKey: row.docking_clients?.[index] ?? null });
      docking.set(row.camis, list);
    }
  }
  for (const [id, last] of newest) blocks.get(id)!.lastReportAt = utcDate(last);
  // Every row here is public (active, disputed or upheld), and those statuses dock alike.
  for (const [id, reports] of docking) blocks.get(id)!.scoreAdjustment = scoreAdjustment(reports, asOf);
  return blocks;
}
