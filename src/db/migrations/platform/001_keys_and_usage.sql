-- API keys: only a SHA-256 hash of each key is kept. A live key and its test twin share a pair id.
create table api_keys (
  id           bigserial primary key,
  pair_id      uuid not null,
  key_hash     text not null unique,
  key_prefix   text not null,
  mode         text not null check (mode in ('live', 'test')),
  name         text not null,
  tier         text not null check (tier in ('standard', 'unlimited')),
  daily_limit  integer check (daily_limit is null or daily_limit > 0),
  created_at   timestamptz not null default now(),
  revoked_at   timestamptz,
  unique (pair_id, mode)
);

-- One row per key per UTC day; requests are counted with an atomic upsert.
create table api_usage_daily (
  key_id  bigint not null references api_keys(id) on delete cascade,
  day     date not null,
  count   integer not null default 0,
  primary key (key_id, day)
);

-- Named settings of the deployment, e.g. the shared public test key shown by `npm start`.
create table platform_settings (
  name   text primary key,
  value  text not null
);
