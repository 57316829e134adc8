import { sql } from 'kysely';
import type { PassengerInput } from '../../connectors/order-types.js';
import type { Db } from '../../platform/db/database.js';
import type { BookingIntentRow } from '../../platform/db/rows.js';
import type { ConditionsSource } from '../../shopping/conditions-view.js';
import type { Actor, OrderDetails } from '../order-record.js';

/** SQL of order_booking_intents: a booking the gateway is about to make, or may have made. */

/** What the order row needs beyond the airline's answer, kept from the request that booked. */
export interface IntentBooking {
  passengers: PassengerInput[];
  contact: OrderDetails['contact'];
  origin: string;
  destination: string;
  keyId: string | null;
  actor: Actor;
  /** The priced offer's fare conditions, which the order shows; absent on intents written before they were kept. */
  conditions?: ConditionsSource;
  /** The priced offer's brand, baggage and taxes (sold-fare.ts); absent on intents written before they were kept. */
  sold?: import('../sold-fare.js').SoldFare;
}

// The platform's declaration of `order_booking_intents` reads `booking` as this shape (tables/column-types.ts, FeatureDocuments).
declare module '../../platform/db/tables/column-types.js' {
  interface FeatureDocuments {
    'order_booking_intents.booking': IntentBooking;
  }
}

export type NewIntent = Pick<
  BookingIntentRow,
  'id' | 'agency_id' | 'environment' | 'airline' | 'idempotency_key' | 'claim_id' | 'booking' | 'created_at' | 'lease_until'
>;

export async function insertIntent(db: Db, intent: NewIntent): Promise<void> {
  await sql`
    insert into order_booking_intents (id, agency_id, environment, airline, idempotency_key, claim_id, state, booking,
                                       created_at, lease_until)
    values (${intent.id}, ${intent.agency_id}, ${intent.environment}, ${intent.airline}, ${intent.idempotency_key},
            ${intent.claim_id}, 'pending', ${JSON.stringify(intent.booking)}::jsonb, ${intent.created_at}, ${intent.lease_until})`.execute(
    db,
  );
}

/** The intent, locked for the caller's transaction: completion and release never overlap. */
export async function lockIntent(db: Db, id: string): Promise<BookingIntentRow | null> {
  const { rows } = await sql<BookingIntentRow>`select * from order_booking_intents where id = ${id} for update`.execute(db);
  return rows[0] ?? null;
}

export async function findIntent(db: Db, id: string): Promise<BookingIntentRow | null> {
  const { rows } = await sql<BookingIntentRow>`select * from order_booking_intents where id = ${id}`.execute(db);
  return rows[0] ?? null;
}

export async function resolveIntent(
  db: Db,
  { id, state, now, reason = null }: { id: string; state: 'completed' | 'released'; now: Date; reason?: string | null },
): Promise<void> {
  await sql`update order_booking_intents set state = ${state}, resolved_at = ${now}, last_error = coalesce(${reason}, last_error)
    where id = ${id}`.execute(db);
}

/**
 * Takes up to `limit` pending intents whose lease has run out and moves each lease on (doubling from
 * `retry.baseMs` per attempt, at most `retry.maxMs`), in one statement: another instance, or the
 * next run, leaves them alone while this run asks the airline.
 */
export async function takeDueIntents(
  db: Db,
  now: Date,
  retry: { baseMs: number; maxMs: number },
  limit: number,
): Promise<BookingIntentRow[]> {
  const { rows } = await sql<BookingIntentRow>`
    update order_booking_intents
      set attempts = attempts + 1,
          lease_until = ${now}::timestamptz + least(${retry.baseMs}::float8 * power(2, attempts), ${retry.maxMs}::float8) * interval '1 millisecond'
    where id in (select id from order_booking_intents where state = 'pending' and lease_until <= ${now}
                 order by lease_until limit ${limit} for update skip locked)
    returning *`.execute(db);
  return rows;
}

/** The airline could not be asked this time; `giveUp` parks the intent for an operator. */
export async function recordAttemptFailure(
  db: Db,
  { id, error, giveUp, now }: { id: string; error: string; giveUp: boolean; now: Date },
): Promise<void> {
  await sql`update order_booking_intents set last_error = ${error},
      state = case when ${giveUp} and state = 'pending' then 'unresolved' else state end,
      resolved_at = case when ${giveUp} and state = 'pending' then ${now}::timestamptz else resolved_at end
    where id = ${id}`.execute(db);
}

/** Resolved intents are kept as long as their idempotency keys, then dropped. */
export async function purgeResolvedIntents(db: Db, before: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with gone as (delete from order_booking_intents where state in ('completed', 'released') and resolved_at < ${before} returning 1)
    select count(*)::int as n from gone`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Intents an operator may need to look at, oldest first: `unresolved` ones, or every open one. */
export async function listOpenIntents(
  db: Db,
  states: readonly ('pending' | 'unresolved')[],
  limit: number,
): Promise<BookingIntentRow[]> {
  const { rows } = await sql<BookingIntentRow>`
    select * from order_booking_intents where state in (${sql.join(states)})
    order by created_at limit ${limit}`.execute(db);
  return rows;
}

/**
 * An operator's "ask the airline again": an unresolved intent goes back to pending with a fresh
 * attempt count and a lease that has already run out, so the next recovery run (within 30 s, once
 * per cluster) looks it up. Null when the intent is not unresolved.
 */
export async function reopenIntent(db: Db, id: string, now: Date): Promise<BookingIntentRow | null> {
  const { rows } = await sql<BookingIntentRow>`
    update order_booking_intents set state = 'pending', attempts = 0, lease_until = ${now}, resolved_at = null
    where id = ${id} and state = 'unresolved'
    returning *`.execute(db);
  return rows[0] ?? null;
}
