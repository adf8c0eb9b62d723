-- Restaurants' OATH summonses are linked at read time (src/contractors/restaurant-summonses.ts):
-- the profile reads every establishment on the lot of the one asked about, then the health
-- summonses on that lot (contractor_tickets_violation_bbl). This index makes the first read a
-- lookup instead of a scan of every establishment.
create index restaurant_establishments_bbl on restaurant_establishments (bbl) where bbl is not null;
