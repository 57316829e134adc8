-- Test events (`flightagg trigger`, POST /v1/events/test) go through the outbox like real ones, so
-- they reach the agency's endpoints and event streams (`flightagg listen`). They are about the
-- sample order, which is not a booking: their order_id is null (the body names the sample order's
-- id from the payload), and only they may leave it null.
alter table order_events add column test boolean not null default false;
alter table order_events alter column order_id drop not null;
alter table order_events add constraint order_events_test_has_no_order check (test = (order_id is null));

-- `flightagg listen`'s signing secret (docs/webhooks.md): one per API key and local receiver URL,
-- the same on every run until rotated, sealed with the keyring purpose webhook-secrets.
create table listen_secrets (
  key_id text not null references api_keys (id) on delete cascade,
  forward_to text not null,
  secret_sealed text not null,
  created_at timestamptz not null,
  primary key (key_id, forward_to)
);
