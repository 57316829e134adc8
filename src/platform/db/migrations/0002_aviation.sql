-- Aviation reference data, imported from public upstream files by `flightagg aviation sync`.
-- Ids are the upstream ids, so a re-run updates rows in place instead of duplicating them.
-- No foreign keys between these tables: every source is replaced in its own transaction and
-- orphans are skipped (and counted) by the importer, as upstream files are not published together.

-- One row per upstream file once it has been attempted; what a source is (licence, default URL)
-- lives in code (src/aviation/importers/source-catalog.ts).
create table aviation_sources (
  name text primary key,
  url text,
  status text not null default 'never' check (status in ('never', 'running', 'ok', 'failed')),
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  error text,
  rows_read integer,
  inserted integer,
  updated integer,
  unchanged integer,
  deleted integer,
  skipped integer,
  skipped_reasons jsonb not null default '{}',
  row_count integer
);

create table aviation_countries (
  code text primary key,
  id integer not null,
  name text not null,
  continent text,
  wikipedia_link text,
  keywords text
);

create table aviation_regions (
  code text primary key,
  id integer not null,
  local_code text,
  name text not null,
  continent text,
  country_code text,
  wikipedia_link text,
  keywords text
);

create table aviation_airports (
  id integer primary key,
  ident text not null,
  type text not null,
  name text not null,
  latitude double precision not null,
  longitude double precision not null,
  elevation_ft integer,
  continent text,
  country_code text,
  -- As published, including the `XX-U-A` "unassigned" placeholders; the API shows those as null.
  region_code text,
  city text,
  scheduled_service boolean not null,
  icao_code text,
  iata_code text,
  gps_code text,
  local_code text,
  home_link text,
  wikipedia_link text,
  keywords text,
  -- Derived from the coordinates at import time: OurAirports has no time-zone column.
  timezone text,
  -- Lower-cased, accent-stripped copies for case- and accent-insensitive matching (PGlite has no unaccent).
  search_name text not null,
  search_city text
);
create index aviation_airports_iata_idx on aviation_airports (iata_code);
create index aviation_airports_icao_idx on aviation_airports (icao_code);
create index aviation_airports_ident_idx on aviation_airports (ident);
create index aviation_airports_country_idx on aviation_airports (country_code);
-- Radius search: a bounding-box range scan on this index, then the exact great-circle distance.
create index aviation_airports_geo_idx on aviation_airports (latitude, longitude);

create table aviation_runways (
  id integer primary key,
  airport_id integer not null,
  airport_ident text,
  length_ft integer,
  width_ft integer,
  surface text,
  lighted boolean,
  closed boolean,
  le_ident text,
  le_latitude double precision,
  le_longitude double precision,
  le_elevation_ft integer,
  le_heading_deg_true double precision,
  le_displaced_threshold_ft integer,
  he_ident text,
  he_latitude double precision,
  he_longitude double precision,
  he_elevation_ft integer,
  he_heading_deg_true double precision,
  he_displaced_threshold_ft integer
);
create index aviation_runways_airport_idx on aviation_runways (airport_id);

create table aviation_frequencies (
  id integer primary key,
  airport_id integer not null,
  airport_ident text,
  type text,
  description text,
  frequency_mhz double precision
);
create index aviation_frequencies_airport_idx on aviation_frequencies (airport_id);

create table aviation_navaids (
  id integer primary key,
  filename text,
  ident text,
  name text,
  type text,
  frequency_khz double precision,
  latitude double precision,
  longitude double precision,
  elevation_ft integer,
  country_code text,
  dme_frequency_khz double precision,
  dme_channel text,
  dme_latitude double precision,
  dme_longitude double precision,
  dme_elevation_ft integer,
  slaved_variation_deg double precision,
  magnetic_variation_deg double precision,
  usage_type text,
  power text,
  associated_airport text,
  airport_id integer
);
create index aviation_navaids_airport_idx on aviation_navaids (airport_id);

create table aviation_airlines (
  id integer primary key,
  name text not null,
  alias text,
  iata_code text,
  icao_code text,
  callsign text,
  country_name text,
  country_code text,
  -- OpenFlights' own Y/N flag, kept beside the status derived from it.
  active_flag text,
  status text not null check (status in ('active', 'inactive', 'defunct', 'unknown')),
  alliance text,
  search_name text not null
);
create index aviation_airlines_iata_idx on aviation_airlines (iata_code);
create index aviation_airlines_icao_idx on aviation_airlines (icao_code);

-- Airliner types with IATA codes and families (explore-flights reference data).
create table aviation_airliner_types (
  iata_code text primary key,
  icao_code text,
  name text not null,
  family text,
  wake_category text,
  engine_count integer,
  engine_type text
);
create index aviation_airliner_types_icao_idx on aviation_airliner_types (icao_code);

-- One row per ICAO type designator (the upstream has one row per variant).
create table aviation_aircraft_types (
  icao_code text primary key,
  manufacturer text not null,
  model text not null,
  models jsonb not null,
  manufacturer_aliases jsonb not null,
  engine_count integer,
  engine_type text,
  species text,
  wake_category text,
  body_class text not null,
  in_service boolean not null,
  iata_codes jsonb not null,
  family text,
  search_manufacturer text not null
);
create index aviation_aircraft_types_manufacturer_idx on aviation_aircraft_types (search_manufacturer);
