-- The request and response bodies of logged requests (docs/operations/request-log.md, "Bodies"):
-- one row per request, redacted and cut at 16 KB each before they are written
-- (src/request-log/body-render.ts), kept a shorter time than the log's batches
-- (REQUEST_LOG_BODY_RETENTION_DAYS) by the same sweep. A table of its own, not a column of the
-- batches: a body is read one request at a time and ages out sooner, and the batches' text stays
-- small enough for the list's filters to scan.
create table api_request_bodies (
  id bigserial primary key,
  agency_id text not null,
  environment text not null check (environment in ('test', 'live')),
  -- The request's X-Request-Id: what the list shows and the route reads a body by, within the agency.
  request_id text not null,
  at timestamptz not null,
  -- Each body: the redacted JSON text (null when there was none or it was not recorded), why it
  -- was not recorded, how many bytes of it were cut, and whether anything in it was redacted.
  request_body text,
  request_note text,
  request_dropped_bytes integer not null default 0 check (request_dropped_bytes >= 0),
  request_redacted boolean not null default false,
  response_body text,
  response_note text,
  response_dropped_bytes integer not null default 0 check (response_dropped_bytes >= 0),
  response_redacted boolean not null default false
);
create index api_request_bodies_request on api_request_bodies (agency_id, request_id, at desc);
-- The retention sweep: rows arrive in time order, so a BRIN index finds the old ones cheaply.
create index api_request_bodies_at on api_request_bodies using brin (at);
