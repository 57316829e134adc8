import {
  acknowledgeSecurityEvent,
  countSecurityEvents,
  listSecurityEvents,
  recordSecurityEvent,
} from '../../identity/security-events/store.js';
import { findUser, listLockedUsers, unlockUser } from '../../identity/users/store.js';
import type { SecurityEventRow } from '../../platform/db/rows.js';
import { notFound } from '../../platform/errors.js';
import type { Platform } from '../../platform/platform.js';
import { refuseSupportSession, requirePermission } from '../../identity/sessions/session-auth.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';

/** A security event as the portal answers it. */
export interface SecurityEventView {
  id: number;
  kind: string;
  occurred_at: string;
  user_id: string | null;
  agency_id: string | null;
  api_key_id: string | null;
  ip: string | null;
  detail: SecurityEventRow['detail'];
  acknowledged_at: string | null;
  acknowledged_by: string | null;
}

/** A locked account as operators see it. */
export interface LockoutView {
  user_id: string;
  email: string;
  agency_id: string | null;
  failed_logins: number;
  locked_at: string;
  locked_until: string | null;
}

export interface SecurityService {
  /** The signed-in user's own security events (and their agency's), newest first, with the total; refused to a support session. */
  listOwn(
    ctx: SessionContext,
    query: { kind?: string; limit?: number; offset?: number },
  ): Promise<{ events: SecurityEventView[]; total: number }>;
  /** Everyone's security events, filtered (platform.read). */
  listAll(
    ctx: SessionContext,
    query: { kind?: string; user_id?: string; since?: string; limit?: number },
  ): Promise<{ events: SecurityEventView[] }>;
  /** Marks an event seen by the operator (platform.read); 404 `security_event_not_found`. */
  acknowledge(ctx: SessionContext, id: number): Promise<SecurityEventView>;
  /** The accounts locked now (platform.read). */
  lockouts(ctx: SessionContext): Promise<{ lockouts: LockoutView[] }>;
  /** Lifts an account's lock (user.manage); 404 `lockout_not_found` or `user_not_found`. */
  unlock(ctx: SessionContext, userId: string, ip: string | null): Promise<{ status: 'unlocked'; user_id: string }>;
}

export function toEventView(row: SecurityEventRow): SecurityEventView {
  return {
    id: row.id,
    kind: row.kind,
    occurred_at: row.occurred_at.toISOString(),
    user_id: row.user_id,
    agency_id: row.agency_id,
    api_key_id: row.api_key_id,
    ip: row.ip,
    detail: row.detail,
    acknowledged_at: row.acknowledged_at?.toISOString() ?? null,
    acknowledged_by: row.acknowledged_by,
  };
}

/** The caller's own security log, and the operators' view of everyone's with acks and unlocks. */
export function createSecurityService(platform: Pick<Platform, 'db' | 'clock'>): SecurityService {
  const { db, clock } = platform;

  return {
    async listOwn(ctx, query) {
      // A support session acts for the agency, not as the operator: the operator's own log is not
      // its to read, and the agency's log is not the operator's to audit through an act-as session.
      refuseSupportSession(ctx, "read the signed-in user's security events");
      const filter = { subject: { userId: ctx.userId, agencyId: ctx.agencyId }, ...(query.kind ? { kind: query.kind } : {}) };
      const [rows, total] = await Promise.all([
        listSecurityEvents(db, filter, { limit: query.limit ?? 50, offset: query.offset ?? 0 }),
        countSecurityEvents(db, filter),
      ]);
      return { events: rows.map(toEventView), total };
    },

    async listAll(ctx, query) {
      requirePermission(ctx, 'platform.read');
      const rows = await listSecurityEvents(
        db,
        {
          ...(query.kind ? { kind: query.kind } : {}),
          ...(query.user_id ? { userId: query.user_id } : {}),
          ...(query.since ? { since: new Date(query.since) } : {}),
        },
        { limit: query.limit ?? 50 },
      );
      return { events: rows.map(toEventView) };
    },

    async acknowledge(ctx, id) {
      requirePermission(ctx, 'platform.read');
      const row = await acknowledgeSecurityEvent(db, id, ctx.userId, clock());
      if (!row) throw notFound(`security event ${id} not found`, 'security_event_not_found');
      return toEventView(row);
    },

    async lockouts(ctx) {
      requirePermission(ctx, 'platform.read');
      const rows = await listLockedUsers(db, clock());
      return {
        lockouts: rows.map((u) => ({
          user_id: u.id,
          email: u.email,
          agency_id: u.agency_id,
          failed_logins: u.failed_logins,
          locked_at: u.locked_at!.toISOString(),
          locked_until: u.locked_until?.toISOString() ?? null,
        })),
      };
    },

    async unlock(ctx, userId, ip) {
      requirePermission(ctx, 'user.manage');
      const unlocked = await unlockUser(db, userId, clock());
      if (!unlocked) {
        const exists = await findUser(db, userId);
        throw notFound(
          exists ? `user ${userId} is not locked` : `user ${userId} not found`,
          exists ? 'lockout_not_found' : 'user_not_found',
        );
      }
      await recordSecurityEvent(db, {
        kind: 'account.unlocked',
        userId,
        agencyId: unlocked.agency_id,
        ip,
        detail: { via: 'operator', by: ctx.userId },
      });
      return { status: 'unlocked' as const, user_id: userId };
    },
  };
}
