import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/** Part of removing the second factor: its recovery codes go with it. */
export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await sql`delete from recovery_codes where user_id = ${userId}`.execute(db);
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await sql`delete from recovery_codes where user_id = ${userId}`.execute(db);
  for (const hash of hashes) {
    await sql`insert into recovery_codes (user_id, code_hash) values (${userId}, ${hash})`.execute(db);
  }
}

/** Spends the unused code stored under any of `hashes` (the forms one typed code may have). */
export async function useRecoveryCode(db: Db, userId: string, hashes: string[], at: Date): Promise<boolean> {
  if (hashes.length === 0) return false;
  const { rows } = await sql`
    update recovery_codes set used_at = ${at}
    where user_id = ${userId} and code_hash in (${sql.join(hashes)}) and used_at is null
    returning code_hash`.execute(db);
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from recovery_codes where user_id = ${userId} and used_at is null`.execute(db);
  return rows[0]?.n ?? 0;
}
