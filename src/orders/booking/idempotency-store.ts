import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { IdempotencyKeyRow } from '../../platform/db/rows.js';

/**
 * Claims the key: exactly one concurrent caller inserts the row (the primary key decides, on any
 * number of instances); the others get the row that won. An expired row is replaced in the same
 * statement, so keys are reusable after their retention.
 */
export async function claimKey(
  db: Db,
  claim: { agencyId: string; key: string; requestHash: string; now: Date; expiresAt: Date },
): Promise<{ claimed: true } | { claimed: false; row: IdempotencyKeyRow }> {
  const { rows } = await sql<{ agency_id: string }>`
    insert into order_idempotency_keys (agency_id, idempotency_key, request_hash, state, created_at, expires_at)
    values (${claim.agencyId}, ${claim.key}, ${claim.requestHash}, 'in_flight', ${claim.now}, ${claim.expiresAt})
    on conflict (agency_id, idempotency_key) do update
      set request_hash = excluded.request_hash, state = 'in_flight', order_id = null, response_status = null,
          response_body = null, created_at = excluded.created_at, expires_at = excluded.expires_at,
          intent_id = null
      where order_idempotency_keys.expires_at <= ${claim.now}
    returning agency_id`.execute(db);
  if (rows.length === 1) return { claimed: true };
  const existing = await sql<IdempotencyKeyRow>`
    select * from order_idempotency_keys where agency_id = ${claim.agencyId} and idempotency_key = ${claim.key}`.execute(db);
  const row = existing.rows[0];
  // Deleted between the two statements (a failed first call released it): claim again.
  if (!row) return claimKey(db, claim);
  return { claimed: false, row };
}

/** Who holds an in-flight key: the row's creation instant tells this claim from a later one. */
export interface KeyHolder {
  agencyId: string;
  key: string;
  claimedAt: Date;
}

/**
 * Hands the in-flight key to the booking intent, in the intent's transaction; false when the key is
 * no longer this request's (the recovery job freed it as abandoned). The row lock it takes also
 * keeps releaseOrphanKeys off the key while the intent commits.
 */
export async function handOverKey(db: Db, holder: KeyHolder, intentId: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    update order_idempotency_keys set intent_id = ${intentId}
    where agency_id = ${holder.agencyId} and idempotency_key = ${holder.key} and state = 'in_flight'
      and intent_id is null and created_at = ${holder.claimedAt}
    returning 1 as n`.execute(db);
  return rows.length === 1;
}

/** The key of a booking intent now replays its order; runs in the order's insert transaction. */
export async function completeKey(
  db: Db,
  { agencyId, key, intentId, orderId }: { agencyId: string; key: string; intentId: string; orderId: string },
): Promise<void> {
  await sql`update order_idempotency_keys set state = 'completed', order_id = ${orderId}
    where agency_id = ${agencyId} and idempotency_key = ${key} and intent_id = ${intentId} and state = 'in_flight'`.execute(db);
}

/** The intent's booking was never made: its key is free for a fresh attempt. */
export async function releaseIntentKey(db: Db, agencyId: string, key: string, intentId: string): Promise<void> {
  await sql`delete from order_idempotency_keys
    where agency_id = ${agencyId} and idempotency_key = ${key} and intent_id = ${intentId} and state = 'in_flight'`.execute(db);
}

/**
 * Frees keys still in flight since before `before` that never handed their booking to an intent:
 * their process died before the airline was asked, so nothing was booked under them.
 */
export async function releaseOrphanKeys(db: Db, before: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with gone as (delete from order_idempotency_keys where state = 'in_flight' and intent_id is null and created_at < ${before}
                  returning 1)
    select count(*)::int as n from gone`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The airline's refusal becomes the key's stored answer (only while the key is still this request's). */
export async function failKey(db: Db, holder: KeyHolder, status: number, body: Record<string, unknown>): Promise<void> {
  await sql`update order_idempotency_keys set state = 'failed', response_status = ${status}, response_body = ${JSON.stringify(body)}::jsonb
    where agency_id = ${holder.agencyId} and idempotency_key = ${holder.key} and state = 'in_flight'
      and created_at = ${holder.claimedAt}`.execute(db);
}

/** A request that ended before the airline was asked frees its own claim of the key (never a later one). */
export async function releaseKey(db: Db, holder: KeyHolder): Promise<void> {
  await sql`delete from order_idempotency_keys where agency_id = ${holder.agencyId} and idempotency_key = ${holder.key}
    and state = 'in_flight' and intent_id is null and created_at = ${holder.claimedAt}`.execute(db);
}

export async function purgeExpiredKeys(db: Db, now: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with gone as (delete from order_idempotency_keys where expires_at <= ${now} and state <> 'in_flight' returning 1)
    select count(*)::int as n from gone`.execute(db);
  return rows[0]?.n ?? 0;
}
