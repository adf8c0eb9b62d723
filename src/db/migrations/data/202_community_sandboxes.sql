-- Test-mode sandboxes. Every test key pair writes community data (devices, reports with
-- their photos, avatars, erasures) into a sandbox of its own, named by the key pair id, so
-- one test key's writes never change another's answers. '' is the shared sandbox: every
-- live row, and in the test schema the fixture's own rows (loaded by the fixture loader
-- and the admin command line, never by a key). A read sees '' plus its own sandbox; a
-- write, an erasure and a cap count touch its own sandbox only. A device is a device hash
-- within a sandbox: the same X-Device-Id under two test key pairs is two devices.
-- Report photos follow their report; remediation documents and the admin log are written
-- only by the fixture loader and the admin command line, so they stay shared.

alter table device_profiles add column sandbox text not null default '';
alter table community_reports add column sandbox text not null default '';
alter table avatars add column sandbox text not null default '';
alter table erasure_audit add column sandbox text not null default '';

alter table community_reports drop constraint community_reports_device_hash_fkey;
alter table avatars drop constraint avatars_device_hash_fkey;
alter table device_profiles drop constraint device_profiles_pkey;
alter table device_profiles drop constraint device_profiles_username_key_key;

-- Device rows written with test keys before sandboxes existed cannot be attributed to a
-- key pair, and left in '' they would become part of every test key's fixture. They move
-- to a sandbox no key pair has (pair ids are UUIDs): kept, but seen by nobody.
do $$
begin
  if current_schema() like '%\_test' then
    update device_profiles set sandbox = 'unattributed';
    update community_reports set sandbox = 'unattributed';
    update avatars set sandbox = 'unattributed';
    update erasure_audit set sandbox = 'unattributed';
  end if;
end $$;

alter table device_profiles add primary key (device_hash, sandbox);
-- Usernames are unique case-insensitively within a sandbox: a handle claimed with one test
-- key pair is still free under another, and live handles are untouched by test ones.
alter table device_profiles add constraint device_profiles_username_key unique (sandbox, username_key);
alter table community_reports add constraint community_reports_device_fkey foreign key (device_hash, sandbox) references device_profiles (device_hash, sandbox);
alter table avatars add constraint avatars_device_fkey foreign key (device_hash, sandbox) references device_profiles (device_hash, sandbox) on delete cascade;

-- A device's reports (own history, caps, erasure) are looked up by device and sandbox.
drop index community_reports_by_device;
create index community_reports_by_device on community_reports (device_hash, sandbox, seq desc);
drop index community_reports_device_day;
create index community_reports_device_day on community_reports (device_hash, sandbox, created_at) where status <> 'hidden';
drop index avatars_by_device;
create index avatars_by_device on avatars (device_hash, sandbox);
drop index erasure_audit_by_device;
create index erasure_audit_by_device on erasure_audit (device_hash, sandbox);

-- The profile's community block stays an index-only read: the sandbox is carried in the
-- index, so filtering on it visits no heap page.
drop index community_reports_block;
create index community_reports_block on community_reports (camis, kind) include (status, created_at, sandbox);
