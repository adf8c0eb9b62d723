import type { PoolClient } from 'pg';
import { groupPortfolios, type OwnerContact, type OwnerRegistration, type Portfolio } from '../../../src/domain/owners/portfolios';
import type { ChangeKinds } from '../../../src/domain/changes';
import { OWNER_CHANGES, placementEvents } from '../../../src/domain/owners/changes';
import { recordEvents } from '../../changes/feed';
import { copyRows } from '../../load/copy-rows';

/** What a portfolio row holds besides its id (compared to tell a change). */
const content = (p: { lots: number; units: number; people: unknown; addresses: unknown; corporations: unknown }) =>
  JSON.stringify([p.lots, p.units, p.people, p.addresses, p.corporations]);

/** Whether a portfolio names an owner: a person or a corporate owner. */
const named = (p: { people: unknown[]; corporations: unknown[] }) => p.people.length + p.corporations.length > 0;

/** The lots of the portfolios that name an owner. */
function namedPlacement(portfolioOf: ReadonlyMap<string, string>, isNamed: (id: string) => boolean): Map<string, string> {
  return new Map([...portfolioOf].filter(([, id]) => isNamed(id)));
}

/**
 * Regroups every lot's owners into portfolios (src/domain/owners/portfolios.ts) from the HPD
 * registrations and contacts held, in the caller's transaction. The rule joins lots across
 * the whole city, so it runs whole, after every load of either data set. A portfolio whose
 * content changed gets a new version and an outbox row; one that no longer forms is kept with
 * no lots (dissolved); the lots' placement is replaced whole, and each lot that changed portfolio
 * is recorded in the change feed.
 */
export async function regroupPortfolios(client: PoolClient, asOf: Date): Promise<{ portfolios: number; lots: number; changed: number; events: number }> {
  const { rows: registrationRows } = await client.query<{ source_id: string; bbl: string; filed_on: string | null }>(
    "select source_id, bbl, filed_on::text from property_filings where source_dataset = 'hpd-registrations'",
  );
  const registrations: OwnerRegistration[] = registrationRows.map((row) => ({ registrationId: row.source_id, bbl: row.bbl, lastRegistrationDate: row.filed_on }));
  const { rows: contactRows } = await client.query<{ facts: OwnerContact }>(
    `select jsonb_build_object('registrationId', facts->'registrationId', 'type', facts->'type', 'corporationName', facts->'corporationName',
        'firstName', facts->'firstName', 'lastName', facts->'lastName', 'businessAddress', facts->'businessAddress') as facts
     from property_filings where source_dataset = 'hpd-contacts'`,
  );
  const { portfolios, registrationOf, portfolioOf } = groupPortfolios(registrations, contactRows.map((row) => row.facts));

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

  // The placement the feed compares, read before the portfolios are rewritten: only portfolios
  // that name an owner count (a registration whose contacts are not loaded yet names none, and
  // its lot's owners becoming known is not news, as an entity's first load is not).
  const { rows: placed } = await client.query<{ bbl: string; portfolio_id: string }>(
    `select l.bbl, l.portfolio_id from owner_portfolio_lots l join owner_portfolios p using (portfolio_id)
     where jsonb_array_length(p.people) + jsonb_array_length(p.corporations) > 0`,
  );
  const placedBefore = new Map(placed.map((row) => [row.bbl, row.portfolio_id]));

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
  // Every lot that changes portfolio is in the feed with the regrouping (lot_left, lot_joined,
  // and the portfolios formed or dissolved), placed where the lot is.
  const events = placementEvents(placedBefore, namedPlacement(portfolioOf, (id) => named(next.get(id)!)));
  const eventLots = [...new Set(events.flatMap((event) => (event.bbl ? [event.bbl] : [])))];
  const { rows: places } = eventLots.length
    ? await client.query<{ bbl: string; zip: string | null; borough: string }>('select bbl, zip, borough from property_lots where bbl = any($1::text[])', [eventLots])
    : { rows: [] };
  const placeOf = new Map(places.map((row) => [row.bbl, row]));
  await recordEvents(
    client,
    OWNER_CHANGES as ChangeKinds<never>,
    events.map((event) => ({ ...event, zip: event.bbl ? placeOf.get(event.bbl)?.zip ?? null : null, borough: event.bbl ? placeOf.get(event.bbl)?.borough ?? null : null })),
    asOf,
  );
  await client.query('delete from owner_portfolio_lots');
  await copyRows(client, 'owner_portfolio_lots', [
    ['bbl', 'text', (row) => row.bbl],
    ['portfolio_id', 'text', (row) => row.id],
    ['registration_id', 'text', (row) => registrationOf.get(row.bbl)],
  ], portfolios.flatMap((portfolio) => portfolio.bbls.map((bbl) => ({ bbl, id: portfolio.id }))));
  return { portfolios: portfolios.length, lots: lots.length, changed: changed.length, events: events.length };
}
