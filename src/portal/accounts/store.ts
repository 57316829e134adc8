import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

export async function insertEmailVerification(
  db: Db,
  row: { token_hash: string; user_id: string; email: string; created_at: Date; expires_at: Date },
): Promise<void> {
  await sql`
    insert into email_verifications (token_hash, user_id, email, created_at, expires_at)
    values (${row.token_hash}, ${row.user_id}, ${row.email}, ${row.created_at}, ${row.expires_at})`.execute(db);
}

/** Spends a verification link that is neither used nor expired; answers whom and which address it was for. */
export async function spendEmailVerification(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user_id: string; email: string } | null> {
  const { rows } = await sql<{ user_id: string; email: string }>`
    update email_verifications set used_at = ${now}
    where token_hash = ${tokenHash} and used_at is null and expires_at > ${now}
    returning user_id, email`.execute(db);
  return rows[0] ?? null;
}
