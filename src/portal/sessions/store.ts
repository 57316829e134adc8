import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { LoginChallengeRow, SessionRow } from '../../platform/db/rows.js';

/** A session with what the request context needs of its user, in one query. */
export interface SessionWithUser extends SessionRow {
  user_agency_id: string | null;
  role: 'owner' | 'admin' | 'developer';
  permissions: string[];
  email_verified_at: Date | null;
}

export async function insertSession(db: Db, row: Omit<SessionRow, 'revoked_at' | 'revoked_reason'>): Promise<SessionRow> {
  const { rows } = await sql<SessionRow>`
    insert into sessions (id, token_hash, user_id, agency_id, kind, support_reason, ip, user_agent,
                          created_at, last_used_at, expires_at, mfa_verified_at)
    values (${row.id}, ${row.token_hash}, ${row.user_id}, ${row.agency_id}, ${row.kind}, ${row.support_reason},
            ${row.ip}, ${row.user_agent}, ${row.created_at}, ${row.last_used_at}, ${row.expires_at}, ${row.mfa_verified_at})
    returning *`.execute(db);
  return rows[0]!;
}

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionWithUser | null> {
  const { rows } = await sql<SessionWithUser>`
    select s.*, u.agency_id as user_agency_id, u.role, u.permissions, u.email_verified_at
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash}`.execute(db);
  return rows[0] ?? null;
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await sql`update sessions set last_used_at = ${at} where id = ${id} and last_used_at < ${at}`.execute(db);
}

export async function markMfaVerified(db: Db, id: string, at: Date): Promise<void> {
  await sql`update sessions set mfa_verified_at = ${at} where id = ${id}`.execute(db);
}

/** The user's sessions that have not been revoked and have not reached their absolute expiry. */
export async function listLiveSessions(db: Db, userId: string, kind: SessionRow['kind'], now: Date): Promise<SessionRow[]> {
  const { rows } = await sql<SessionRow>`
    select * from sessions
    where user_id = ${userId} and kind = ${kind} and revoked_at is null and expires_at > ${now}
    order by created_at desc, id desc`.execute(db);
  return rows;
}

export async function findSession(db: Db, id: string): Promise<SessionRow | null> {
  const { rows } = await sql<SessionRow>`select * from sessions where id = ${id}`.execute(db);
  return rows[0] ?? null;
}

/** Revokes one session if it is still open; answers the row only when this call revoked it. */
export async function revokeSession(db: Db, id: string, at: Date, reason: string): Promise<SessionRow | null> {
  const { rows } = await sql<SessionRow>`
    update sessions set revoked_at = ${at}, revoked_reason = ${reason}
    where id = ${id} and revoked_at is null
    returning *`.execute(db);
  return rows[0] ?? null;
}

/** Revokes every open session of a user but `keep` (the caller's own, when there is one); answers how many. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  { at, reason, keep }: { at: Date; reason: string; keep: string | null },
): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    update sessions set revoked_at = ${at}, revoked_reason = ${reason}
    where user_id = ${userId} and revoked_at is null and id is distinct from ${keep}
    returning id`.execute(db);
  return rows.length;
}

export async function insertChallenge(db: Db, row: Omit<LoginChallengeRow, 'attempts' | 'consumed_at'>): Promise<void> {
  await sql`
    insert into login_challenges (id, token_hash, user_id, ip, created_at, expires_at)
    values (${row.id}, ${row.token_hash}, ${row.user_id}, ${row.ip}, ${row.created_at}, ${row.expires_at})`.execute(db);
}

export async function findChallenge(db: Db, tokenHash: string): Promise<LoginChallengeRow | null> {
  const { rows } = await sql<LoginChallengeRow>`select * from login_challenges where token_hash = ${tokenHash}`.execute(db);
  return rows[0] ?? null;
}

export async function countChallengeAttempt(db: Db, id: string): Promise<void> {
  await sql`update login_challenges set attempts = attempts + 1 where id = ${id}`.execute(db);
}

/** Spends a challenge once: two concurrent correct codes open one session, not two. */
export async function consumeChallenge(db: Db, id: string, at: Date): Promise<boolean> {
  const { rows } = await sql`
    update login_challenges set consumed_at = ${at} where id = ${id} and consumed_at is null returning id`.execute(db);
  return rows.length > 0;
}
