import type { DataStore } from '../stores';
import type { NamedCount } from './types';

/** The owners family's own tables: the portfolios regrouped after each load of HPD registrations or contacts. */

export interface PortfolioRow {
  id: string;
  lots: number;
  units: number;
  people: NamedCount[];
  addresses: NamedCount[];
  corporations: NamedCount[];
  groupedAt: string;
}

export async function portfolioRow(store: DataStore, id: string): Promise<PortfolioRow | null> {
  const { rows } = await store.pg.query(
    // A dissolved portfolio (no lots since a regrouping) is no longer served.
    'select portfolio_id as id, lots, units, people, addresses, corporations, grouped_at from owner_portfolios where portfolio_id = $1 and lots > 0',
    [id],
  );
  const row = rows[0];
  return row ? { id: row.id, lots: row.lots, units: row.units, people: row.people, addresses: row.addresses, corporations: row.corporations, groupedAt: new Date(row.grouped_at).toISOString() } : null;
}

/** The lot's portfolio and the registration that placed it there; null when the lot has no registration. */
export async function lotPortfolio(store: DataStore, bbl: string): Promise<{ registrationId: string; portfolio: { id: string; lots: number; units: number } } | null> {
  const { rows } = await store.pg.query(
    `select l.registration_id, p.portfolio_id as id, p.lots, p.units from owner_portfolio_lots l join owner_portfolios p using (portfolio_id) where l.bbl = $1`,
    [bbl],
  );
  const row = rows[0];
  return row ? { registrationId: row.registration_id, portfolio: { id: row.id, lots: row.lots, units: row.units } } : null;
}

/** Every lot of the portfolio, by BBL. */
export async function portfolioLots(store: DataStore, id: string): Promise<string[]> {
  const { rows } = await store.pg.query('select bbl from owner_portfolio_lots where portfolio_id = $1 order by bbl', [id]);
  return rows.map((row) => row.bbl as string);
}

/** At most `count` lots of the portfolio after the BBL `after` (from the first when null), by BBL. */
export async function portfolioLotsAfter(store: DataStore, id: string, after: string | null, count: number): Promise<string[]> {
  const { rows } = await store.pg.query(
    'select bbl from owner_portfolio_lots where portfolio_id = $1 and bbl > $2 order by bbl limit $3',
    [id, after ?? '', count],
  );
  return rows.map((row) => row.bbl as string);
}

/** Whether the portfolio is served (formed, not dissolved). */
export async function portfolioExists(store: DataStore, id: string): Promise<boolean> {
  const { rows } = await store.pg.query('select 1 from owner_portfolios where portfolio_id = $1 and lots > 0', [id]);
  return rows.length > 0;
}

/** The lots of these portfolios together (dissolved and unknown ids count none). */
export async function portfolioLotCount(store: DataStore, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await store.pg.query('select coalesce(sum(lots), 0)::int as lots from owner_portfolios where portfolio_id = any($1::text[])', [[...new Set(ids)]]);
  return rows[0].lots;
}
