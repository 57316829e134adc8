import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/errors.js';
import type { SessionContext } from './session-context.js';

/** The session of a route behind the session gate; a route outside it asking is a wiring bug. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new Error(`${request.routeOptions.url} is not a session route (config.auth 'session')`);
  return request.session;
}

/**
 * The platform permissions an operator's support session needs to act for an agency
 * (docs/portal.md): `read` opens the session and reads the agency's orders and logs (re-read on
 * every request, so taking it away ends the reads too); `write` also books and services its orders.
 */
export const SUPPORT_PERMISSIONS = { read: 'support.session', write: 'orders.support' } as const;

/**
 * What a support session may do on a route: act with a platform permission (what for is said when
 * it lacks it), or nothing (`refuse`: what it cannot do, e.g. "manage api keys").
 */
export type SupportRule = { permission: string; doing: string } | { refuse: string };

/**
 * The agency a session acts for: the member's own, or the one an operator's support session was
 * opened for. 403 `not_agency_account` for an account of no agency; on a support session, 403
 * `support_session_forbidden` where the rule refuses it and `missing_permission` where it lacks the
 * rule's permission (by default `support.session`, what opened it).
 */
export function agencyOfSession(
  ctx: SessionContext,
  support: SupportRule = { permission: SUPPORT_PERMISSIONS.read, doing: "reading the agency's data" },
): string {
  if (ctx.supportSession) {
    if ('refuse' in support) throw forbidden(`a support session cannot ${support.refuse}`, 'support_session_forbidden');
    if (!ctx.permissions.includes(support.permission)) {
      throw forbidden(
        `${support.doing} on a support session needs the platform permission ${support.permission}`,
        'missing_permission',
      );
    }
  }
  if (!ctx.agencyId) throw forbidden('this session acts for no agency', 'not_agency_account');
  return ctx.agencyId;
}

/**
 * Admin paths: the named platform permission, on the operator's own session (not a support one),
 * signed in with a second factor: a stolen operator password alone must not reach every agency.
 */
export function requirePermission(ctx: SessionContext, permission: string): void {
  if (ctx.supportSession) throw forbidden('admin paths are not available on a support session', 'support_session_forbidden');
  if (!ctx.permissions.includes(permission))
    throw forbidden(`this needs the platform permission ${permission}`, 'missing_permission');
  if (ctx.mfaVerifiedAt === null) {
    throw forbidden(
      'admin paths need a session with a verified second factor: enrol TOTP (POST /v1/dev/me/mfa/totp) or, once enrolled, ' +
        'sign in with it or verify it in this session (POST /v1/dev/me/mfa/verify)',
      'mfa_required',
    );
  }
}

/**
 * Account operations on the signed-in user's own account (its sessions, password, second factor):
 * a support session acts for an agency, not as the operator, so it sees and changes none of the
 * operator's own account — as an "act as" session in a payment dashboard would.
 */
export function refuseSupportSession(ctx: SessionContext, action: string): void {
  if (ctx.supportSession) throw forbidden(`a support session cannot ${action}`, 'support_session_forbidden');
}

export function clientOf(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}
