-- Properties: the property profile cache (GET /properties/{bbl} and the batch). Applied to
-- each data schema (live, test) with search_path set, so test mode and live never share
-- an entry.
--
-- One row per lot: the profile as computed at computed_at (on the mode's clock) for the
-- lot's version then. Every change to any of a lot's records gives the lot a new version
-- in property_lots, so an entry whose version is not the lot's current one is stale by
-- construction; an entry is also served only until 6 hours after computed_at
-- (src/properties/profile/store.ts). Entries are overwritten in place, never deleted.
create table property_profile_cache (
  bbl         text primary key,
  version     bigint not null,
  computed_at timestamptz not null,
  profile     json not null   -- json, not jsonb: the key order is the answer's
);
