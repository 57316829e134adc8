import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { badRequest, unprocessable } from '../../platform/errors.js';
import { StatusBody } from '../../identity/sessions/session-schemas.js';
import { NO_SECURITY } from '../schemas.js';
import type { PortalServices } from '../services.js';

const SubscribeBody = Type.Object({ email: Type.String({ format: 'email', maxLength: 320 }) });

export const subscribeRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  const perHour = app.platform.config.publicFormsPerHour;
  app.post(
    '/v1/subscribe',
    {
      schema: {
        operationId: 'subscribe',
        tags: ['public'],
        summary: 'Ask to hear about the service: the operator is e-mailed, nothing is stored',
        security: NO_SECURITY,
        body: SubscribeBody,
        description: `At most ${perHour} requests per client address per rolling hour (each one e-mails the operator); beyond that 429 with \`Retry-After\`.`,
        response: {
          200: StatusBody,
        },
      },
      // The validator would turn a number into a string; a non-string address is a malformed body.
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null | undefined;
        if (body && typeof body === 'object' && !Array.isArray(body) && 'email' in body && typeof body.email !== 'string') {
          throw badRequest('email must be a string');
        }
      },
      // A body that is well formed but carries an address that is not one is 422, not 400.
      attachValidation: true,
    },
    async (request) => {
      const failure = request.validationError;
      if (failure) {
        const first = failure.validation[0];
        if (first?.keyword === 'format' && first.instancePath === '/email')
          throw unprocessable('email must be a valid e-mail address', 'invalid_email');
        // Any other complaint is answered as every route's is (error-handler.ts).
        throw failure;
      }
      return services.subscribe.subscribe(request.body.email, request.ip);
    },
  );
};
