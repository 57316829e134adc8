import { sql } from 'kysely';
import type { UserRow } from '../../accounts/account-store.js';
import type { Db } from '../../platform/db/database.js';

/** A user with the columns the portal added (migration 0003). */
export interface PortalUserRow extends UserRow {
  failed_logins: number;
  locked_at: Date | null;
  locked_until: Date | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_counter: number | null;
}

export async function findPortalUser(db: Db, id: string): Promise<PortalUserRow | null> {
  const { rows } = await sql<PortalUserRow>`select * from users where id = ${id}`.execute(db);
  return rows[0] ?? null;
}

export async function findPortalUserByEmail(db: Db, email: string): Promise<PortalUserRow | null> {
  const { rows } = await sql<PortalUserRow>`select * from users where lower(email) = lower(${email})`.execute(db);
  return rows[0] ?? null;
}

/** Counts one more consecutive failure, atomically, and answers the new count. */
export async function addFailedLogin(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ failed_logins: number }>`
    update users set failed_logins = failed_logins + 1 where id = ${userId} returning failed_logins`.execute(db);
  return rows[0]?.failed_logins ?? 0;
}

export async function lockUser(db: Db, userId: string, at: Date, until: Date | null): Promise<void> {
  await sql`update users set locked_at = ${at}, locked_until = ${until} where id = ${userId}`.execute(db);
}

/** After a successful login: the failure streak is over. */
export async function resetFailedLogins(db: Db, userId: string): Promise<void> {
  await sql`
    update users set failed_logins = 0, locked_at = null, locked_until = null
    where id = ${userId} and (failed_logins <> 0 or locked_at is not null)`.execute(db);
}

/**
 * Lifts a lock whose time ran out, keeping the failure count so the next lock is longer. True
 * only for the one caller that lifted it, so the unlock is recorded once.
 */
export async function clearExpiredLock(db: Db, userId: string, now: Date): Promise<boolean> {
  const { rows } = await sql`
    update users set locked_at = null, locked_until = null
    where id = ${userId} and locked_at is not null and locked_until is not null and locked_until <= ${now}
    returning id`.execute(db);
  return rows.length > 0;
}

/** An operator's unlock: lock and failure count both go. */
export async function unlockUser(db: Db, userId: string, now: Date): Promise<PortalUserRow | null> {
  const { rows } = await sql<PortalUserRow>`
    update users set locked_at = null, locked_until = null, failed_logins = 0
    where id = ${userId} and locked_at is not null and (locked_until is null or locked_until > ${now})
    returning *`.execute(db);
  return rows[0] ?? null;
}

export async function listLockedUsers(db: Db, now: Date): Promise<PortalUserRow[]> {
  const { rows } = await sql<PortalUserRow>`
    select * from users
    where locked_at is not null and (locked_until is null or locked_until > ${now})
    order by locked_at desc, id`.execute(db);
  return rows;
}

export async function insertEmailVerification(
  db: Db,
  row: { token_hash: string; user_id: string; email: string; created_at: Date; expires_at: Date },
): Promise<void> {
  await sql`
    insert into email_verifications (token_hash, user_id, email, created_at, expires_at)
    values (${row.token_hash}, ${row.user_id}, ${row.email}, ${row.created_at}, ${row.expires_at})`.execute(db);
}

/** Spends a verification link and marks the address verified, if the link is good and the address unchanged. */
export async function useEmailVerification(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user_id: string; agency_id: string | null } | null> {
  const { rows } = await sql<{ user_id: string; email: string }>`
    update email_verifications set used_at = ${now}
    where token_hash = ${tokenHash} and used_at is null and expires_at > ${now}
    returning user_id, email`.execute(db);
  const link = rows[0];
  if (!link) return null;
  const { rows: users } = await sql<{ id: string; agency_id: string | null }>`
    update users set email_verified_at = coalesce(email_verified_at, ${now})
    where id = ${link.user_id} and lower(email) = lower(${link.email})
    returning id, agency_id`.execute(db);
  const user = users[0];
  return user ? { user_id: user.id, agency_id: user.agency_id } : null;
}

/** An agency created by signup is verified once its owner has proven the e-mail address. */
export async function verifyAgencyOwnedBy(db: Db, agencyId: string, userId: string, now: Date): Promise<void> {
  await sql`
    update agencies set verified_at = ${now}
    where id = ${agencyId} and verified_at is null
      and exists (select 1 from users where id = ${userId} and agency_id = ${agencyId} and role = 'owner')`.execute(db);
}
