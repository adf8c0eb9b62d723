-- Properties: the buildings of each lot (BIN -> BBL) and the compliance-evidence datasets
-- (DOB complaints, facade filings, elevator devices, LL84 benchmarking, LL33 energy grades,
-- HPD registrations) in one canonical table, one row per filing record. Applied to each
-- data schema (live, test) with search_path set.

-- Which lot each building stands on, learned from every dataset row that names both a
-- real BIN (never a placeholder 'million' BIN such as 1000000 or 1999999) and a BBL.
-- Datasets that name only a building find their lot here (lotsOfBins); a BIN no loaded
-- dataset has placed on a lot rejects its row. The first lot a BIN is seen on stays (a
-- later dataset that places it elsewhere does not move it). Never deleted by a load.
create table property_buildings (
  bin            text primary key,
  bbl            text not null references property_lots (bbl),
  source_dataset text not null,
  first_seen_at  timestamptz not null default now()
);

create index property_buildings_bbl on property_buildings (bbl);

-- One row per filing record. (source_dataset, source_id) is what the dataset keeps stable
-- for the record: DOB complaints' Complaint Number, the facade reinspection's RCDISN, the
-- elevator's device number, LL84's BBL/BIN pair, LL33's BBL, HPD's RegistrationID.
-- filed_on is the record's own date (complaint entered, re-inspection, last periodic
-- inspection, registration), end_on the date it lapses (HPD RegistrationEndDate), status
-- and category the dataset's status and class words; facts holds the typed values the
-- deadline rules read (src/properties/lot-facts.ts), fields the source row's fields as
-- the dataset wrote them (trimmed, blanks left out). Never deleted by a load.
create table property_filings (
  source_dataset text not null,
  source_id      text not null,
  bbl            text not null references property_lots (bbl),
  bin            text,
  filed_on       date,
  end_on         date,
  status         text,
  category       text,
  facts          jsonb not null,
  fields         jsonb not null,
  primary key (source_dataset, source_id)
);

create index property_filings_bbl on property_filings (bbl, source_dataset);

-- The digest of each entity's rows last applied, per dataset, with that application's
-- row accounting. The entity is the lot (BBL); for a row that names only its building
-- (DOB complaints) it is the BIN until the row is joined to its lot, so no reference.
create table dob_complaints_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table facade_filings_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table elevators_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table energy_benchmarking_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table energy_grades_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table hpd_registrations_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

-- DOB safety violations keep their Violation Type (LL6291, LBLVIO, FTC-VT-CAT1-CO) and
-- Device Type (Boiler, Elevator) columns, which the deadline rules read; null for rows
-- loaded before this migration until the dataset is loaded again. A safety violation
-- with no BBL is joined to its lot by BIN through property_buildings; its digest entity
-- is then the BIN, so that dataset's digest table loses its reference to the lots.
alter table property_violations add column violation_type text, add column device_type text;
alter table dob_safety_violations_source_hashes drop constraint dob_safety_violations_source_hashes_bbl_fkey;
