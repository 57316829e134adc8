// The test system's tables, in a PostgreSQL schema of its airline's own (aa_test_system) on PGlite or
// PostgreSQL: one row per booking (the whole booking as JSONB beside its order id, PNR and seller
// reference), seats sold per flight and cabin, closed flights, and the clock setting.
// The gateway's tables are never read or written here.

import { sql } from 'kysely';
import type { Database } from '../../../platform/db/database.js';
import type { CabinCode } from '../network/aircraft.js';
import { BookingWriteConflictError, type AirlinePersistence } from './airline-persistence.js';
import { migrationsFor } from './migrations.js';

/** The airline's schema and its migration lock (not the gateway's: the schemas migrate independently). */
export interface AirlineSchema {
  schema: string;
  migrationLockId: number;
}

/**
 * Applies a test system's own migrations to its schema, each once, under its advisory lock (the
 * Duffel test system's store uses it too, with its own schema and migrations).
 */
export async function migrateTestSystemSchema(
  database: Database,
  { schema, migrationLockId }: AirlineSchema,
  migrations: readonly { version: string; sql: string }[],
): Promise<void> {
  await database.withClient(async (client) => {
    await client.query('select pg_advisory_lock($1)', [migrationLockId]);
    try {
      await client.exec(
        `create schema if not exists ${schema};
         create table if not exists ${schema}.schema_migrations (version text primary key, applied_at timestamptz not null default now())`,
      );
      const done = new Set(
        (await client.query<{ version: string }>(`select version from ${schema}.schema_migrations`)).map((r) => r.version),
      );
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await client.exec('begin');
        try {
          await client.exec(m.sql);
          await client.query(`insert into ${schema}.schema_migrations (version) values ($1)`, [m.version]);
          await client.exec('commit');
        } catch (err) {
          await client.exec('rollback');
          throw new Error(`test system migration ${schema} ${m.version} failed: ${(err as Error).message}`, { cause: err });
        }
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockId]);
    }
  });
}

/**
 * The store on an open database. `owned`: close the database with the store (a database the test
 * system opened for itself); otherwise it belongs to the caller (the gateway's).
 */
export async function openAirlineDbStore(
  database: Database,
  options: { owned: boolean; schema: AirlineSchema },
): Promise<AirlinePersistence> {
  await migrateTestSystemSchema(database, options.schema, migrationsFor(options.schema.schema));
  const table = (name: string) => sql.table(`${options.schema.schema}.${name}`);
  const { db } = database;
  return {
    kind: database.kind,
    async load() {
      const bookings = await sql<{ document: unknown; revision: number }>`
        select document, revision from ${table('bookings')} order by seq`.execute(db);
      const sold = await sql<{ flight_key: string; cabin: CabinCode; seats: number }>`
        select flight_key, cabin, seats from ${table('inventory_sold')}`.execute(db);
      const closed = await sql<{ flight_key: string }>`select flight_key from ${table('closed_flights')}`.execute(db);
      const clock = await sql<{ fixed_ms: number | null; skew_ms: number }>`
        select fixed_ms, skew_ms from ${table('clock')} where id = 1`.execute(db);
      const setting = clock.rows[0];
      return {
        bookings: bookings.rows,
        inventory: {
          sold: sold.rows.map((r) => ({ flightKey: r.flight_key, cabin: r.cabin, seats: r.seats })),
          closed: closed.rows.map((r) => r.flight_key),
        },
        clock: setting
          ? { fixedMs: setting.fixed_ms === null ? null : Number(setting.fixed_ms), skewMs: Number(setting.skew_ms) }
          : null,
      };
    },
    async write(changes) {
      await db.transaction().execute(async (trx) => {
        for (const b of changes.bookings) {
          if (b.revision === null) {
            const inserted = await sql<{ order_id: string }>`
              insert into ${table('bookings')}
                (order_id, pnr, seller_org, seller_booking_id, status, version, created_at_ms, document)
              values (${b.orderId}, ${b.pnr}, ${b.sellerOrg}, ${b.sellerBookingId}, ${b.status}, ${b.version},
                ${b.createdAt}, ${b.document}::jsonb)
              on conflict do nothing
              returning order_id`.execute(trx);
            if (inserted.rows.length === 0) throw new BookingWriteConflictError(b.orderId);
          } else {
            const updated = await sql<{ order_id: string }>`
              update ${table('bookings')}
              set pnr = ${b.pnr}, seller_org = ${b.sellerOrg}, seller_booking_id = ${b.sellerBookingId},
                status = ${b.status}, version = ${b.version}, document = ${b.document}::jsonb,
                revision = revision + 1, updated_at = now()
              where order_id = ${b.orderId} and revision = ${b.revision}
              returning order_id`.execute(trx);
            if (updated.rows.length === 0) throw new BookingWriteConflictError(b.orderId);
          }
        }
        for (const s of changes.inventory?.sold ?? []) {
          await sql`
            insert into ${table('inventory_sold')} (flight_key, cabin, seats) values (${s.flightKey}, ${s.cabin}, ${s.seats})
            on conflict (flight_key, cabin) do update set seats = excluded.seats`.execute(trx);
        }
        for (const key of changes.inventory?.closed ?? []) {
          await sql`insert into ${table('closed_flights')} (flight_key) values (${key}) on conflict do nothing`.execute(trx);
        }
        if (changes.clock) {
          await sql`
            insert into ${table('clock')} (id, fixed_ms, skew_ms) values (1, ${changes.clock.fixedMs}, ${changes.clock.skewMs})
            on conflict (id) do update set fixed_ms = excluded.fixed_ms, skew_ms = excluded.skew_ms`.execute(trx);
        }
      });
    },
    async clear() {
      await db.transaction().execute(async (trx) => {
        for (const name of ['bookings', 'inventory_sold', 'closed_flights', 'clock'])
          await sql`delete from ${table(name)}`.execute(trx);
      });
    },
    async purge(orderIds, flightsBefore) {
      // Flight keys are `AA123/2026-12-14`: the date is what follows the slash.
      await db.transaction().execute(async (trx) => {
        if (orderIds.length > 0)
          await sql`delete from ${table('bookings')} where order_id = any(${[...orderIds]}::text[])`.execute(trx);
        await sql`delete from ${table('inventory_sold')} where flight_key like '%/%' and split_part(flight_key, '/', 2) < ${flightsBefore}`.execute(
          trx,
        );
        await sql`delete from ${table('closed_flights')} where flight_key like '%/%' and split_part(flight_key, '/', 2) < ${flightsBefore}`.execute(
          trx,
        );
      });
    },
    async close() {
      if (options.owned) await database.close();
    },
  };
}
