-- The restaurant family's tables take its name, so the property and contractor families can
-- use the natural words (inspections, violations, citations) for their own records.
-- Renamed in place: rows, indexes, constraints and foreign keys (community tables refer to
-- the establishments) follow.
alter table establishments rename to restaurant_establishments;
alter table inspections rename to restaurant_inspections;
alter table citations rename to restaurant_citations;
alter table violation_codes rename to restaurant_violation_codes;
alter table ingest_source_hashes rename to restaurant_source_hashes;

alter index inspections_feed rename to restaurant_inspections_feed;
alter index citations_feed rename to restaurant_citations_feed;
alter index citations_code rename to restaurant_citations_code;

-- An ingest run belongs to a family and counts the entities it changed.
alter table ingest_runs rename column establishments_changed to entities_changed;
alter table ingest_runs add column family text not null default 'restaurants';
