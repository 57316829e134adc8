import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

export async function insertPasswordReset(
  db: Db,
  row: { token_hash: string; user_id: string; created_at: Date; expires_at: Date },
): Promise<void> {
  await sql`
    insert into password_resets (token_hash, user_id, created_at, expires_at)
    values (${row.token_hash}, ${row.user_id}, ${row.created_at}, ${row.expires_at})`.execute(db);
}

/** The user behind a reset link that is neither used nor expired, without spending it. */
export async function findUsableReset(db: Db, tokenHash: string, now: Date): Promise<{ user_id: string } | null> {
  const { rows } = await sql<{ user_id: string }>`
    select user_id from password_resets where token_hash = ${tokenHash} and used_at is null and expires_at > ${now}`.execute(db);
  return rows[0] ?? null;
}

/**
 * Spends the link and every other open link of the same user; false when the link was spent or
 * lapsed meanwhile (two confirmations racing: one wins).
 */
export async function spendResets(db: Db, tokenHash: string, userId: string, now: Date): Promise<boolean> {
  const { rows } = await sql`
    update password_resets set used_at = ${now}
    where token_hash = ${tokenHash} and used_at is null and expires_at > ${now}
    returning token_hash`.execute(db);
  if (rows.length === 0) return false;
  await sql`update password_resets set used_at = ${now} where user_id = ${userId} and used_at is null`.execute(db);
  return true;
}
