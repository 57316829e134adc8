import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';

export interface IdempotencyRow {
  agency_id: string;
  idempotency_key: string;
  request_hash: string;
  state: 'in_flight' | 'completed' | 'failed';
  order_id: string | null;
  response_status: number | null;
  response_body: Record<string, unknown> | null;
  created_at: Date;
  expires_at: Date;
}

/**
 * Claims the key: exactly one concurrent caller inserts the row (the primary key decides, on any
 * number of instances); the others get the row that won. An expired row is replaced in the same
 * statement, so keys are reusable after their retention.
 */
export async function claimKey(
  db: Db,
  claim: { agencyId: string; key: string; requestHash: string; now: Date; expiresAt: Date },
): Promise<{ claimed: true } | { claimed: false; row: IdempotencyRow }> {
  const { rows } = await sql<{ agency_id: string }>`
    insert into order_idempotency_keys (agency_id, idempotency_key, request_hash, state, created_at, expires_at)
    values (${claim.agencyId}, ${claim.key}, ${claim.requestHash}, 'in_flight', ${claim.now}, ${claim.expiresAt})
    on conflict (agency_id, idempotency_key) do update
      set request_hash = excluded.request_hash, state = 'in_flight', order_id = null, response_status = null,
          response_body = null, created_at = excluded.created_at, expires_at = excluded.expires_at
      where order_idempotency_keys.expires_at <= ${claim.now}
    returning agency_id`.execute(db);
  if (rows.length === 1) return { claimed: true };
  const existing = await sql<IdempotencyRow>`
    select * from order_idempotency_keys where agency_id = ${claim.agencyId} and idempotency_key = ${claim.key}`.execute(db);
  const row = existing.rows[0];
  // Deleted between the two statements (a failed first call released it): claim again.
  if (!row) return claimKey(db, claim);
  return { claimed: false, row };
}

export async function completeKey(db: Db, agencyId: string, key: string, orderId: string): Promise<void> {
  await sql`update order_idempotency_keys set state = 'completed', order_id = ${orderId}
    where agency_id = ${agencyId} and idempotency_key = ${key}`.execute(db);
}

export async function failKey(
  db: Db,
  agencyId: string,
  key: string,
  status: number,
  body: Record<string, unknown>,
): Promise<void> {
  await sql`update order_idempotency_keys set state = 'failed', response_status = ${status}, response_body = ${JSON.stringify(body)}::jsonb
    where agency_id = ${agencyId} and idempotency_key = ${key}`.execute(db);
}

export async function releaseKey(db: Db, agencyId: string, key: string): Promise<void> {
  await sql`delete from order_idempotency_keys where agency_id = ${agencyId} and idempotency_key = ${key} and state = 'in_flight'`.execute(
    db,
  );
}

export async function purgeExpiredKeys(db: Db, now: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with gone as (delete from order_idempotency_keys where expires_at <= ${now} and state <> 'in_flight' returning 1)
    select count(*)::int as n from gone`.execute(db);
  return rows[0]?.n ?? 0;
}
