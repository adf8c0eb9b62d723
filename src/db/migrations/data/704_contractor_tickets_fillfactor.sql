-- A sync rewrites a summons in place when the city amends it (a hearing result, a balance, a
-- description). Room left on each page lets the new version stay on its page with no index
-- entry written (a heap-only update: none of the four indexed columns changes), so applying a
-- changed summons costs its own page, not leaf pages of four indexes spread over the table.
-- Pages written from now on keep the room.
alter table contractor_tickets set (fillfactor = 85);
