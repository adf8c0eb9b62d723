-- Each company spelling's ticket totals as of a day. A company's totals are the sums of its
-- spellings' (ingest/families/contractors/totals.ts): a load moves them by what the tickets it
-- writes add, less what those tickets held before, so applying a few changed tickets costs a
-- few tickets however many the company holds. Totals of another day (the reopenable windows
-- move with the clock) are recomputed whole from the tickets before they are used.
create table contractor_spelling_totals (
  spelling                     text primary key,
  tickets                      integer not null,
  open_tickets                 integer not null,
  defaulted_hearings           integer not null,
  defaulted_tickets            integer not null,
  fines_sought_cents           bigint not null,
  fines_imposed_cents          bigint not null,
  fines_due_cents              bigint not null,
  reopenable_tickets           integer not null,
  reopenable_savings_min_cents bigint not null,
  reopenable_savings_max_cents bigint not null,
  as_of                        date not null
);
