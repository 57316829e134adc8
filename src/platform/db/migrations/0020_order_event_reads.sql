-- Events an agency pulls and streams (GET /v1/events, GET /v1/events/stream): its own events of one
-- environment, newest first for the list and after an id for the stream, both by the outbox id.
create index order_events_agency_idx on order_events (agency_id, environment, id);
