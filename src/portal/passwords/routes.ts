import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_SECURITY } from '../../identity/sessions/session-schemas.js';
import { NO_SECURITY } from '../schemas.js';
import type { PortalServices } from '../services.js';
import { sessionOf } from '../../identity/sessions/session-auth.js';
import { PASSWORD_RESET_TTL_MS } from '../policy.js';
import {
  ChangeBody,
  ChangeResponse,
  ResetConfirmBody,
  ResetConfirmResponse,
  ResetRequestBody,
  ResetRequestResponse,
} from './schemas.js';

/** A forgotten password: no credential but the mailbox. */
export const passwordResetRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  const perHour = app.platform.config.publicFormsPerHour;
  app.post(
    '/v1/dev/password-reset',
    {
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['portal'],
        summary: 'Mail a one-time password reset token to an account',
        description:
          `Answers 202 \`reset_sent\` whether or not the address has an account; when it has one, a token valid for ${PASSWORD_RESET_TTL_MS / 60_000} minutes is mailed to it. ` +
          `At most ${perHour} requests per client address per rolling hour; beyond that 429 with \`Retry-After\`.`,
        security: NO_SECURITY,
        body: ResetRequestBody,
        response: { 202: ResetRequestResponse },
      },
    },
    async (request, reply) => reply.code(202).send(await services.passwords.requestReset(request.body.email, request.ip)),
  );

  app.post(
    '/v1/dev/password-reset/confirm',
    {
      schema: {
        operationId: 'confirmPasswordReset',
        tags: ['portal'],
        summary: 'Set a new password with a reset token',
        description:
          'Spends the token (and any other open token of the account), sets the password, ends every session of the account and ' +
          'lifts a lock that would have ended by itself (an operator lock stays). 400 `invalid_reset_token` for a used, unknown or expired token; ' +
          'a password the policy refuses is 400 and leaves the token usable.',
        security: NO_SECURITY,
        body: ResetConfirmBody,
        response: { 200: ResetConfirmResponse },
      },
    },
    async (request) => services.passwords.confirmReset(request.body.token, request.body.password, request.ip),
  );
};

/** Changing the password of the signed-in account. */
export const passwordChangeRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  app.post(
    '/v1/dev/me/password',
    {
      schema: {
        operationId: 'changePassword',
        tags: ['portal'],
        summary: 'Change the password (the current one is required)',
        description:
          'Ends every other session of the account. A wrong current password is 403 `step_up_failed` and counts towards the lockout; ' +
          'a support session cannot change it (403 `support_session_forbidden`).',
        security: SESSION_SECURITY,
        body: ChangeBody,
        response: { 200: ChangeResponse },
      },
    },
    async (request) =>
      services.passwords.change(sessionOf(request), request.body.password, request.body.new_password, request.ip),
  );
};
