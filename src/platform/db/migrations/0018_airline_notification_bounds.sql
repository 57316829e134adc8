-- Bounds on what airline notifications can make the gateway do (docs/orders.md, "Airline-initiated
-- changes"; docs/security.md).
--
-- A notification is taken once: the digest of its signature is kept until the signature's time
-- window closes (hex SHA-256), and the same signed body again in that window is acknowledged without reading it.
create table airline_notification_receipts (
  digest text primary key,
  expires_at timestamptz not null
);
create index airline_notification_receipts_expires_idx on airline_notification_receipts (expires_at);

-- An order is re-read because of notifications at most once per window (AIRLINE_NOTIFY_REFRESH_SECONDS):
-- `claimed_at` is the last such re-read (claimed before it starts, so two instances cannot both
-- take it); a notification naming the order inside the window sets `due_at` instead, and a
-- once-per-cluster job re-reads it when the window has passed, so no change is lost.
create table order_notification_refreshes (
  order_id text primary key references orders (id),
  claimed_at timestamptz not null,
  due_at timestamptz
);
create index order_notification_refreshes_due_idx on order_notification_refreshes (due_at) where due_at is not null;
