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

export function toEventView(row: SecurityEventRow) {
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
export function createSecurityService(platform: Pick<Platform, 'db' | 'clock'>) {
  const { db, clock } = platform;

  return {
    async listOwn(ctx: SessionContext, query: { kind?: string; limit?: number; offset?: number }) {
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

    async listAll(ctx: SessionContext, query: { kind?: string; user_id?: string; since?: string; limit?: number }) {
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

    async acknowledge(ctx: SessionContext, id: number) {
      requirePermission(ctx, 'platform.read');
      const row = await acknowledgeSecurityEvent(db, id, ctx.userId, clock());
      if (!row) throw notFound(`security event ${id} not found`, 'security_event_not_found');
      return toEventView(row);
    },

    async lockouts(ctx: SessionContext) {
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

    async unlock(ctx: SessionContext, userId: string, ip: string | null) {
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

export type SecurityService = ReturnType<typeof createSecurityService>;
