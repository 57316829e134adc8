import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { optionalBody } from '../../platform/http/responses.js';
import { SESSION_SECURITY, StatusBody } from '../../identity/sessions/session-schemas.js';
import { StepUpBody } from '../schemas.js';
import type { PortalServices } from '../services.js';
import { sessionOf } from '../../identity/sessions/session-auth.js';
import { CodeBody, MfaVerified, RecoveryCodes, TotpEnabled, TotpEnrolment } from './schemas.js';

const tags = ['portal: second factor'];
const STEP_UP = 'Step-up: the current password as `password`, or a second factor verified within the last 10 minutes.';

export const mfaRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  const mfa = services.mfa;

  app.post(
    '/v1/dev/me/mfa/totp',
    {
      schema: {
        operationId: 'startTotpEnrolment',
        tags,
        summary: 'Start TOTP enrolment: a new secret and its otpauth:// URI',
        description: `Nothing changes until the secret is confirmed with a code. ${STEP_UP}`,
        security: SESSION_SECURITY,
        body: optionalBody(StepUpBody),
        response: { 200: TotpEnrolment },
      },
    },
    async (request) => mfa.startTotp(sessionOf(request), request.body?.password, request.ip),
  );

  app.post(
    '/v1/dev/me/mfa/totp/confirm',
    {
      schema: {
        operationId: 'confirmTotpEnrolment',
        description:
          'Send a current code of the secret POST /v1/dev/me/mfa/totp answered; the second factor is on from then, and the recovery codes are shown in this answer only.',
        tags,
        summary: 'Confirm enrolment with a code from the new secret; answers the recovery codes once',
        security: SESSION_SECURITY,
        body: CodeBody,
        response: { 200: TotpEnabled },
      },
    },
    async (request) => mfa.confirmTotp(sessionOf(request), request.body.code, request.ip),
  );

  app.delete(
    '/v1/dev/me/mfa/totp',
    {
      schema: {
        operationId: 'removeTotp',
        tags,
        summary: 'Remove the second factor and its recovery codes',
        description: STEP_UP,
        security: SESSION_SECURITY,
        body: optionalBody(StepUpBody),
        response: { 200: StatusBody },
      },
    },
    async (request) => mfa.removeTotp(sessionOf(request), request.body?.password, request.ip),
  );

  app.post(
    '/v1/dev/me/mfa/verify',
    {
      schema: {
        operationId: 'verifySecondFactor',
        tags,
        summary: 'Re-verify the second factor inside this session (step-up)',
        description:
          'A valid code marks the session as verified now; sensitive actions accept that for 10 minutes. A wrong code counts towards the lockout.',
        security: SESSION_SECURITY,
        body: CodeBody,
        response: { 200: MfaVerified },
      },
    },
    async (request) => mfa.verify(sessionOf(request), request.body.code, request.ip),
  );

  app.post(
    '/v1/dev/me/mfa/recovery-codes',
    {
      schema: {
        operationId: 'regenerateRecoveryCodes',
        tags,
        summary: 'Replace all recovery codes; the new ones are shown once',
        description: STEP_UP,
        security: SESSION_SECURITY,
        body: optionalBody(StepUpBody),
        response: { 200: RecoveryCodes },
      },
    },
    async (request) => mfa.regenerateRecoveryCodes(sessionOf(request), request.body?.password, request.ip),
  );
};
