import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { AgencyInviteRow } from '../../platform/db/rows.js';

export async function insertInvite(db: Db, row: Omit<AgencyInviteRow, 'accepted_at' | 'revoked_at'>): Promise<AgencyInviteRow> {
  const { rows } = await sql<AgencyInviteRow>`
    insert into agency_invites (id, agency_id, email, role, token_hash, invited_by, created_at, expires_at)
    values (${row.id}, ${row.agency_id}, ${row.email}, ${row.role}, ${row.token_hash}, ${row.invited_by},
            ${row.created_at}, ${row.expires_at})
    returning *`.execute(db);
  return rows[0]!;
}

/** The agency's invitations still waiting for an answer, newest first. */
export async function listOpenInvites(db: Db, agencyId: string, now: Date): Promise<AgencyInviteRow[]> {
  const { rows } = await sql<AgencyInviteRow>`
    select * from agency_invites
    where agency_id = ${agencyId} and accepted_at is null and revoked_at is null and expires_at > ${now}
    order by created_at desc, id desc`.execute(db);
  return rows;
}

/** Revokes open invitations of the agency: one by id, or every one to an address. Answers those revoked. */
export async function revokeInvites(
  db: Db,
  agencyId: string,
  match: { id: string } | { email: string },
  now: Date,
): Promise<AgencyInviteRow[]> {
  const which = 'id' in match ? sql`id = ${match.id}` : sql`lower(email) = lower(${match.email})`;
  const { rows } = await sql<AgencyInviteRow>`
    update agency_invites set revoked_at = ${now}
    where agency_id = ${agencyId} and ${which} and accepted_at is null and revoked_at is null and expires_at > ${now}
    returning *`.execute(db);
  return rows;
}

/** An invitation that can still be accepted, without spending it. */
export async function findOpenInvite(db: Db, tokenHash: string, now: Date): Promise<AgencyInviteRow | null> {
  const { rows } = await sql<AgencyInviteRow>`
    select * from agency_invites
    where token_hash = ${tokenHash} and accepted_at is null and revoked_at is null and expires_at > ${now}`.execute(db);
  return rows[0] ?? null;
}

/** Spends an invitation; false when it was accepted, revoked or lapsed meanwhile. */
export async function acceptInvite(db: Db, id: string, now: Date): Promise<boolean> {
  const { rows } = await sql`
    update agency_invites set accepted_at = ${now}
    where id = ${id} and accepted_at is null and revoked_at is null and expires_at > ${now}
    returning id`.execute(db);
  return rows.length > 0;
}
