-- Booking intents: what the gateway is about to book, written before the airline is asked, in the
-- same transaction as the travel claim and the idempotency key's hand-over. The id is the order id
-- the booking will get, and is sent to the airline as the seller's own booking reference, so a
-- gateway that dies after the airline booked can still find the booking and finish the order (or
-- learn that nothing was booked and free the key and the travel). See docs/orders.md.
create table order_booking_intents (
  id text primary key,
  agency_id text not null references agencies (id),
  environment text not null check (environment in ('test', 'live')),
  airline text not null,
  -- Null for a create without an Idempotency-Key.
  idempotency_key text,
  -- The claim in order_travel_claims this booking holds.
  claim_id text not null,
  -- pending: the airline may have booked, nobody knows yet; completed: the order exists;
  -- released: nothing was booked, key and claim were freed; unresolved: the airline did not answer
  -- the recovery job's questions often enough, an operator must look (key and claim stay held).
  state text not null check (state in ('pending', 'completed', 'released', 'unresolved')),
  -- What the order row needs that the airline does not say back: passengers, contact, route, actor.
  booking jsonb not null,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null,
  -- A pending intent is left alone until then: the booking that wrote it may still be waiting for
  -- the airline. The recovery job moves it on after each question it could not get answered.
  lease_until timestamptz not null,
  resolved_at timestamptz
);
create index order_booking_intents_due_idx on order_booking_intents (lease_until) where state = 'pending';
create index order_booking_intents_key_idx on order_booking_intents (agency_id, idempotency_key)
  where state in ('pending', 'unresolved');
create index order_booking_intents_claim_idx on order_booking_intents (claim_id) where state in ('pending', 'unresolved');
create index order_booking_intents_resolved_idx on order_booking_intents (resolved_at) where resolved_at is not null;

-- The intent an in-flight key handed its booking to. Set in the intent's transaction, so the
-- recovery job can tell a key whose process died before the airline call (no intent: nothing was
-- booked, the key is freed) from one whose booking must be looked up at the airline.
alter table order_idempotency_keys add column intent_id text;
