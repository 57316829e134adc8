-- Order webhooks (docs/webhooks.md): the endpoints an agency registers, one delivery per order
-- event and subscribed endpoint (fanned out from the order_events outbox), and the log of every
-- attempt made for a delivery.

create table webhook_endpoints (
  id text primary key,
  agency_id text not null references agencies (id),
  -- Test-key orders go to test endpoints, live to live.
  environment text not null check (environment in ('test', 'live')),
  url text not null,
  description text,
  -- Subscribed event names; empty means every event.
  events text[] not null default '{}',
  -- The whsec_ signing secret, sealed with the keyring purpose webhook-secrets.
  secret_sealed text not null,
  status text not null check (status in ('enabled', 'disabled')),
  -- Consecutive deliveries that died; a delivered one resets it. At 50 the endpoint is switched off.
  failure_streak integer not null default 0,
  disabled_at timestamptz,
  disabled_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index webhook_endpoints_agency_idx on webhook_endpoints (agency_id, environment, created_at desc, id desc);

create table webhook_deliveries (
  -- Sent as X-Service-Delivery: the same on every attempt, so receivers can deduplicate.
  id text primary key,
  event_id bigint not null references order_events (id),
  endpoint_id text not null references webhook_endpoints (id) on delete cascade,
  agency_id text not null references agencies (id),
  order_id text not null,
  event text not null,
  status text not null check (status in ('pending', 'delivered', 'dead')),
  -- Attempts counted against the retry schedule (10, then dead).
  attempt_count integer not null default 0,
  next_attempt_at timestamptz not null,
  -- A worker holds a claimed delivery until then; a process that dies mid-attempt loses it when
  -- it passes, and another worker retries. The token tells a late finisher it lost the lease.
  lease_until timestamptz,
  lease_token text,
  created_at timestamptz not null,
  completed_at timestamptz,
  unique (event_id, endpoint_id)
);
-- The claim's order: first attempts before retries, then by due time.
create index webhook_deliveries_due_idx on webhook_deliveries ((attempt_count > 0), next_attempt_at) where status = 'pending';
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc, id desc);

create table webhook_attempts (
  id bigserial primary key,
  delivery_id text not null references webhook_deliveries (id) on delete cascade,
  attempted_at timestamptz not null,
  duration_ms integer not null,
  -- The receiver's status code, or null with `error` saying why there was no answer.
  status_code integer,
  error text,
  -- The start of the receiver's answer, at most 64 KiB.
  response_body text
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, id);
