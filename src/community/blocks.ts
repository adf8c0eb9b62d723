import type { DataStore } from '../stores';

/**
 * The community and owner-remediation blocks of restaurant profiles, loaded for many
 * establishments at once (profiles and batch). The restaurant profile calls these; the
 * community family owns what they compute.
 */
export interface CommunityBlock {
  counts: { pest: number; food_poisoning: number; sanitation_other: number; praise_taste: number; praise_clean: number };
  lastReportAt: string | null;
  scoreAdjustment: number;
}

export interface RemediationBlock {
  openViolations: number;
  documentedOpenViolations: number;
  categories: string[];
  lastDocumentedAt: string | null;
}

export const EMPTY_COMMUNITY_BLOCK: CommunityBlock = {
  counts: { pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 0, praise_clean: 0 },
  lastReportAt: null,
  scoreAdjustment: 0,
};

/** One block per requested camis (establishments with no reports get the empty block). */
export async function communityBlocks(store: DataStore, camis: string[], asOf: Date): Promise<Map<string, CommunityBlock>> {
  void store;
  void asOf;
  return new Map(camis.map((id) => [id, EMPTY_COMMUNITY_BLOCK]));
}

/** The remediation object per camis: null when nothing is documented against an open violation. */
export async function remediationBlocks(store: DataStore, camis: string[]): Promise<Map<string, RemediationBlock | null>> {
  void store;
  return new Map(camis.map((id) => [id, null]));
}
