import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import { inKeyOrder } from '../platform/db/key-order.js';

export interface LookToBookDelta {
  agencyId: string;
  day: string;
  searches: number;
  bookings: number;
}

/** Counts of one agency's traffic with one airline (look_to_book_airline_daily). */
export interface AirlineLookToBookDelta extends LookToBookDelta {
  airline: string;
}

/** Adds counts in one statement; concurrent instances add rather than overwrite. */
export async function addLookToBook(db: Db, deltas: LookToBookDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const values = sql.join(
    inKeyOrder(deltas, (d) => [d.agencyId, d.day]).map((d) => sql`(${d.agencyId}, ${d.day}::date, ${d.searches}, ${d.bookings})`),
  );
  await sql`
    insert into look_to_book_daily (agency_id, day, searches, bookings) values ${values}
    on conflict (agency_id, day) do update
      set searches = look_to_book_daily.searches + excluded.searches,
          bookings = look_to_book_daily.bookings + excluded.bookings`.execute(db);
}

/**
 * One booking, counted for its agency and for the airline that confirmed it, in one statement (it
 * runs inside the booking's own transaction, whose statement count docs/operations.md budgets).
 */
export async function addBookingLookToBook(db: Db, booking: { agencyId: string; airline: string; day: string }): Promise<void> {
  await sql`
    with agency as (
      insert into look_to_book_daily (agency_id, day, searches, bookings) values (${booking.agencyId}, ${booking.day}::date, 0, 1)
      on conflict (agency_id, day) do update set bookings = look_to_book_daily.bookings + 1
    )
    insert into look_to_book_airline_daily (agency_id, airline, day, searches, bookings)
    values (${booking.agencyId}, ${booking.airline}, ${booking.day}::date, 0, 1)
    on conflict (agency_id, airline, day) do update set bookings = look_to_book_airline_daily.bookings + 1`.execute(db);
}

/** The same per airline, in one statement. */
export async function addAirlineLookToBook(db: Db, deltas: AirlineLookToBookDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const values = sql.join(
    inKeyOrder(deltas, (d) => [d.agencyId, d.airline, d.day]).map(
      (d) => sql`(${d.agencyId}, ${d.airline}, ${d.day}::date, ${d.searches}, ${d.bookings})`,
    ),
  );
  await sql`
    insert into look_to_book_airline_daily (agency_id, airline, day, searches, bookings) values ${values}
    on conflict (agency_id, airline, day) do update
      set searches = look_to_book_airline_daily.searches + excluded.searches,
          bookings = look_to_book_airline_daily.bookings + excluded.bookings`.execute(db);
}

export async function lookToBookFor(db: Db, agencyId: string, day: string): Promise<{ searches: number; bookings: number }> {
  const { rows } = await sql<{ searches: number; bookings: number }>`
    select searches, bookings from look_to_book_daily where agency_id = ${agencyId} and day = ${day}::date`.execute(db);
  return { searches: Number(rows[0]?.searches ?? 0), bookings: Number(rows[0]?.bookings ?? 0) };
}
