-- Order events are kept 30 days (docs/webhooks.md): the hourly sweep (src/events/retention.ts)
-- deletes the older ones with their webhook deliveries and attempts, and test deliveries of the same
-- age. These indexes let it find them without reading the tables.
create index order_events_occurred_idx on order_events (occurred_at);
create index webhook_deliveries_test_created_idx on webhook_deliveries (created_at) where test;
