import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SESSION_SECURITY } from '../../identity/sessions/session-schemas.js';
import { NO_SECURITY } from '../schemas.js';
import type { PortalServices } from '../services.js';
import { sessionOf } from '../../identity/sessions/session-auth.js';
import { SignupBody, SignupResponse, VerifyBody, VerifyQuery, VerifyResponse } from './schemas.js';

/**
 * The verification link carries its one-time token in the query string (it is opened from a mail),
 * so this route's request log lines show the path with the token blanked out.
 */
const redactedTokenLog = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  }),
};

/** Sign-up and the e-mailed verification link: no credential. */
export const signupRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  const perHour = app.platform.config.publicFormsPerHour;
  app.post(
    '/v1/dev/signup',
    {
      schema: {
        operationId: 'signUp',
        tags: ['portal'],
        summary: 'Create an account and its agency; a verification link is e-mailed',
        description:
          'Answers 202 `verification_sent` whether or not the address already has an account (its owner is told by mail). ' +
          'Until the address is verified the account can sign in but not create API keys. ' +
          `At most ${perHour} sign-ups per client address per rolling hour (each one sends mail); beyond that 429 with \`Retry-After\`.`,
        security: NO_SECURITY,
        body: SignupBody,
        response: { 202: SignupResponse },
      },
    },
    async (request, reply) => reply.code(202).send(await services.signup.signup(request.body, request.ip)),
  );

  app.get(
    '/v1/dev/verify-email',
    {
      logSerializers: redactedTokenLog,
      schema: {
        operationId: 'verifyEmail',
        description:
          'Public: the token of the link e-mailed at sign-up or by POST /v1/dev/me/verify-email, in the query string. ' +
          'The e-mail links to the dashboard page, which sends the token with the POST form of this operation instead.',
        tags: ['portal'],
        summary: 'The e-mailed verification link: marks the address verified',
        security: NO_SECURITY,
        querystring: VerifyQuery,
        response: { 200: VerifyResponse },
      },
    },
    async (request) => services.signup.verifyEmail(request.query.token, request.ip),
  );

  app.post(
    '/v1/dev/verify-email',
    {
      schema: {
        operationId: 'confirmEmail',
        description:
          'Public: the same as the GET form with the token in the body, so it appears in no URL. The dashboard page ' +
          '`/dashboard/verify-email#token=…` that the e-mail links to calls this. 400 `invalid_verification_token` for a ' +
          'token that is unknown, used or expired.',
        tags: ['portal'],
        summary: 'Confirm the e-mail address with the token of the e-mailed link',
        security: NO_SECURITY,
        body: VerifyBody,
        response: { 200: VerifyResponse },
      },
    },
    async (request) => services.signup.verifyEmail(request.body.token, request.ip),
  );
};

export const verificationRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  app.post(
    '/v1/dev/me/verify-email',
    {
      schema: {
        operationId: 'resendVerificationEmail',
        description: 'E-mails a new verification link; 409 when the address is already verified.',
        tags: ['portal'],
        summary: 'Send a new verification link to the account address',
        security: SESSION_SECURITY,
        response: { 202: SignupResponse },
      },
    },
    async (request, reply) => reply.code(202).send(await services.signup.resendVerification(sessionOf(request))),
  );
};
