import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { UserRow } from '../../platform/db/rows.js';
import { isUniqueViolation } from '../../platform/db/unique-violation.js';

/**
 * Every statement on `users`. Each takes the executor it runs on, so a caller's transaction (an
 * invitation accepted, a password replaced, a second factor removed) passes straight through.
 */

/** What a new user is made of; the sign-in state starts at the table's defaults. */
export type NewUser = Pick<
  UserRow,
  'id' | 'agency_id' | 'email' | 'password_hash' | 'role' | 'permissions' | 'email_verified_at'
>;

/** insertUser's answer when the address already has an account (one per address, whatever its case). */
export const EMAIL_TAKEN = 'email_taken';

/**
 * The new user, or EMAIL_TAKEN when `users_email_key` refuses the address: the check callers make
 * beforehand can lose a race, the index cannot. In a transaction the refused statement has aborted
 * it, so a caller in one ends it by throwing.
 */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | typeof EMAIL_TAKEN> {
  try {
    const { rows } = await sql<UserRow>`
      insert into users (id, agency_id, email, password_hash, role, permissions, email_verified_at)
      values (${user.id}, ${user.agency_id}, ${user.email}, ${user.password_hash}, ${user.role},
              ${user.permissions}, ${user.email_verified_at})
      returning *`.execute(db);
    return rows[0]!;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) return EMAIL_TAKEN;
    throw err;
  }
}

export async function findUser(db: Db, id: string): Promise<UserRow | null> {
  const { rows } = await sql<UserRow>`select * from users where id = ${id}`.execute(db);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const { rows } = await sql<UserRow>`select * from users where lower(email) = lower(${email})`.execute(db);
  return rows[0] ?? null;
}

/** The addresses of an agency's owners, oldest account first: who is told about the agency itself. */
export async function listOwnerEmails(db: Db, agencyId: string): Promise<string[]> {
  const { rows } = await sql<{ email: string }>`
    select email from users where agency_id = ${agencyId} and role = 'owner' order by created_at`.execute(db);
  return rows.map((r) => r.email);
}

/** Marks the address verified, only while the account still has the address the link was sent to. */
export async function markEmailVerified(
  db: Db,
  userId: string,
  email: string,
  now: Date,
): Promise<{ id: string; agency_id: string | null } | null> {
  const { rows } = await sql<{ id: string; agency_id: string | null }>`
    update users set email_verified_at = coalesce(email_verified_at, ${now})
    where id = ${userId} and lower(email) = lower(${email})
    returning id, agency_id`.execute(db);
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
export async function unlockUser(db: Db, userId: string, now: Date): Promise<UserRow | null> {
  const { rows } = await sql<UserRow>`
    update users set locked_at = null, locked_until = null, failed_logins = 0
    where id = ${userId} and locked_at is not null and (locked_until is null or locked_until > ${now})
    returning *`.execute(db);
  return rows[0] ?? null;
}

export async function listLockedUsers(db: Db, now: Date): Promise<UserRow[]> {
  const { rows } = await sql<UserRow>`
    select * from users
    where locked_at is not null and (locked_until is null or locked_until > ${now})
    order by locked_at desc, id`.execute(db);
  return rows;
}

/**
 * Sets a new password hash. With `liftTimedLock` (a reset: the mailbox owner is proven) a lock
 * that would end by itself is lifted and the failure count cleared; an operator's lock (no end)
 * stays until an operator lifts it.
 */
export async function setPasswordHash(db: Db, userId: string, hash: string, liftTimedLock: boolean): Promise<void> {
  if (!liftTimedLock) {
    await sql`update users set password_hash = ${hash} where id = ${userId}`.execute(db);
    return;
  }
  await sql`
    update users set password_hash = ${hash},
      failed_logins = case when locked_at is not null and locked_until is null then failed_logins else 0 end,
      locked_at = case when locked_until is null then locked_at else null end,
      locked_until = null
    where id = ${userId}`.execute(db);
}

export async function setPendingTotp(db: Db, userId: string, sealedSecret: string): Promise<void> {
  await sql`update users set totp_pending_secret = ${sealedSecret} where id = ${userId}`.execute(db);
}

/** Promotes the pending secret; false when enrolment was not started or another request finished it. */
export async function enableTotp(
  db: Db,
  userId: string,
  { sealedSecret, counter, at }: { sealedSecret: string; counter: number; at: Date },
): Promise<boolean> {
  const { rows } = await sql`
    update users
    set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_enabled_at = ${at}, totp_last_counter = ${counter}
    where id = ${userId} and totp_pending_secret = ${sealedSecret} and totp_secret is null
    returning id`.execute(db);
  return rows.length > 0;
}

/** Forgets the second factor, enabled or pending (the recovery codes are the MFA flow's to delete). */
export async function clearTotp(db: Db, userId: string): Promise<void> {
  await sql`
    update users set totp_secret = null, totp_pending_secret = null, totp_enabled_at = null, totp_last_counter = null
    where id = ${userId}`.execute(db);
}

/** Accepts a time step only if it is newer than the last one used, so a code works once. */
export async function advanceTotpCounter(db: Db, userId: string, counter: number): Promise<boolean> {
  const { rows } = await sql`
    update users set totp_last_counter = ${counter}
    where id = ${userId} and (totp_last_counter is null or totp_last_counter < ${counter})
    returning id`.execute(db);
  return rows.length > 0;
}

/** The e-mail of each of these users (a log page names its members by e-mail). */
export async function emailsOf(db: Db, userIds: readonly string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const users = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute();
  return new Map(users.map((u) => [u.id, u.email]));
}
