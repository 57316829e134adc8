import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/errors.js';
import type { SessionContext } from './session-context.js';

/** What the gate needs of the portal's session service: the context of a live session token. */
export interface SessionVerifier {
  /** The session's context; the one 401 `invalid_session` for anything unknown, revoked or expired. */
  authenticate(token: string): Promise<SessionContext>;
}

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="portal"' };
const BEARER = /^Bearer[ \t]+([A-Za-z0-9_-]{1,200})[ \t]*$/i;

const missingSession = () =>
  new AppError(401, 'missing_session', 'missing session token: send Authorization: Bearer <token>', { headers: CHALLENGE });
const invalidSession = () => new AppError(401, 'invalid_session', 'invalid or expired session', { headers: CHALLENGE });

/**
 * The session gate: every route whose declared policy is `session` needs
 * `Authorization: Bearer <session token>` and gets `request.session`, whichever feature registers
 * it and in whatever scope. Decided by the matched route's policy, as the API-key gate is
 * (src/auth/api-key-gate.ts), so no feature has to remember to add a hook. A request that matched
 * no route is left to the not-found handler.
 */
export function registerSessionGate(app: FastifyInstance, sessions: SessionVerifier): void {
  app.decorateRequest('session', null);
  app.decorateRequest('dashboardBooking', null);
  // A callback hook: a route that is not a session route pays a property read, no promise.
  app.addHook('onRequest', function sessionGate(request, _reply, done) {
    if (request.is404 || request.routeOptions.config.auth !== 'session') return done();
    const header = request.headers.authorization;
    if (header === undefined || header === '') return done(missingSession());
    const token = BEARER.exec(header)?.[1];
    if (!token) return done(invalidSession());
    sessions.authenticate(token).then(
      (session) => {
        request.session = session;
        done();
      },
      (err: unknown) => {
        // The session service's 401 answers with the same challenge; anything else (the database
        // away) goes to the error handler as it is.
        if (err instanceof AppError)
          done(new AppError(err.status, err.code, err.message, { fields: err.fields, headers: CHALLENGE }));
        else done(err as Error);
      },
    );
  });
}

/**
 * The gate as a plugin, not encapsulated: it guards every route of the app. Register it before
 * any feature with session routes (they name `session-gate` in their dependencies).
 */
export function createSessionGate(sessions: SessionVerifier): FastifyPluginAsync {
  return fp(async (app) => registerSessionGate(app, sessions), { name: 'session-gate' });
}
