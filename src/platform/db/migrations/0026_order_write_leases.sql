-- One write per order at a time, across instances (docs/orders.md, "One write per order at a time";
-- docs/security.md). A write of an order (commit, cancel, refund, change, ...) first takes the
-- order's lease: a row inserted here, or taken over when the one there has run out, in one
-- statement, so two instances cannot both hold it. The holder deletes it when done; `expires_at`
-- is renewed while the write runs, so a process killed mid-write frees the order once it passes.
-- A row rather than an advisory lock: session locks do not follow a pooled connection, and the
-- same SQL serves PGlite and PostgreSQL.
create table order_write_leases (
  order_id text primary key references orders (id) on delete cascade,
  holder text not null,
  expires_at timestamptz not null
);
