-- Contractors: OATH Hearings Division summonses (jz4z-kudi) grouped into companies by the
-- spelling rule of src/domain/contractors/names.ts, each company keyed by the first slug it
-- was issued. Applied to each data schema (live, test) with search_path set.
--
-- The entity of the family is the company (contractor_companies, key `slug`). Its rows are
-- never deleted: a company absorbed into another by a later ingest (a new spelling that
-- joins two groups) keeps its row with listed = false and absorbed_into set, so its
-- Elasticsearch document is rewritten (unlisted) rather than orphaned, and its slugs answer
-- for the absorbing company through contractor_slugs.

create sequence contractor_version_seq;

-- One row per company ever formed. slug = the first slug issued to it (its entity key and
-- the slug it is served under). name = its primary spelling (the spelling on most tickets;
-- slugs.ts primarySpelling). Totals are over its tickets across every docket spelling, the
-- clock-dependent ones (open_tickets, defaulted_hearings, reopenable_*) as of as_of (the
-- clock of the load or rederive that last wrote them). summary_risk_* is the balance-weighted
-- browse/search level (risk.ts contractorSummaryRisk). listed = false when absorbed or
-- without tickets: browse and search show listed companies only.
create table contractor_companies (
  slug                          text primary key,
  name                          text not null,
  listed                        boolean not null,
  absorbed_into                 text,
  tickets                       integer not null,
  open_tickets                  integer not null,
  defaulted_hearings            integer not null,
  fines_sought_cents            bigint not null,
  fines_imposed_cents           bigint not null,
  fines_due_cents               bigint not null,
  reopenable_tickets            integer not null,
  reopenable_savings_min_cents  bigint not null,
  reopenable_savings_max_cents  bigint not null,
  summary_risk_score            integer not null,
  summary_risk_level            text not null,
  last_violation_date           date,
  spellings                     text[] not null,
  as_of                         date not null,
  version                       bigint not null default nextval('contractor_version_seq'),
  first_seen_at                 timestamptz not null default now(),
  updated_at                    timestamptz not null default now()
);
create index contractor_companies_listed_tickets on contractor_companies (tickets desc, slug) where listed;

-- Transactional outbox (key: the company's slug).
create table contractor_outbox (
  id         bigserial primary key,
  slug       text not null,
  created_at timestamptz not null default now()
);

-- Every slug ever issued -> the company it answers for now (the company's own slug, or the
-- slug of the company that absorbed the one it was issued to). Never deleted, never reused.
create table contractor_slugs (
  slug       text primary key,
  company    text not null references contractor_companies (slug),
  -- The spelling it was made from, its slugBase (the slugs issued from one base are found
  -- together), and the order of issue (earliest = the company's own).
  spelling   text not null,
  base       text not null,
  issued_seq bigserial not null,
  issued_at  timestamptz not null default now()
);
create index contractor_slugs_company on contractor_slugs (company);
create index contractor_slugs_base on contractor_slugs (base);

-- Every company spelling ever docketed (the respondent's first and last name fields
-- joined, runs of spaces made one) -> its company. name = the CompanyName of names.ts
-- (key, core, entity, full, truncatedPrefixes: the union over the field splits seen), what
-- grouping reads; block = the grouping block (blocks.ts nameBlock): spellings of one
-- company always share it, so a block is grouped whole.
create table contractor_spellings (
  spelling   text primary key,
  name_key   text not null,
  block      text not null,
  name       jsonb not null,
  company    text not null references contractor_companies (slug)
);
create index contractor_spellings_block on contractor_spellings (block);
create index contractor_spellings_company on contractor_spellings (company);

-- One row per summons, keyed by its ticket number: every respondent, individuals too
-- (spelling and company null: they count for restaurants' summonses, not as companies).
-- The OathRow's columns as read, then the standing (tickets.ts ticketStanding) derived as
-- of the load's clock; the status columns and dates stay so rederive can re-derive
-- status and reopenable_until on a later clock (the 75-day window closes with time).
create table contractor_tickets (
  ticket                        text primary key,
  spelling                      text,
  company                       text references contractor_companies (slug),
  respondent_first_name         text,
  respondent_last_name          text,
  issuing_agency                text,
  violation_date                date,
  hearing_status                text,
  hearing_result                text,
  compliance_status             text,
  hearing_date                  date,
  decision_date                 date,
  penalty_imposed_cents         bigint,
  paid_cents                    bigint,
  late_fees_cents               bigint,
  balance_due_cents             bigint,
  charges                       jsonb not null,
  charge                        text,
  violation_borough             text,
  violation_bbl                 text,
  violation_house               text,
  violation_street              text,
  violation_zip                 text,
  respondent_borough            text,
  respondent_house              text,
  respondent_street             text,
  respondent_city               text,
  respondent_zip                text,
  respondent_state              text,
  total_violation_amount_cents  bigint,
  judgment_docketed_date        date,
  violation_description         text,
  -- Derived as of as_of (ticketStanding).
  status                        text not null,
  defaulted                     boolean not null,
  reopened                      boolean not null,
  decided                       boolean not null,
  sought_cents                  bigint not null,
  imposed_cents                 bigint not null,
  late_fees_due_cents           bigint not null,
  due_cents                     bigint not null,
  reopenable_until              date,
  unknown_values                text[] not null,
  as_of                         date not null
);
-- A company's tickets newest first (keyset: violation date, then ticket; undated last).
create index contractor_tickets_company_issued on contractor_tickets (company, violation_date desc nulls last, ticket desc);
create index contractor_tickets_spelling on contractor_tickets (spelling);
create index contractor_tickets_violation_bbl on contractor_tickets (violation_bbl) where violation_bbl is not null;

-- The digest of each staged block's OATH rows last applied (the column is named by the
-- family's key, as the load skeleton requires; it holds the staged key: a company spelling
-- block such as 'ACME', or '~' + a block of individuals' names).
create table oath_source_hashes (
  slug        text primary key,
  hash        text not null,
  rows_loaded integer not null,
  rows_merged integer not null
);
