-- Properties: tax lots by BBL (from PLUTO), the outbox that carries every change to
-- Elasticsearch, and the digests of the PLUTO rows last applied. Applied to each data
-- schema (live, test) with search_path set.

create sequence property_version_seq;

-- One row per tax lot. Never deleted: a lot missing from a later release (merged, or a
-- partial file) keeps what was known. `version` grows on every change and is the external
-- version of its Elasticsearch documents. Columns keep PLUTO's names; null = not known.
create table property_lots (
  bbl           text primary key,
  borough       text not null,
  block         integer not null,
  lot           integer not null,
  address       text,
  zip           text,
  bldgclass     text,
  landuse       text,
  numfloors     double precision,
  unitsres      integer,
  unitstotal    integer,
  bldgarea      integer,
  lotarea       integer,
  numbldgs      integer,
  yearbuilt     integer,
  cd            text,
  ownername     text,
  latitude      double precision,
  longitude     double precision,
  version       bigint not null default nextval('property_version_seq'),
  first_seen_at timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);

-- Transactional outbox: written in the same transaction as any change to a lot's rows;
-- drained to Elasticsearch by the indexer.
create table property_outbox (
  id         bigserial primary key,
  bbl        text not null,
  created_at timestamptz not null default now()
);

-- The digest of each lot's PLUTO rows last applied, with that application's row
-- accounting: a later file whose rows for a lot digest the same is not applied again.
create table pluto_source_hashes (
  bbl         text primary key references property_lots (bbl),
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);
