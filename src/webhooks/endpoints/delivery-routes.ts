import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_SECURITY } from '../../identity/sessions/session-schemas.js';
import { sessionOf } from '../../identity/sessions/session-auth.js';
import type { EndpointService } from './service.js';
import {
  DeliveryIdParams,
  DeliveryPage,
  DeliveryPageQuery,
  EndpointIdParams,
  RetryAnswer,
  TestEventAnswer,
  TestEventBody,
} from './schemas.js';
import { tags, WHO } from './route-docs.js';

/** `/v1/dev/webhooks/{id}/deliveries` and `/test`: an endpoint's delivery log, a retry, a test event (session bearer). */
export const deliveryRoutes: FastifyPluginAsyncTypebox<{ endpoints: EndpointService }> = async (app, { endpoints }) => {
  app.get(
    '/v1/dev/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'Deliveries to the endpoint, newest first, each with every attempt',
        description: WHO + 'Cursor-paginated: pass `next_cursor` as `cursor` for the next page.',
        security: SESSION_SECURITY,
        params: EndpointIdParams,
        querystring: DeliveryPageQuery,
        response: { 200: DeliveryPage },
      },
    },
    async (request) => endpoints.deliveries(sessionOf(request), request.params.id, request.query),
  );

  app.post(
    '/v1/dev/webhooks/:id/deliveries/:deliveryId/retry',
    {
      schema: {
        operationId: 'retryWebhookDelivery',
        tags,
        summary: 'Send one delivery again now, with the same delivery id',
        description: WHO + 'A dead delivery starts a fresh schedule of 10 attempts.',
        security: SESSION_SECURITY,
        params: DeliveryIdParams,
        response: { 202: RetryAnswer },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await endpoints.retry(sessionOf(request), request.params.id, request.params.deliveryId)),
  );

  app.post(
    '/v1/dev/webhooks/:id/test',
    {
      schema: {
        operationId: 'sendWebhookTestEvent',
        tags,
        summary: "Send a signed sample of one event to the endpoint now, and answer the attempt's outcome",
        description:
          WHO +
          'Not on a support session. The sample is the real body of that event, built from a sample order, plus `"test": true`; ' +
          'the request carries `X-Service-Test: true` and goes through the same SSRF guard, time-out and signature as every ' +
          'delivery (a switched-off endpoint is sent to as well). The answer is 200 whatever the receiver said: `delivered`, ' +
          '`statusCode`, `durationMs`, `error` and the start of the answer. It is listed in the delivery log as a test ' +
          "(`test: true`), is never retried and never counts towards the endpoint's failure streak. An unknown `event` is 400 " +
          'naming `event`; at most 10 a minute per endpoint (429 `rate_limited`, `Retry-After`).',
        security: SESSION_SECURITY,
        params: EndpointIdParams,
        body: TestEventBody,
        response: { 200: TestEventAnswer },
      },
    },
    async (request) => endpoints.sendTest(sessionOf(request), request.params.id, request.body),
  );
};
