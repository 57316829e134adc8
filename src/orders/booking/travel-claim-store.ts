import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/** SQL of order_travel_claims: who may book a given set of people on a given set of flights. */

export interface TravelClaimKey {
  agencyId: string;
  environment: string;
  travelKey: string;
}

/**
 * One statement, committed on its own: the primary key lets exactly one caller in on any number
 * of instances. A claim still without an order since before `staleBefore`, and with no booking
 * intent waiting for recovery, is taken over in the same statement. Returns null when claimed, else the holder's order id (null while in flight).
 */
export async function insertTravelClaim(
  db: Db,
  key: TravelClaimKey,
  claim: { claimId: string; now: Date; staleBefore: Date },
): Promise<{ claimed: true } | { claimed: false; orderId: string | null }> {
  const { rows } = await sql<{ claim_id: string }>`
    insert into order_travel_claims (agency_id, environment, travel_key, claim_id, order_id, claimed_at)
    values (${key.agencyId}, ${key.environment}, ${key.travelKey}, ${claim.claimId}, null, ${claim.now})
    on conflict (agency_id, environment, travel_key) do update
      set claim_id = excluded.claim_id, order_id = null, claimed_at = excluded.claimed_at
      where order_travel_claims.order_id is null and order_travel_claims.claimed_at < ${claim.staleBefore}
        -- A claim whose booking intent is unresolved is the recovery job's to free, never the clock's:
        -- its booking may exist at the airline.
        and not exists (select 1 from order_booking_intents i
                        where i.claim_id = order_travel_claims.claim_id and i.state in ('pending', 'unresolved'))
    returning claim_id`.execute(db);
  if (rows.length === 1) return { claimed: true };
  const holder = await sql<{ order_id: string | null }>`
    select order_id from order_travel_claims
    where agency_id = ${key.agencyId} and environment = ${key.environment} and travel_key = ${key.travelKey}`.execute(db);
  // Released between the two statements: the travel is free again.
  if (holder.rows.length === 0) return insertTravelClaim(db, key, claim);
  return { claimed: false, orderId: holder.rows[0]!.order_id };
}

/** Ties the claim to the order it produced; runs in the order's insert transaction. */
export async function attachTravelClaim(db: Db, claimId: string, orderId: string): Promise<void> {
  await sql`update order_travel_claims set order_id = ${orderId} where claim_id = ${claimId}`.execute(db);
}

/** A booking that ended without reaching (or being accepted by) the airline frees its travel. */
export async function deleteTravelClaim(db: Db, claimId: string): Promise<void> {
  await sql`delete from order_travel_claims where claim_id = ${claimId} and order_id is null`.execute(db);
}

/** A closed order (cancelled, refunded) no longer holds its travel. */
export async function releaseOrderTravel(db: Db, orderId: string): Promise<void> {
  await sql`delete from order_travel_claims where order_id = ${orderId}`.execute(db);
}
