-- Documents indexed only when they changed. A restaurant's feed documents (one per visit, one
-- per citation) carry their own external version: the newest of their row's `version` (stamped
-- from the family's sequence whenever the row is inserted or changed) and the establishment's
-- `fields_version` (stamped whenever its own columns change, which every feed document repeats).
-- An outbox row records `since`, the entity's version before the change it carries: every
-- document at or below it is already indexed (or carried by an older outbox row), so the relay
-- sends only the newer ones. A one-citation correction re-indexes that citation and the
-- establishment's summary, not its twenty feed documents. Null: every document.
-- Rows stored before this keep version 0 and the establishment's current version as
-- fields_version: their documents' versions are those already in Elasticsearch.
alter table restaurant_establishments add column fields_version bigint;
update restaurant_establishments set fields_version = version;
alter table restaurant_establishments alter column fields_version set not null;
alter table restaurant_establishments alter column fields_version set default nextval('restaurant_version_seq');
alter table restaurant_inspections add column version bigint not null default 0;
alter table restaurant_citations add column version bigint not null default 0;

alter table restaurant_outbox add column since bigint;
alter table property_outbox add column since bigint;
alter table contractor_outbox add column since bigint;
