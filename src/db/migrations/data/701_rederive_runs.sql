-- Every rederive of a family (the worker's daily schedule, npm run ingest -- rederive): the
-- day it derived as of, when it ran, how many entities changed, and its error. The worker's
-- runs are otherwise invisible: no command line prints them.
create table rederive_runs (
  id          bigserial primary key,
  family      text not null,
  as_of       timestamptz not null,
  started_at  timestamptz not null default now(),
  finished_at timestamptz,
  changed     integer,
  error       text
);

create index rederive_runs_family on rederive_runs (family, started_at desc);
