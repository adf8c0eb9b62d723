-- HPD Housing Maintenance Code Violations join the violation dockets in property_violations
-- (agency HPD). Each keeps HPD's hazard class (A non-hazardous, B hazardous, C immediately
-- hazardous), which the docket serves; null for the DOB dockets, which have none.
-- Its digest entity is the lot, or the building (bin:<BIN>) until the row is joined to its
-- lot, so no reference to the lots.
alter table property_violations add column violation_class text;

create table hpd_violations_source_hashes (
  bbl         text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);
