import type { PoolClient } from 'pg';
import { groupPortfolios, type OwnerContact, type OwnerRegistration } from '../../../src/domain/owners/portfolios';
import { normalizeText } from '../../../src/search/normalize';
import { copyRows } from '../../load/copy-rows';

/**
 * Regroups every lot's owners into portfolios (src/domain/owners/portfolios.ts) from the HPD
 * registrations and contacts held, and replaces owner_portfolios and owner_portfolio_lots in
 * the caller's transaction. The rule joins lots across the whole city, so it runs whole:
 * after a load of either data set and in the daily rederive, never per chunk.
 */
export async function regroupPortfolios(client: PoolClient, asOf: Date): Promise<{ portfolios: number; lots: number }> {
  const { rows: registrationRows } = await client.query<{ source_id: string; bbl: string; filed_on: string | null }>(
    "select source_id, bbl, filed_on::text from property_filings where source_dataset = 'hpd-registrations'",
  );
  const registrations: OwnerRegistration[] = registrationRows.map((row) => ({ registrationId: row.source_id, bbl: row.bbl, lastRegistrationDate: row.filed_on }));
  const { rows: contactRows } = await client.query<{ facts: Record<string, any> }>(
    `select jsonb_build_object('registrationId', facts->'registrationId', 'type', facts->'type', 'corporationName', facts->'corporationName',
        'firstName', facts->'firstName', 'lastName', facts->'lastName', 'businessAddress', facts->'businessAddress') as facts
     from property_filings where source_dataset = 'hpd-contacts'`,
  );
  const contacts = contactRows.map(({ facts }) => facts as OwnerContact);
  const { portfolios, registrationOf } = groupPortfolios(registrations, contacts);

  const lots = [...new Set(portfolios.flatMap((portfolio) => portfolio.bbls))];
  const { rows: unitRows } = await client.query<{ bbl: string; unitsres: number | null }>('select bbl, unitsres from property_lots where bbl = any($1::text[])', [lots]);
  const unitsOf = new Map(unitRows.map((row) => [row.bbl, row.unitsres ?? 0]));
  await client.query('set constraints all deferred');
  await client.query('delete from owner_portfolio_lots');
  await client.query('delete from owner_portfolios');
  await copyRows(client, 'owner_portfolios', [
    ['id', 'text', (p) => p.id],
    ['lots', 'integer', (p) => p.bbls.length],
    ['units', 'integer', (p) => p.bbls.reduce((sum, bbl) => sum + (unitsOf.get(bbl) ?? 0), 0)],
    ['people', 'jsonb', (p) => p.people],
    ['addresses', 'jsonb', (p) => p.addresses],
    ['corporations', 'jsonb', (p) => p.corporations],
    ['search_text', 'text', (p) => normalizeText([...p.people, ...p.corporations, ...p.addresses].map((entry) => entry.name).join(' | '))],
    ['grouped_at', 'text', () => asOf.toISOString()],
  ], portfolios);
  await copyRows(client, 'owner_portfolio_lots', [
    ['bbl', 'text', (row) => row.bbl],
    ['portfolio_id', 'text', (row) => row.id],
    ['registration_id', 'text', (row) => registrationOf.get(row.bbl)],
  ], portfolios.flatMap((portfolio) => portfolio.bbls.map((bbl) => ({ bbl, id: portfolio.id }))));
  return { portfolios: portfolios.length, lots: lots.length };
}
