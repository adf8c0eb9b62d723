-- Webhooks (src/webhooks): subscriptions belong to one key (a live key's receive live
-- changes, a test key's the test mode's); each event matched is one delivery row, recorded
-- with its attempts. The queue that runs deliveries is pg-boss, in its own schema <ns>_jobs.
create table webhook_subscriptions (
  id          text primary key,
  key_id      bigint not null references api_keys (id) on delete cascade,
  mode        text not null check (mode in ('live', 'test')),
  url         text not null,
  -- Signs every delivery (HMAC-SHA256); shown once at creation. Kept in clear: signing needs it.
  secret      text not null,
  description text,
  -- Empty: no restriction on that axis. entity_ids, zips and boroughs select together (any of them).
  families    text[] not null,
  kinds       text[] not null,
  entity_ids  text[] not null,
  zips        text[] not null,
  boroughs    text[] not null,
  created_at  timestamptz not null default now(),
  deleted_at  timestamptz
);
create index webhook_subscriptions_key on webhook_subscriptions (key_id, created_at, id) where deleted_at is null;
create index webhook_subscriptions_mode on webhook_subscriptions (mode) where deleted_at is null;

create table webhook_deliveries (
  id               bigserial primary key,
  subscription_id  text not null references webhook_subscriptions (id) on delete cascade,
  change_id        bigint not null,
  event_id         text not null,
  kind             text not null,
  entity_id        text not null,
  -- The event as sent, byte for byte (each attempt signs it with its own timestamp).
  body             text not null,
  status           text not null default 'pending' check (status in ('pending', 'delivered', 'retrying', 'failed', 'cancelled')),
  attempts         integer not null default 0,
  last_status_code integer,
  last_error       text,
  created_at       timestamptz not null default now(),
  last_attempt_at  timestamptz,
  delivered_at     timestamptz,
  -- One delivery per event and subscription, however often the fanout runs.
  unique (subscription_id, change_id)
);
create index webhook_deliveries_subscription on webhook_deliveries (subscription_id, id desc);
-- Records are kept DELIVERY_RETENTION_DAYS (src/webhooks/worker.ts), pruned by the minute's fanout.
create index webhook_deliveries_created on webhook_deliveries (created_at);

-- The last change id of each mode the fanout has matched against the subscriptions.
create table webhook_fanout_positions (
  mode           text primary key check (mode in ('live', 'test')),
  last_change_id bigint not null default 0
);
insert into webhook_fanout_positions (mode) values ('live'), ('test');
