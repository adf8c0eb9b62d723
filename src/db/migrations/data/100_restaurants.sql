-- Restaurant inspections: canonical records (as the city publishes them), derived profiles
-- (what the read API serves), the outbox that carries every change to Elasticsearch, and
-- the ingest run log. Applied to each data schema (live, test) with search_path set.

create sequence restaurant_version_seq;

-- One row per establishment (CAMIS). Never deleted: one that drops out of a later full
-- export keeps its history. `version` grows on every change and is the external version
-- of all its Elasticsearch documents.
create table establishments (
  camis            text primary key,
  name             text not null,
  building         text,
  street           text,
  address          text not null,
  borough          text not null,
  zip              text,
  phone            text,
  cuisine          text,
  latitude         double precision,
  longitude        double precision,
  bin              text,
  bbl              text,
  nta              text,
  community_board  text,
  council_district text,
  census_tract     text,
  version          bigint not null default nextval('restaurant_version_seq'),
  first_seen_at    timestamptz not null default now(),
  updated_at       timestamptz not null default now()
);

-- One row per visit: camis + date + inspection type ('' when the city left it blank).
create table inspections (
  camis             text not null references establishments (camis),
  inspected_at      date not null,
  inspection_type   text not null,
  score             integer,
  grade             text check (grade in ('A', 'B', 'C', 'Z', 'P', 'N')),
  grade_date        date,
  action            text,
  closure           text check (closure in ('closed', 'reclosed', 'reopened')),
  primary key (camis, inspected_at, inspection_type)
);
create index inspections_feed on inspections (inspected_at desc, camis, inspection_type);

-- One row per citation of a visit.
create table citations (
  camis             text not null,
  inspected_at      date not null,
  inspection_type   text not null,
  code              text not null,
  description       text not null,
  critical_flag     text,
  critical          boolean not null,
  category          text not null check (category in ('vermin', 'food_temp', 'hygiene', 'facility', 'admin', 'other')),
  primary key (camis, inspected_at, inspection_type, code),
  foreign key (camis, inspected_at, inspection_type) references inspections (camis, inspected_at, inspection_type)
);
create index citations_feed on citations (inspected_at desc, camis, inspection_type, code);
create index citations_code on citations (code);

-- Every code seen, with the newest description seen and the maintained category.
create table violation_codes (
  code        text primary key,
  description text not null,
  category    text not null check (category in ('vermin', 'food_temp', 'hygiene', 'facility', 'admin', 'other'))
);

-- Everything derived per establishment, as of `as_of`. Summary fields are columns (for
-- filtering and sorting in SQL); the blocks are served as stored.
create table restaurant_profiles (
  camis             text primary key references establishments (camis),
  as_of             date not null,
  grade             text,
  grade_date        date,
  score             integer,
  closed            boolean not null,
  risk_score        integer not null,
  risk_level        text not null,
  last_inspected_at date,
  open_violations   integer not null,
  last_vermin_at    date,
  summary           jsonb not null,
  risk              jsonb not null,
  vermin            jsonb not null,
  sanitary          jsonb not null,
  stats             jsonb not null,
  vermin_dates      date[] not null
);

-- Transactional outbox: written in the same transaction as any change to an
-- establishment's canonical or derived rows; drained to Elasticsearch by the indexer.
create table restaurant_outbox (
  id         bigserial primary key,
  camis      text not null,
  created_at timestamptz not null default now()
);

create table ingest_runs (
  id                   bigserial primary key,
  source               text not null,
  as_of                timestamptz not null,
  started_at           timestamptz not null default now(),
  finished_at          timestamptz,
  rows_read            integer,
  rows_loaded          integer,
  rows_merged          integer,
  rows_rejected        integer,
  establishments_changed integer
);

-- The reject report: every row that could not be used, with its line and why.
create table ingest_rejections (
  run_id bigint not null references ingest_runs (id) on delete cascade,
  line   integer not null,
  reason text not null
);
create index ingest_rejections_run on ingest_rejections (run_id, line);
