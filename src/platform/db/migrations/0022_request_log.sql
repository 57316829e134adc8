-- The request log (docs/dashboard.md, "Logs"): one row per API-key request an agency made in the
-- last 7 days, and per search, price or booking its members made from the dashboard, written in batches by each gateway (src/request-log/recorder.ts) and swept daily past
-- 7 days. Facts only: never a body, a header, a query string or a secret. No foreign keys: a log row
-- outlives nothing, and a batch insert should not lock the agencies or keys it names.
create table api_requests (
  id bigserial primary key,
  at timestamptz not null,
  agency_id text not null,
  -- The key of an API request; null for a dashboard request, which names its member in user_id.
  api_key_id text,
  user_id text,
  environment text not null check (environment in ('test', 'live')),
  method text not null,
  route text not null,
  path text not null,
  status integer not null,
  duration_ms double precision not null,
  request_id text not null,
  error_code text,
  check ((api_key_id is null) <> (user_id is null))
);
-- The dashboard's page: an agency's newest first, keyset on (at, id).
create index api_requests_agency_at on api_requests (agency_id, at desc, id desc);
-- The retention sweep. Rows arrive in time order, so a BRIN index (a summary per block range) finds
-- the old ones at a fraction of a B-tree's upkeep on every insert.
create index api_requests_at on api_requests using brin (at);
-- Finding one request by the id a client quotes.
create index api_requests_request_id on api_requests (request_id);
