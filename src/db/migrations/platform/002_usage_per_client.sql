-- A key shared in public (the consoles' test key) is limited per client address, so one busy
-- client cannot spend every other client's day. Commissioned keys keep exact per-key counting.
alter table api_keys add column limit_per_client boolean not null default false;

update api_keys set limit_per_client = true
 where key_hash in (select encode(sha256(convert_to(value, 'UTF8')), 'hex') from platform_settings where name = 'public_test_key');

-- One row per key, client address (or IPv6 /64 network) and UTC day; counted with an atomic upsert.
create table api_usage_client_daily (
  key_id  bigint not null references api_keys(id) on delete cascade,
  client  text not null,
  day     date not null,
  count   integer not null default 0,
  primary key (key_id, client, day)
);
