-- Community reports and device profiles. Applied to each data schema (live, test), so a
-- test key's device writes land in the test schema only. A device is known only by
-- device_hash, the salted HMAC of its X-Device-Id: the raw id is never stored.

-- One row per device that has written anything (a report, a username, an avatar). The row
-- is also the device's lock: every device write runs in a transaction that holds it
-- FOR UPDATE, which makes the report caps and the rename throttle exact under concurrency.
create table device_profiles (
  device_hash  text primary key,
  username     text,
  -- Usernames are unique case-insensitively; erasing the row frees the handle at once.
  username_key text unique,
  avatar_id    text,
  created_at   timestamptz not null default now(),
  renamed_at   timestamptz,
  check ((username is null) = (username_key is null))
);

create table community_reports (
  id           text primary key,                 -- random, unguessable
  seq          bigserial not null unique,        -- insertion order: newest first, cursor tiebreaker
  camis        text not null references establishments (camis),
  device_hash  text not null references device_profiles (device_hash),
  kind         text not null check (kind in ('pest', 'food_poisoning', 'sanitation_other', 'praise_taste', 'praise_clean')),
  pest_subtype text check (pest_subtype in ('rats', 'mice', 'roaches', 'flies', 'other')),
  body         text not null,
  status       text not null default 'active' check (status in ('active', 'disputed', 'hidden', 'upheld')),
  created_at   timestamptz not null,
  check ((kind = 'pest') = (pest_subtype is not null))
);
create index community_reports_by_camis on community_reports (camis, seq desc);
create index community_reports_by_device on community_reports (device_hash, seq desc);
create index community_reports_device_day on community_reports (device_hash, created_at) where status <> 'hidden';

create table report_photos (
  id           text primary key,                 -- random, unguessable
  report_id    text not null references community_reports (id) on delete cascade,
  position     smallint not null,
  content_type text not null check (content_type in ('image/jpeg', 'image/png')),
  bytes        bytea not null,
  unique (report_id, position)
);

create table avatars (
  id           text primary key,                 -- random, unguessable
  device_hash  text not null references device_profiles (device_hash) on delete cascade,
  content_type text not null check (content_type in ('image/jpeg')),
  bytes        bytea not null,
  created_at   timestamptz not null default now()
);
create index avatars_by_device on avatars (device_hash);

-- Owner-submitted proof of a fix for a cited violation (loaded by the admin command line).
-- It points at one citation (its full key); it documents that citation while the citation
-- is open (belongs to the establishment's latest inspection date).
create table remediation_documents (
  id              bigserial primary key,
  camis           text not null references establishments (camis),
  inspected_at    date not null,
  inspection_type text not null,
  code            text not null,
  kind            text not null check (kind in ('invoice', 'receipt', 'certificate')),
  documented_at   date not null,
  created_at      timestamptz not null default now()
);
create index remediation_documents_by_camis on remediation_documents (camis);

-- Every administrative move (report status, remediation document), never served.
create table community_admin_log (
  id         bigserial primary key,
  action     text not null check (action in ('report_status', 'remediation_add')),
  target     text not null,
  from_value text,
  to_value   text not null,
  reason     text,
  detail     jsonb,
  at         timestamptz not null default now()
);

-- Erasure (DELETE /profile): what was erased, stamped, kept for audit and never served.
create table erasure_audit (
  id          bigserial primary key,
  device_hash text not null,
  erased_at   timestamptz not null default now(),
  profile     jsonb,
  reports     jsonb not null
);
create index erasure_audit_by_device on erasure_audit (device_hash);

create table erasure_audit_images (
  audit_id     bigint not null references erasure_audit (id) on delete cascade,
  image_kind   text not null check (image_kind in ('photo', 'avatar')),
  image_id     text not null,
  report_id    text,
  content_type text not null,
  bytes        bytea not null
);
