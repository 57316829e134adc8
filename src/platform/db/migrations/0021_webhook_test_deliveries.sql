-- The delivery log with payloads, and test deliveries (docs/webhooks.md).
-- request_body: the body a delivery sent, byte for byte (it is the same on every attempt, so it is
-- kept once per delivery, written with the first recorded attempt). Null for deliveries recorded
-- before this column existed.
alter table webhook_deliveries add column request_body text;
-- A test delivery (POST /v1/dev/webhooks/{id}/test) carries a sample order, not an outbox event:
-- it has no event_id, is attempted once at once, is never retried and never touches the
-- endpoint's failure streak.
alter table webhook_deliveries add column test boolean not null default false;
alter table webhook_deliveries alter column event_id drop not null;
alter table webhook_deliveries add constraint webhook_deliveries_event_or_test check (test or event_id is not null);
