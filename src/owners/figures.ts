import type { Pool, PoolClient } from 'pg';
import { OWNER_CHANGES } from '../domain/owners/changes';
import { PROPERTY_CHANGES } from '../domain/properties/changes';

/**
 * What other parts of the API may read of the owners family: which changes of the feed
 * concern a portfolio (the webhooks select by portfolio with it; src/server.ts hands it to
 * their worker).
 */
export interface OwnerFigures {
  /** The feed's family word of a portfolio's own changes: their entity is the portfolio. */
  portfolioFamily: string;
  /** The feed's family word of a lot's changes: they concern the portfolio the lot is placed in. */
  lotFamily: string;
  /** The portfolio each of these lots is placed in now; lots in none are absent. */
  portfoliosOfLots(pg: Pool | PoolClient, bbls: readonly string[]): Promise<Map<string, string>>;
}

export const ownerFigures: OwnerFigures = {
  portfolioFamily: OWNER_CHANGES.family,
  lotFamily: PROPERTY_CHANGES.family,
  async portfoliosOfLots(pg, bbls) {
    if (bbls.length === 0) return new Map();
    const { rows } = await pg.query<{ bbl: string; portfolio_id: string }>('select bbl, portfolio_id from owner_portfolio_lots where bbl = any($1::text[])', [bbls]);
    return new Map(rows.map((row) => [row.bbl, row.portfolio_id]));
  },
};
