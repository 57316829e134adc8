import { findAgency } from '../../identity/agencies/store.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { Platform } from '../../platform/platform.js';
import { SESSION_POLICY } from '../policy.js';
import type { ClientInfo, SessionService } from '../sessions/service.js';
import { requirePermission } from '../../identity/sessions/session-auth.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';

export const SUPPORT_PERMISSION = 'support.session';

/**
 * Support sessions: an operator acting for an agency. The session carries the operator as user and
 * the agency as the one it serves; key operations refuse it, and opening and closing are logged.
 */
export function createSupportService(platform: Pick<Platform, 'db'>, sessions: SessionService) {
  const { db } = platform;

  return {
    async open(ctx: SessionContext, input: { agency_id: string; reason: string }, client: ClientInfo) {
      requirePermission(ctx, SUPPORT_PERMISSION);
      const agency = await findAgency(db, input.agency_id);
      if (!agency) throw notFound(`agency ${input.agency_id} not found`, 'agency_not_found');
      const { token, session } = await sessions.open({
        userId: ctx.userId,
        agencyId: agency.id,
        kind: 'support',
        supportReason: input.reason,
        mfaVerified: false,
        client,
      });
      await recordSecurityEvent(db, {
        kind: 'support_session.opened',
        userId: ctx.userId,
        agencyId: agency.id,
        ip: client.ip,
        detail: { supportSessionId: session.id, reason: input.reason, expiresAt: session.expires_at },
      });
      return {
        token,
        session,
        support_session: { id: session.id, operator_user_id: ctx.userId, agency_id: agency.id, reason: input.reason },
      };
    },

    async close(ctx: SessionContext, id: string, client: ClientInfo) {
      requirePermission(ctx, SUPPORT_PERMISSION);
      const row = await sessions.findRow(id);
      if (!row || row.kind !== 'support') throw notFound('support session not found', 'support_session_not_found');
      if (row.user_id !== ctx.userId && !ctx.permissions.includes('user.manage')) {
        throw forbidden("closing another operator's support session needs the permission user.manage", 'missing_permission');
      }
      await sessions.closeSupport(id, ctx.userId, client);
      return { status: 'closed' };
    },
  };
}

export const SUPPORT_SESSION_MINUTES = SESSION_POLICY.supportAbsoluteMs / 60_000;

export type SupportService = ReturnType<typeof createSupportService>;
