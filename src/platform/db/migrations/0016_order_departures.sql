-- The departures each open order still has to fly: one row per local departure date-time of a
-- segment not cancelled (as `orders.details` stores it), none once the order is closed. Kept by
-- src/orders/order-store.ts in the same statement as every write of the order. The airline sweep
-- (src/orders/airline-changes/) looks up the orders departing in the next 72 hours through
-- the index here instead of reading the document of every open order, which grew with history:
-- ticketed orders stay `ticketed` after they have flown.
create table order_departures (
  order_id text not null references orders (id),
  departing_at text not null
);
create index order_departures_departing_idx on order_departures (departing_at, order_id);
create index order_departures_order_idx on order_departures (order_id);

-- Orders written before this table: their open departures, from the stored segments.
insert into order_departures (order_id, departing_at)
select distinct o.id, s ->> 'departingAt'
from orders o, jsonb_array_elements(o.details -> 'airline' -> 'segments') s
where o.status in ('hold', 'ticketed')
  and coalesce(s ->> 'status', 'confirmed') <> 'cancelled'
  and s ->> 'departingAt' is not null;
