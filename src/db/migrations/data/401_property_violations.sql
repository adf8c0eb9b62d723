-- Properties: the violation dockets (DOB violations, ECB violations, DOB safety
-- violations) in one canonical table, one row per violation, joined to its lot by BBL.
-- Applied to each data schema (live, test) with search_path set.
--
-- A docket may name a lot before PLUTO has described it: the load then creates the lot
-- in property_lots on first sight with only what the BBL says (borough, block, lot; the
-- rest null), so every violation has its entity, its version and its outbox row; a later
-- PLUTO load fills the lot in (a change, so a new version).

-- One row per violation. (source_dataset, source_id) is what the dataset keeps stable
-- while the status changes: DOB's ISN_DOB_BIS_VIOL (its NUMBER gains a '*' when the
-- violation closes), ECB's ECB_VIOLATION_NUMBER, DOB safety's Violation Number.
-- Never deleted by a load: a violation absent from a later (possibly partial) file keeps
-- what was last known. Columns after `statusAt` are the Property violation item's
-- derived figures (src/domain/properties/violations.ts); status_columns holds the
-- dataset's own status columns they are derived from, so a new clock re-derives them
-- (ECB: a hearing ahead keeps a violation open).
create table property_violations (
  source_dataset        text not null,
  source_id             text not null,
  bbl                   text not null references property_lots (bbl),
  bin                   text,
  identifier            text not null,
  agency                text not null,
  record_type           text not null,
  status                text,
  description           text,
  issued_at             date,
  status_at             date,
  status_columns        jsonb not null,
  is_open               boolean not null,
  penalty_imposed_cents bigint not null,
  penalty_due_cents     bigint not null,
  primary key (source_dataset, source_id)
);

create index property_violations_bbl on property_violations (bbl, issued_at desc);

-- The digest of each lot's rows last applied, per dataset, with that application's row
-- accounting: a later file whose rows for a lot digest the same is not applied again.
create table dob_violations_source_hashes (
  bbl         text primary key references property_lots (bbl),
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table ecb_violations_source_hashes (
  bbl         text primary key references property_lots (bbl),
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table dob_safety_violations_source_hashes (
  bbl         text primary key references property_lots (bbl),
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);
