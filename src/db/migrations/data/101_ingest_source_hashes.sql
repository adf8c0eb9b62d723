-- Fast path for re-loads: a digest of the source rows last applied for each establishment
-- (and the row accounting of that application). A later file whose rows for an
-- establishment digest the same cannot change anything, so they are not applied again.
-- Written in the same transaction as the establishment's canonical rows.
create table ingest_source_hashes (
  camis       text primary key references establishments (camis),
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);
