-- Properties: permits and job filings (DOB Permit Issuance and DOB Job Application
-- Filings from BIS, DOB NOW job filings and approved permits) in one canonical table, one
-- row per permit or job filing, joined to its lot by BBL. Applied to each data schema
-- (live, test) with search_path set.
--
-- As with the violation dockets, a lot a dataset names before PLUTO is created in
-- property_lots on first sight from its BBL alone, and filled in when PLUTO arrives.

-- One row per permit or job filing. (source_dataset, source_id) is what the dataset keeps
-- stable while the status changes: BIS permits' PERMIT_SI_NO (each renewal its own),
-- BIS jobs' Job # and Doc #, DOB NOW's Job Filing Number, DOB NOW permits' Work Permit
-- with its issue date. Never deleted by a load: a record absent from a later (possibly
-- partial) file keeps what was last known. is_open is derived
-- (src/domain/properties/permits.ts) from status_columns, the dataset's own status
-- columns, as of the run: a permit closes when its expiration date passes, so a new clock
-- re-derives it.
create table property_permits (
  source_dataset text not null,
  source_id      text not null,
  bbl            text not null references property_lots (bbl),
  bin            text,
  identifier     text not null,
  agency         text not null,
  record_type    text not null,
  status         text,
  description    text,
  issued_at      date,
  expires_at     date,
  status_at      date,
  status_columns jsonb not null,
  is_open        boolean not null,
  primary key (source_dataset, source_id)
);

create index property_permits_bbl on property_permits (bbl, issued_at desc);

-- The digest of each entity's rows last applied, per dataset, with that application's row
-- accounting: a later file whose rows for an entity digest the same is not applied again.
-- The entity is the lot (BBL); for a row that names only its building it is `bin:<BIN>`
-- until the row is joined to its lot (property_buildings, migration 403), so no reference.
create table dob_permits_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table dob_jobs_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table dob_now_jobs_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table dob_now_permits_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);
