-- Why a company's spellings were grouped into it beyond equal spelling (names.ts
-- groupCompanyNames: a cut name, a typo, a known abbreviation or acronym, or a name related
-- at a shared respondent address), as the profile serves it (groupedBecause): a JSON array of
-- reasons, written by the ingest whenever it groups the company's spellings. Empty for a
-- company of one spelling or joined by spelling alone, and for companies not grouped since.
alter table contractor_companies add column grouped_because jsonb not null default '[]'::jsonb;
