import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../../platform/errors.js';
import type { SessionContext } from './session-context.js';
import type { SessionService } from './service.js';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="portal"' };
const BEARER = /^Bearer[ \t]+([A-Za-z0-9_-]{1,200})[ \t]*$/i;

/**
 * The onRequest hook of session-authenticated routes: `Authorization: Bearer <session token>`
 * in, `request.session` out. Any feature's routes can add it: createPortal() returns it as `authenticate`.
 */
export function sessionHook(sessions: SessionService) {
  return async function authenticateSession(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (header === undefined || header === '') {
      throw new AppError(401, 'missing_session', 'missing session token: send Authorization: Bearer <token>', {}, CHALLENGE);
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new AppError(401, 'invalid_session', 'invalid or expired session', {}, CHALLENGE);
    try {
      request.session = await sessions.authenticate(token);
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.status, err.code, err.message, err.fields, CHALLENGE);
      throw err;
    }
  };
}

/** The session of a route behind the hook; a route outside it asking is a wiring bug. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new Error(`${request.routeOptions.url} is not behind the session hook`);
  return request.session;
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
