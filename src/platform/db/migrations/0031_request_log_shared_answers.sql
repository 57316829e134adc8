-- A cached answer's logged body, kept once however many requests it answered
-- (docs/operations/request-log.md, "Bodies"): every cache hit of one search sends the same bytes,
-- and writing its 16 KB rendered form again for each hit was most of what a hit cost the gateway.
-- A body row then names the text by its SHA-256 instead of holding it. `last_used` is moved on
-- when an instance writes the text again (at most hourly while hits keep coming); the retention
-- sweep deletes a text a day after the bodies that may name it have gone.
create table api_request_shared_bodies (
  digest text primary key,
  body text not null,
  last_used timestamptz not null
);
alter table api_request_bodies add column response_shared_digest text;
create index api_request_shared_bodies_last_used on api_request_shared_bodies (last_used);
