-- The request log in batches (docs/operations/request-log.md): one row per agency, environment and
-- write of a gateway's recorder, holding that write's requests as one JSON array
-- (src/request-log/batch-codec.ts). A row per request cost the embedded database 20-40 µs of the
-- gateway's own thread per request (a heap tuple and four index entries in PGlite's WebAssembly),
-- more than the key gate itself; a batch pays that once per write, and PostgreSQL compresses the
-- array. The list reads an agency's batches newest first and merges their requests
-- (src/request-log/log-reader.ts). The API's shape is unchanged.
create table api_request_batches (
  id bigserial primary key,
  agency_id text not null,
  environment text not null check (environment in ('test', 'live')),
  -- The earliest and latest arrival among the batch's requests: the list's and the sweep's bounds.
  first_at timestamptz not null,
  last_at timestamptz not null,
  request_count integer not null check (request_count between 1 and 1000),
  -- JSON: the batch's requests, their shared strings written once (batch-codec.ts says how)
  requests text not null,
  check (first_at <= last_at)
);
-- The list: an agency's batches, newest first.
create index api_request_batches_agency on api_request_batches (agency_id, last_at desc, id desc);
-- The retention sweep. Batches arrive in time order, so a BRIN index finds the old ones at almost
-- no upkeep per insert.
create index api_request_batches_last_at on api_request_batches using brin (last_at);

-- What was logged before this migration, in batches of at most 500 requests in arrival order, each
-- request spelled out in a tuple (the codec reads that form too).
insert into api_request_batches (agency_id, environment, first_at, last_at, request_count, requests)
select agency_id, environment, min(at), max(at), count(*),
       json_agg(json_build_array(
         (extract(epoch from at) * 1000)::bigint, api_key_id, user_id, method, route, path, status,
         duration_ms, request_id, error_code) order by at, id)::text
from (
  select r.*, (row_number() over (partition by agency_id, environment order by at, id) - 1) / 500 as chunk
  from api_requests r
) numbered
group by agency_id, environment, chunk;

drop table api_requests;
