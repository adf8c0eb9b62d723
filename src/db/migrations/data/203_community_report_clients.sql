-- The client a report came from, as the community score counts it: a keyed hash of the client
-- address with the establishment and the UTC day (src/domain/community/devices.ts reportClientKey),
-- never the address. The score counts one report per value, however many device ids an address
-- sends. Null for reports filed before it was kept: those count one each, as they did. It goes
-- with its report on erasure and is not copied into erasure_audit.
alter table community_reports add column client_key text;

-- The profile's community block stays an index-only read: the key is carried in the index.
drop index community_reports_block;
create index community_reports_block on community_reports (camis, kind) include (status, created_at, sandbox, client_key);
