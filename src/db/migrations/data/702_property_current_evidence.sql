-- Properties: the current compliance-evidence datasets (HPD registration contacts, DOB NOW
-- facade filings, elevator compliance and boiler reports, the LL84 disclosure) load into
-- property_filings like the older files; each has its digest table. The entity is the lot,
-- or the building (bin:<BIN>) or the HPD registration (registration:<id>) until the row is
-- joined to its lot, so no reference to the lots.
create table hpd_contacts_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table dob_now_facades_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table dob_now_elevators_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table dob_now_boilers_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

create table ll84_disclosure_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);

-- How far each data set is known complete (src/datasets/coverage.ts, evidenceDates): its
-- newest record's date, read per data set by the deadlines on every request (a kept read), so
-- an index answers it without scanning the data set's rows.
create index property_filings_dataset_date on property_filings (source_dataset, filed_on);
create index property_violations_dataset_date on property_violations (source_dataset, issued_at);

-- That read is kept between requests until one of its tables is written (src/db/kept-reads.ts).
select notify_data_changes_of('property_filings');
select notify_data_changes_of('property_violations');
select notify_data_changes_of('sync_positions');
