import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

export async function setPendingTotp(db: Db, userId: string, sealedSecret: string): Promise<void> {
  await sql`update users set totp_pending_secret = ${sealedSecret} where id = ${userId}`.execute(db);
}

/** Promotes the pending secret; false when enrolment was not started or another request finished it. */
export async function enableTotp(db: Db, userId: string, sealedSecret: string, counter: number, at: Date): Promise<boolean> {
  const { rows } = await sql`
    update users
    set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_enabled_at = ${at}, totp_last_counter = ${counter}
    where id = ${userId} and totp_pending_secret = ${sealedSecret} and totp_secret is null
    returning id`.execute(db);
  return rows.length > 0;
}

export async function disableTotp(db: Db, userId: string): Promise<void> {
  await sql`
    update users set totp_secret = null, totp_pending_secret = null, totp_enabled_at = null, totp_last_counter = null
    where id = ${userId}`.execute(db);
  await sql`delete from recovery_codes where user_id = ${userId}`.execute(db);
}

/** Accepts a time step only if it is newer than the last one used, so a code works once. */
export async function advanceTotpCounter(db: Db, userId: string, counter: number): Promise<boolean> {
  const { rows } = await sql`
    update users set totp_last_counter = ${counter}
    where id = ${userId} and (totp_last_counter is null or totp_last_counter < ${counter})
    returning id`.execute(db);
  return rows.length > 0;
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
