import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';

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

export async function recordSecurityEvent(db: Db, event: SecurityEventInput): Promise<void> {
  await sql`
    insert into security_events (kind, user_id, agency_id, api_key_id, ip, detail)
    values (${event.kind}, ${event.userId ?? null}, ${event.agencyId ?? null}, ${event.apiKeyId ?? null},
            ${event.ip ?? null}, ${JSON.stringify(event.detail ?? {})}::jsonb)`.execute(db);
}
