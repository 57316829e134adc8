-- Plans, metering and standing checks (docs/plans.md).
--
-- The terms an operator sets per agency live here, not on `agencies`: the plan code, `live`, the
-- accreditation number and the search rate stay where 0001 put them (the identity code owns that
-- table); this table adds what billing alone reads. No row means the defaults: no payment method,
-- `active`, the configured free allowance and no ceilings.
create table agency_terms (
  agency_id text primary key references agencies (id),
  -- A payment method on file is a reference to it at the payment provider (never card data); null: none.
  payment_method_ref text,
  billing_status text not null default 'active' check (billing_status in ('active', 'past_due', 'delinquent')),
  -- Null: FREE_ALLOWANCE_REQUESTS.
  free_allowance integer check (free_allowance is null or free_allowance >= 0),
  daily_search_ceiling integer check (daily_search_ceiling is null or daily_search_ceiling > 0),
  monthly_search_ceiling integer check (monthly_search_ceiling is null or monthly_search_ceiling > 0),
  -- Searches per booking in a UTC day: a search is refused once searches >= ceiling * (bookings + 1).
  look_to_book_ceiling integer check (look_to_book_ceiling is null or look_to_book_ceiling > 0),
  updated_at timestamptz not null default now(),
  updated_by text
);

-- Metered requests that were served (not refused with 402 or 429, not failed with 5xx), per key,
-- UTC hour and usage surface. Written in batches by the meter, never once per request.
create table usage_counts (
  api_key_id text not null,
  -- Null for static keys, which belong to no agency.
  agency_id text,
  key_kind text not null check (key_kind in ('agency', 'portal', 'static')),
  hour timestamptz not null,
  surface text not null,
  requests bigint not null check (requests >= 0),
  primary key (api_key_id, hour, surface)
);
create index usage_counts_agency_idx on usage_counts (agency_id, hour);
create index usage_counts_hour_idx on usage_counts (hour);

-- Every batch of counts applied, by the id it was given when it was cut: a batch whose write
-- committed but whose removal from Redis (or memory) did not is recognised and not added twice.
create table usage_batches (
  id text primary key,
  applied_at timestamptz not null default now()
);
create index usage_batches_applied_idx on usage_batches (applied_at);
