import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { SecurityEventRow } from '../../platform/db/rows.js';

/** Kinds written by the platform; the portal adds its own (logins, lockouts, MFA changes...). */
export type SecurityEventKind =
  | 'api_key.created'
  | 'api_key.updated'
  | 'api_key.rotated'
  | 'api_key.revoked'
  | 'api_key.revealed'
  | 'api_key.request_refused'
  | (string & {});

export interface SecurityEventInput {
  kind: SecurityEventKind;
  userId?: string | null;
  agencyId?: string | null;
  apiKeyId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** An event about a user account, filed under the user and the agency it belongs to. */
export function recordUserEvent(
  db: Db,
  user: { id: string; agency_id: string | null },
  { kind, ip, detail }: { kind: SecurityEventKind; ip: string | null; detail?: Record<string, unknown> },
): Promise<void> {
  return recordSecurityEvent(db, { kind, userId: user.id, agencyId: user.agency_id, ip, ...(detail ? { detail } : {}) });
}

export async function recordSecurityEvent(db: Db, event: SecurityEventInput): Promise<void> {
  await sql`
    insert into security_events (kind, user_id, agency_id, api_key_id, ip, detail)
    values (${event.kind}, ${event.userId ?? null}, ${event.agencyId ?? null}, ${event.apiKeyId ?? null},
            ${event.ip ?? null}, ${JSON.stringify(event.detail ?? {})}::jsonb)`.execute(db);
}

export interface SecurityEventFilter {
  userId?: string;
  /**
   * One account's view: what the user did or had done to them, plus what happened to their agency
   * without a user of its own (requests a key restriction refused) or by support on its behalf.
   */
  subject?: { userId: string; agencyId: string | null };
  kind?: string;
  since?: Date;
}

function where(filter: SecurityEventFilter) {
  const conditions = [sql`true`];
  if (filter.userId !== undefined) conditions.push(sql`user_id = ${filter.userId}`);
  if (filter.subject !== undefined) {
    const { userId, agencyId } = filter.subject;
    conditions.push(
      agencyId === null
        ? sql`user_id = ${userId}`
        : sql`(user_id = ${userId} or (agency_id = ${agencyId} and (user_id is null or kind in ('support_session.opened', 'support_session.closed'))))`,
    );
  }
  if (filter.kind !== undefined) conditions.push(sql`kind = ${filter.kind}`);
  if (filter.since !== undefined) conditions.push(sql`occurred_at >= ${filter.since}`);
  return sql.join(conditions, sql` and `);
}

/** Newest first; the id breaks ties between events of the same instant. */
export async function listSecurityEvents(
  db: Db,
  filter: SecurityEventFilter,
  page: { limit: number; offset?: number },
): Promise<SecurityEventRow[]> {
  const { rows } = await sql<SecurityEventRow>`
    select * from security_events where ${where(filter)}
    order by occurred_at desc, id desc
    limit ${page.limit} offset ${page.offset ?? 0}`.execute(db);
  return rows;
}

export async function countSecurityEvents(db: Db, filter: SecurityEventFilter): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total from security_events where ${where(filter)}`.execute(db);
  return rows[0]?.total ?? 0;
}

/** Marks an event seen; a second acknowledgement keeps the first one's time and operator. */
export async function acknowledgeSecurityEvent(db: Db, id: number, by: string, at: Date): Promise<SecurityEventRow | null> {
  const { rows } = await sql<SecurityEventRow>`
    update security_events
    set acknowledged_at = coalesce(acknowledged_at, ${at}), acknowledged_by = coalesce(acknowledged_by, ${by})
    where id = ${id}
    returning *`.execute(db);
  return rows[0] ?? null;
}
