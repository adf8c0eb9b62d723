-- Owners: the portfolios HPD registrations and their contacts group lots into
-- (src/domain/owners/portfolios.ts, PORTFOLIO_RULE). Applied to each data schema (live,
-- test) with search_path set.
--
-- Derived, never loaded: every load of HPD registrations or contacts regroups the whole city
-- in one transaction (ingest/families/owners/portfolios.ts), so a reader sees the grouping
-- before or after, never half of it.

create sequence owner_version_seq;

-- One row per portfolio ever formed, keyed by its id (the lowest BBL of its lots when it
-- formed). Never deleted: a portfolio that no longer forms keeps its row with lots = 0
-- (dissolved: not served, not listed by the search), so its document is replaced like any
-- other change. people, addresses and corporations: [{name, registrations}], most
-- registrations first; version grows on every change (the document's external version).
create table owner_portfolios (
  portfolio_id text primary key,
  lots         integer not null,
  units        integer not null,
  people       jsonb not null,
  addresses    jsonb not null,
  corporations jsonb not null,
  grouped_at   timestamptz not null,
  version      bigint not null default nextval('owner_version_seq'),
  updated_at   timestamptz not null default now()
);

-- Each lot with a registration, in its portfolio, with the registration that placed it
-- (the lot's current one). Replaced whole by each regrouping.
create table owner_portfolio_lots (
  bbl             text primary key,
  portfolio_id    text not null references owner_portfolios (portfolio_id),
  registration_id text not null
);

create index owner_portfolio_lots_portfolio on owner_portfolio_lots (portfolio_id, bbl);

-- Transactional outbox: a row per portfolio changed by a regrouping, written in its
-- transaction; drained to Elasticsearch (the portfolios index) by the indexer.
create table owner_outbox (
  id           bigserial primary key,
  portfolio_id text not null,
  since        bigint,
  created_at   timestamptz not null default now()
);
