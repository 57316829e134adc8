-- Look-to-book accounting: searches (and, from the orders module, bookings) per agency per day.
-- Counters are added to in batches by the gateway, so one row per agency and UTC day.
create table look_to_book_daily (
  agency_id text not null references agencies (id),
  day date not null,
  searches bigint not null default 0,
  bookings bigint not null default 0,
  primary key (agency_id, day)
);

-- The latest monitoring probe record per connector. Every instance's probe writes here and the
-- monitoring endpoints read only this table, so polling them never reaches an airline.
create table airline_health (
  airline text primary key,
  status text not null check (status in ('up', 'degraded', 'down')),
  environment text not null,
  checked_at timestamptz not null,
  last_success_at timestamptz,
  last_error text,
  consecutive_failures integer not null default 0,
  -- Recent probes, newest last: [{"at": iso, "ok": bool, "ms": int}], bounded by the writer.
  samples jsonb not null default '[]'
);
