import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_SECURITY, StatusBody } from '../../identity/sessions/session-schemas.js';
import type { PortalServices } from '../services.js';
import { clientOf, sessionOf } from '../../identity/sessions/session-auth.js';
import { OpenSupportBody, SupportSessionOpened, SupportSessionParams } from './schemas.js';
import { SUPPORT_SESSION_MINUTES } from './service.js';

export const supportRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  app.post(
    '/v1/admin/support-sessions',
    {
      schema: {
        operationId: 'startSupportSession',
        tags: ['admin'],
        summary: "Open a support session on an agency's behalf (permission support.session)",
        description:
          `The answer's token acts for the agency for at most ${SUPPORT_SESSION_MINUTES} minutes: it can read and service the agency's orders ` +
          '(recorded as support on its behalf) and is refused every API-key operation with 403. Opening and closing are security events.',
        security: SESSION_SECURITY,
        body: OpenSupportBody,
        response: { 201: SupportSessionOpened },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await services.support.open(sessionOf(request), request.body, clientOf(request))),
  );

  app.delete(
    '/v1/admin/support-sessions/:id',
    {
      schema: {
        operationId: 'endSupportSession',
        description: "Ends an operator's support session on an agency.",
        tags: ['admin'],
        summary: 'Close a support session (also done by logging out with its token)',
        security: SESSION_SECURITY,
        params: SupportSessionParams,
        response: { 200: StatusBody },
      },
    },
    async (request) => services.support.close(sessionOf(request), request.params.id, clientOf(request)),
  );
};
