// A test system's own migrations, applied to its airline's own schema (aa_test_system,
// vs_test_system), never to the gateway's tables: forward only, each once, recorded in
// <schema>.schema_migrations. Kept in code rather than .sql files so the built test system carries
// them without a copy step.

/** The migrations of one airline's schema, in order. */
export const migrationsFor = (schema: string): readonly { version: string; sql: string }[] => [
  {
    version: '0001_bookings_inventory_clock',
    sql: `
      create table ${schema}.bookings (
        order_id text primary key,
        pnr text not null unique,
        seller_org text,
        seller_booking_id text,
        status text not null,
        version integer not null,
        created_at_ms bigint not null,
        document jsonb not null,
        revision integer not null default 1,
        seq bigserial not null,
        updated_at timestamptz not null default now()
      );
      create index bookings_seller_reference on ${schema}.bookings (seller_org, seller_booking_id)
        where seller_org is not null;
      create table ${schema}.inventory_sold (
        flight_key text not null,
        cabin text not null,
        seats integer not null check (seats >= 0),
        primary key (flight_key, cabin)
      );
      create table ${schema}.closed_flights (flight_key text primary key);
      create table ${schema}.clock (
        id integer primary key check (id = 1),
        fixed_ms double precision,
        skew_ms double precision not null
      );
    `,
  },
];
