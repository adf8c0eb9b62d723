-- A DOB or ECB violation that names no lot, only its building, is kept under `bin:<BIN>`
-- until a loaded dataset places the BIN on a lot (as DOB safety violations already are):
-- its digest key is then no lot.
alter table dob_violations_source_hashes drop constraint dob_violations_source_hashes_bbl_fkey;
alter table ecb_violations_source_hashes drop constraint ecb_violations_source_hashes_bbl_fkey;
