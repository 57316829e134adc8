-- Which AA test system each gateway process on this database sends test keys to. Gateways that
-- share a database must share one: an offer found through one gateway's in-process test system is
-- unknown to another's, so booking it there fails. Every `flightagg serve` on PostgreSQL upserts
-- its row every few seconds; while a recent row names another test system, readiness fails
-- naming AA_TEST_URL (src/health/shared-airline.ts).
create table gateway_airlines (
  instance_id text primary key,
  test_system text not null,
  seen_at timestamptz not null
);
