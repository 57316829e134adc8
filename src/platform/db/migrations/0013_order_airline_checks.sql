-- When the gateway last re-read an order from its airline on its own initiative: an airline
-- change notification or the safety-net sweep (src/orders/airline-changes/). The sweep takes the
-- open orders departing soon that were not checked recently, oldest check first, so a bounded
-- number per minute still reaches every one of them. One row per order, upserted on each check.
create table order_airline_checks (
  order_id text primary key references orders (id),
  checked_at timestamptz not null
);
create index order_airline_checks_checked_idx on order_airline_checks (checked_at);
