-- Properties: PAD address ranges (the Property Address Directory's bobaadr.txt), the
-- house-number ranges each building of a lot answers to on each street. A lot has one
-- PLUTO address; its buildings may span several numbers and streets, and the address
-- typeahead matches a house number inside one of these ranges (same street, same side).
-- Applied to each data schema (live, test) with search_path set.

-- One row per range of a lot, as PAD lists it: low_house and high_house in the canonical
-- house-number form (src/nyc/address: '111a', '34-12'), same form and side of the street;
-- bin null for a placeholder BIN; street as PAD writes it, street_code its B10SC;
-- address_type PAD's (null = an ordinary address). A load replaces the ranges of each lot
-- it names (the file is a lot's whole list); lots it does not name keep theirs. These are
-- addresses of the lot, not city records about it: they are not counted in totalRecords.
create table property_address_ranges (
  bbl          text not null references property_lots (bbl),
  bin          text,
  street       text not null,
  street_code  text,
  low_house    text not null,
  high_house   text not null,
  address_type text,
  zip          text
);

create index property_address_ranges_bbl on property_address_ranges (bbl);

-- The digest of each lot's PAD rows last applied, with that application's row accounting.
create table pad_addresses_source_hashes (
  bbl         text primary key references property_lots (bbl),
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);
