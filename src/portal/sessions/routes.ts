import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_SECURITY, StatusBody } from '../../identity/sessions/session-schemas.js';
import { NO_SECURITY } from '../schemas.js';
import type { PortalServices } from '../services.js';
import { clientOf, refuseSupportSession, sessionOf } from '../../identity/sessions/session-auth.js';
import { LoginBody, LoginMfaBody, LoginResponse, MeResponse, SessionIdParams, SessionList } from './schemas.js';

/** Opening a session: no credential but the password (and second factor) in the body. */
export const loginRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  const perHour = app.platform.config.loginFailuresPerHour;
  app.post(
    '/v1/dev/login',
    {
      schema: {
        operationId: 'logIn',
        tags: ['portal'],
        summary: 'Log in with e-mail and password',
        description:
          'Answers a session token, or `mfa_required: true` with a challenge when the account has a second factor. ' +
          'A wrong address, a wrong password and a locked account all answer the same 401 `invalid e-mail or password`. ' +
          `After ${perHour} failed sign-ins (passwords or codes) from one client address in a rolling hour, that address gets 429 with \`Retry-After\` for every attempt, right ones too (LOGIN_FAILURE_LIMIT_PER_HOUR).`,
        security: NO_SECURITY,
        body: LoginBody,
        response: { 200: LoginResponse },
      },
    },
    async (request) => services.login.login(request.body.email, request.body.password, clientOf(request)),
  );

  app.post(
    '/v1/dev/login/mfa',
    {
      schema: {
        operationId: 'logInWithSecondFactor',
        tags: ['portal'],
        summary: 'Complete a login with a TOTP or recovery code',
        description:
          'The challenge lasts 5 minutes and takes 5 wrong codes; each wrong code also counts towards the lockout and against the client address, as a wrong password does.',
        security: NO_SECURITY,
        body: LoginMfaBody,
        response: { 200: LoginResponse },
      },
    },
    async (request) => services.login.completeMfa(request.body.challenge, request.body.code, clientOf(request)),
  );
};

/** The caller's own session and sessions. */
export const sessionRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  app.post(
    '/v1/dev/logout',
    {
      schema: {
        operationId: 'logOut',
        description: 'Revokes the bearer token of this request; on a support session, that ends the support session.',
        tags: ['portal'],
        summary: 'End the current session (a support session is closed)',
        security: SESSION_SECURITY,
        response: { 200: StatusBody },
      },
    },
    async (request) => {
      const ctx = sessionOf(request);
      if (ctx.supportSession) await services.sessions.closeSupport(ctx.sessionId, ctx.userId, clientOf(request));
      else await services.sessions.revokeOwn(ctx.userId, ctx.sessionId, 'logout');
      return { status: 'logged_out' };
    },
  );

  app.get(
    '/v1/dev/sessions',
    {
      schema: {
        operationId: 'listSessions',
        tags: ['portal'],
        summary: "The caller's open sessions, newest first",
        description:
          "A support session is refused with 403 `support_session_forbidden`: it never shows the operator's own sessions.",
        security: SESSION_SECURITY,
        response: { 200: SessionList },
      },
    },
    async (request) => {
      const ctx = sessionOf(request);
      refuseSupportSession(ctx, 'list sessions');
      const sessions = await services.sessions.list(ctx.userId);
      return { sessions: sessions.map((s) => ({ ...s, current: s.id === ctx.sessionId })) };
    },
  );

  app.delete(
    '/v1/dev/sessions/:id',
    {
      schema: {
        operationId: 'revokeSession',
        tags: ['portal'],
        summary: "Revoke one of the caller's sessions",
        description:
          'A support session is refused with 403 `support_session_forbidden` (it ends itself with POST /v1/dev/logout).',
        security: SESSION_SECURITY,
        params: SessionIdParams,
        response: { 200: StatusBody },
      },
    },
    async (request) => {
      const ctx = sessionOf(request);
      refuseSupportSession(ctx, 'revoke sessions');
      await services.sessions.revokeOwn(ctx.userId, request.params.id, 'revoked');
      return { status: 'revoked' };
    },
  );

  app.get(
    '/v1/dev/me',
    {
      schema: {
        operationId: 'getAccount',
        description: 'The account behind the session, its agency, whether a second factor is on, and the session.',
        tags: ['portal'],
        summary: 'The caller: account, agency, second factor, session',
        security: SESSION_SECURITY,
        response: { 200: MeResponse },
      },
    },
    async (request) => services.describeMe(sessionOf(request)),
  );
};
