-- The change feed (GET /api/v1/changes, src/changes): what the ingest saw change, one row
-- per entity and kind of change. Applied to each data schema (live, test), so test-mode
-- changes (the fixture's) and live ones never mix. Rows older than the retention
-- (src/changes/kinds.ts CHANGE_RETENTION_DAYS, before the ingest's clock) are pruned by the ingest.
create table changes (
  id          bigserial primary key,
  family      text not null check (family in ('restaurant', 'property', 'contractor')),
  entity_id   text not null,
  kind        text not null,
  -- The ingest's clock (as of): the load or rederive that saw the change.
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  zip         text,
  borough     text,
  -- from/to of a grade change, count of new rows, the date of a new inspection.
  detail      jsonb not null default '{}'
);
create index changes_family_id on changes (family, id);
create index changes_occurred_at on changes (occurred_at);

-- The derived state each entity had when the feed last looked (src/changes/kinds.ts
-- ChangeState): the next load or rederive compares against it. An entity without a row here
-- is seen for the first time and records no change.
create table change_states (
  family    text not null,
  entity_id text not null,
  state     jsonb not null,
  primary key (family, entity_id)
);
