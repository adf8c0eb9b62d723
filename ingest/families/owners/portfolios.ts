import type { PoolClient } from 'pg';
import { groupPortfolios, type OwnerContact, type OwnerRegistration, type Portfolio } from '../../../src/domain/owners/portfolios';
import { copyRows } from '../../load/copy-rows';

/** What a portfolio row holds besides its id (compared to tell a change). */
const content = (p: { lots: number; units: number; people: unknown; addresses: unknown; corporations: unknown }) =>
  JSON.stringify([p.lots, p.units, p.people, p.addresses, p.corporations]);

/**
 * Regroups every lot's owners into portfolios (src/domain/owners/portfolios.ts) from the HPD
 * registrations and contacts held, in the caller's transaction. The rule joins lots across
 * the whole city, so it runs whole, after every load of either data set. A portfolio whose
 * content changed gets a new version and an outbox row; one that no longer forms is kept with
 * no lots (dissolved); the lots' placement is replaced whole.
 */
export async function regroupPortfolios(client: PoolClient, asOf: Date): Promise<{ portfolios: number; lots: number; changed: number }> {
  const { rows: registrationRows } = await client.query<{ source_id: string; bbl: string; filed_on: string | null }>(
    "select source_id, bbl, filed_on::text from property_filings where source_dataset = 'hpd-registrations'",
  );
  const registrations: OwnerRegistration[] = registrationRows.map((row) => ({ registrationId: row.source_id, bbl: row.bbl, lastRegistrationDate: row.filed_on }));
  const { rows: contactRows } = await client.query<{ facts: OwnerContact }>(
    `select jsonb_build_object('registrationId', facts->'registrationId', 'type', facts->'type', 'corporationName', facts->'corporationName',
        'firstName', facts->'firstName', 'lastName', facts->'lastName', 'businessAddress', facts->'businessAddress') as facts
     from property_filings where source_dataset = 'hpd-contacts'`,
  );
  const { portfolios, registrationOf } = groupPortfolios(registrations, contactRows.map((row) => row.facts));

  const lots = [...registrationOf.keys()];
  const { rows: unitRows } = await client.query<{ bbl: string; unitsres: number | null }>('select bbl, unitsres from property_lots where bbl = any($1::text[])', [lots]);
  const unitsOf = new Map(unitRows.map((row) => [row.bbl, row.unitsres ?? 0]));
  const rowOf = (portfolio: Portfolio) => ({
    id: portfolio.id,
    lots: portfolio.bbls.length,
    units: portfolio.bbls.reduce((sum, bbl) => sum + (unitsOf.get(bbl) ?? 0), 0),
    people: portfolio.people,
    addresses: portfolio.addresses,
    corporations: portfolio.corporations,
  });
  const next = new Map(portfolios.map((portfolio) => [portfolio.id, rowOf(portfolio)]));

  const { rows: stored } = await client.query('select portfolio_id, lots, units, people, addresses, corporations, version from owner_portfolios');
  const held = new Map(stored.map((row) => [row.portfolio_id as string, row]));
  const dissolved = stored.filter((row) => row.lots > 0 && !next.has(row.portfolio_id)).map((row) => ({ id: row.portfolio_id as string, lots: 0, units: 0, people: [], addresses: [], corporations: [] }));
  const changed = [...[...next.values()].filter((row) => !held.has(row.id) || content(held.get(row.id)) !== content(row)), ...dissolved];

  if (changed.length) {
    await client.query('create temporary table regrouped (like owner_portfolios including defaults) on commit drop');
    await copyRows(client, 'regrouped', [
      ['portfolio_id', 'text', (p) => p.id],
      ['lots', 'integer', (p) => p.lots],
      ['units', 'integer', (p) => p.units],
      ['people', 'jsonb', (p) => p.people],
      ['addresses', 'jsonb', (p) => p.addresses],
      ['corporations', 'jsonb', (p) => p.corporations],
      ['grouped_at', 'text', () => asOf.toISOString()],
    ], changed);
    await client.query(
      `insert into owner_outbox (portfolio_id, since)
       select r.portfolio_id, p.version from regrouped r left join owner_portfolios p using (portfolio_id)`,
    );
    await client.query(
      `insert into owner_portfolios (portfolio_id, lots, units, people, addresses, corporations, grouped_at)
       select portfolio_id, lots, units, people, addresses, corporations, grouped_at from regrouped
       on conflict (portfolio_id) do update set lots = excluded.lots, units = excluded.units, people = excluded.people,
         addresses = excluded.addresses, corporations = excluded.corporations, grouped_at = excluded.grouped_at,
         version = nextval('owner_version_seq'), updated_at = now()`,
    );
  }
  await client.query('delete from owner_portfolio_lots');
  await copyRows(client, 'owner_portfolio_lots', [
    ['bbl', 'text', (row) => row.bbl],
    ['portfolio_id', 'text', (row) => row.id],
    ['registration_id', 'text', (row) => registrationOf.get(row.bbl)],
  ], portfolios.flatMap((portfolio) => portfolio.bbls.map((bbl) => ({ bbl, id: portfolio.id }))));
  return { portfolios: portfolios.length, lots: lots.length, changed: changed.length };
}
