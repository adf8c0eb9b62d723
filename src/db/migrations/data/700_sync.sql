-- Sync with the city's portal (npm run sync; ingest/sync). One row per data set synced:
-- the position after the last row applied, the portal's :updated_at and :id of that row
-- (the next sync asks for rows after it, in that order), written in the transaction that
-- applies the rows it covers.
create table sync_positions (
  dataset      text primary key,
  updated_at   text not null,
  row_id       text not null,
  -- The last full pass that completed: everything the city published was read then.
  last_full_at timestamptz
);

-- Every sync of a data set, whatever its end: what it fetched and applied, where its
-- position moved, and its error.
create table sync_runs (
  id              bigserial primary key,
  dataset         text not null,
  full_pass       boolean not null,
  started_at      timestamptz not null default now(),
  finished_at     timestamptz,
  rows_fetched    integer,
  rows_applied    integer,
  rows_rejected   integer,
  rows_removed    integer,
  position_before text,
  position_after  text,
  ingest_run_id   bigint references ingest_runs (id) on delete set null,
  error           text
);

create index sync_runs_dataset on sync_runs (dataset, started_at desc);
