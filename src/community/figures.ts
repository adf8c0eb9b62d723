import type { DataStore } from '../stores';
import type { CommunityBlock } from '../domain/community/score';
import { communityBlocks } from './store';
import { remediationBlocks } from './remediation/store';
import type { RemediationBlock } from './remediation/types';

/**
 * What the community family shows on another family's pages, and the only module of
 * src/community another family may import (the import-graph test holds that). Today the
 * restaurant profile shows two blocks per establishment; a new figure is one more method
 * here, so the reader's side never learns how community stores or scores reports.
 *
 * The same seam serves the next family pair: contractors will offer src/contractors/figures.ts
 * (a ContractorFigures interface with the OATH summonses an establishment's RestaurantStats
 * shows) and the restaurant store will read that, never the contractor store.
 */
export interface CommunityFigures {
  /** One block per requested camis (an empty block when there are no reports), as the store's sandbox sees it. */
  communityBlocks(store: DataStore, camis: string[], asOf: Date): Promise<Map<string, CommunityBlock>>;
  /** Per requested camis, the owner-remediation block, or null when no open violation is documented. */
  remediationBlocks(store: DataStore, camis: string[], asOf: Date): Promise<Map<string, RemediationBlock | null>>;
}

export type { CommunityBlock, RemediationBlock };

export const communityFigures: CommunityFigures = { communityBlocks, remediationBlocks };
