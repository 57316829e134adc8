-- Orders: the agency's own record of every booking made through the gateway, its append-only
-- history, the idempotency keys of POST /v1/orders, and the outbox of order events.

create table orders (
  id text primary key,
  agency_id text not null references agencies (id),
  environment text not null check (environment in ('test', 'live')),
  airline text not null,
  -- The airline's own order id and owner code: what every later NDC message names.
  airline_order_id text not null,
  airline_owner text not null,
  pnr text not null,
  status text not null check (status in ('hold', 'ticketed', 'cancelled', 'refunded')),
  origin text not null,
  destination text not null,
  currency text not null,
  total_minor bigint not null,
  payment_deadline timestamptz,
  contact_email text,
  -- Passengers, segments, tickets, extras, pending upsell, refund: read and written as one document.
  details jsonb not null,
  created_by_key_id text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- Set once the hourly sweep has announced the ticketing deadline, so it is announced once.
  deadline_notified_at timestamptz
);
-- Newest first with the id as tie-breaker: the keyset of GET /v1/orders.
create index orders_agency_list_idx on orders (agency_id, environment, created_at desc, id desc);
create index orders_agency_pnr_idx on orders (agency_id, environment, pnr);
create index orders_deadline_idx on orders (payment_deadline) where status = 'hold' and deadline_notified_at is null;
create unique index orders_airline_ref_key on orders (airline, environment, airline_order_id);

-- Append-only: rows are inserted, never updated or deleted (a trigger refuses both).
create table order_history (
  id bigserial primary key,
  order_id text not null references orders (id),
  occurred_at timestamptz not null,
  action text not null,
  status text not null,
  actor_kind text not null check (actor_kind in ('api_key', 'portal_user', 'support', 'airline', 'system')),
  actor_id text,
  on_behalf_of_agency_id text,
  airline_reference text,
  detail jsonb not null default '{}'::jsonb
);
create index order_history_order_idx on order_history (order_id, id);

create function order_history_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'order_history is append-only';
end;
$$;
create trigger order_history_no_change before update or delete on order_history
  for each row execute function order_history_append_only();

-- One row per (agency, key): claimed by the first request in its own committed insert, so every
-- instance sees the claim; a repeat reads the row instead of booking again.
create table order_idempotency_keys (
  agency_id text not null references agencies (id),
  idempotency_key text not null,
  request_hash text not null,
  state text not null check (state in ('in_flight', 'completed', 'failed')),
  order_id text references orders (id),
  -- The stored answer of a failed call that reached the airline, replayed on repeats.
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (agency_id, idempotency_key)
);
create index order_idempotency_expiry_idx on order_idempotency_keys (expires_at);

-- order_conflict: one row per (agency, environment, travel key) while a booking of those people on
-- those flights is in flight or open. Inserted in its own committed statement before the airline is
-- asked to book, so the primary key lets exactly one booking through on any number of instances;
-- order_id is set with the order's insert and the row is deleted when the order closes. A row still
-- without an order past the stale window (its process died, or the airline's answer was lost) may be
-- taken over.
create table order_travel_claims (
  agency_id text not null references agencies (id),
  environment text not null,
  travel_key text not null,
  claim_id text not null unique,
  order_id text references orders (id),
  claimed_at timestamptz not null,
  primary key (agency_id, environment, travel_key)
);
create index order_travel_claims_order_idx on order_travel_claims (order_id);

-- Transactional outbox: written in the same transaction as the order change it announces; the
-- webhook dispatcher claims undelivered rows with FOR UPDATE SKIP LOCKED.
create table order_events (
  id bigserial primary key,
  agency_id text not null references agencies (id),
  environment text not null,
  order_id text not null references orders (id),
  event text not null check (event in ('order.created', 'order.ticketed', 'order.updated', 'order.cancelled',
                                       'order.refunded', 'order.ticketing_deadline_approaching')),
  payload jsonb not null,
  occurred_at timestamptz not null,
  dispatched_at timestamptz
);
create index order_events_pending_idx on order_events (id) where dispatched_at is null;
create index order_events_order_idx on order_events (order_id, id);
-- order.created and the deadline reminder happen once per order, whatever retries do.
create unique index order_events_once_key on order_events (order_id, event)
  where event in ('order.created', 'order.ticketing_deadline_approaching');

