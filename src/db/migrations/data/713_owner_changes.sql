-- The change feed records the owners family's changes (a lot joining or leaving a portfolio,
-- a portfolio formed or dissolved: src/domain/owners/changes.ts), written by the regrouping.
alter table changes drop constraint changes_family_check;
alter table changes add constraint changes_family_check check (family in ('restaurant', 'property', 'contractor', 'owner'));
