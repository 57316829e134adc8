import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/**
 * SQL of the notification replay guard: each signature taken is remembered (as a digest) until
 * its time window closes, so the same signed body sent again inside the window is recognised.
 * In the database, so every instance behind a balancer sees what the others took.
 */

/** The digest a signature is remembered by: the airline, the signature's time and its MAC. */
export function signatureDigest(airline: string, signature: string): string {
  return createHash('sha256').update(`${airline}\n${signature}`).digest('hex');
}

/**
 * Takes a signature once: true the first time, false while it is remembered. Expired digests are
 * dropped on the way, so the table holds at most one window of notifications.
 */
export async function claimSignature(db: Db, digest: string, now: Date, expiresAt: Date): Promise<boolean> {
  await sql`delete from airline_notification_receipts where expires_at < ${now}`.execute(db);
  const { rows } = await sql<{ digest: string }>`
    insert into airline_notification_receipts (digest, expires_at) values (${digest}, ${expiresAt})
    on conflict (digest) do nothing returning digest`.execute(db);
  return rows.length === 1;
}

/** Forgets a signature whose notification failed, so the airline's resend of it is read. */
export async function releaseSignature(db: Db, digest: string): Promise<void> {
  await sql`delete from airline_notification_receipts where digest = ${digest}`.execute(db);
}
