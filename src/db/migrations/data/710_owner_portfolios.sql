-- Owners: the portfolios HPD registrations and their contacts group lots into
-- (src/domain/owners/portfolios.ts, PORTFOLIO_RULE). Applied to each data schema (live,
-- test) with search_path set.
--
-- Derived, never loaded: a load of HPD registrations or contacts regroups the whole city in
-- one transaction (ingest/families/properties/portfolios.ts), replacing both tables, so a
-- reader sees the grouping before or after, never half of it.

-- One row per portfolio. people, addresses and corporations: [{name, registrations}], most
-- registrations first. search_text: every name and address, folded, for the search.
create table owner_portfolios (
  id           text primary key,
  lots         integer not null,
  units        integer not null,
  people       jsonb not null,
  addresses    jsonb not null,
  corporations jsonb not null,
  search_text  text not null,
  grouped_at   timestamptz not null
);

-- Each lot with a current registration, in its portfolio, with the registration that put it there.
create table owner_portfolio_lots (
  bbl             text primary key,
  portfolio_id    text not null references owner_portfolios (id) deferrable initially deferred,
  registration_id text not null
);

create index owner_portfolio_lots_portfolio on owner_portfolio_lots (portfolio_id, bbl);
