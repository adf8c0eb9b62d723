-- Which computation a cached property profile came from: an entry is served only to code of
-- the same formula (PROFILE_FORMULA in src/properties/profile/store.ts), so a release that
-- changes how a profile is computed never serves profiles computed the old way for up to 6
-- hours. Entries stored before this count as formula 0, never served again.
alter table property_profile_cache add column formula integer not null default 0;
