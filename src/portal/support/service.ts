import { findAgency } from '../../identity/agencies/store.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { Platform } from '../../platform/platform.js';
import { SESSION_POLICY } from '../policy.js';
import type { ClientInfo, SessionService, SessionView } from '../sessions/service.js';
import { requirePermission, SUPPORT_PERMISSIONS } from '../../identity/sessions/session-auth.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';

/** A support session opened: its token (shown once), the session, and who acts for which agency and why. */
export interface OpenedSupportSession {
  token: string;
  session: SessionView;
  support_session: { id: string; operator_user_id: string; agency_id: string; reason: string };
}

export interface SupportService {
  /** Opens a support session for the agency (support permission needed); 404 `agency_not_found`. */
  open(ctx: SessionContext, input: { agency_id: string; reason: string }, client: ClientInfo): Promise<OpenedSupportSession>;
  /** Closes a support session: the operator's own, or anyone's with user.manage; 404 when it is no support session. */
  close(ctx: SessionContext, id: string, client: ClientInfo): Promise<{ status: string }>;
}

/**
 * Support sessions: an operator acting for an agency. The session carries the operator as user and
 * the agency as the one it serves; key operations refuse it, and opening and closing are logged.
 */
export function createSupportService(platform: Pick<Platform, 'db'>, sessions: SessionService): SupportService {
  const { db } = platform;

  return {
    async open(ctx, input, client) {
      requirePermission(ctx, SUPPORT_PERMISSIONS.read);
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

    async close(ctx, id, client) {
      requirePermission(ctx, SUPPORT_PERMISSIONS.read);
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
