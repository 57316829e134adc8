import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_SECURITY, StatusBody } from '../../identity/sessions/session-schemas.js';
import { sessionOf } from '../../identity/sessions/session-auth.js';
import type { EndpointService } from './service.js';
import {
  CreateEndpointBody,
  DeliveryIdParams,
  DeliveryPage,
  DeliveryPageQuery,
  EndpointIdParams,
  EndpointList,
  EndpointRecord,
  EndpointWithSecret,
  RetryAnswer,
  TestEventAnswer,
  TestEventBody,
  UpdateEndpointBody,
} from './schemas.js';

const tags = ['portal: webhooks'];
const WHO =
  'Owners and admins of the agency, on a session whose second factor was verified (403 `role_forbidden`, `mfa_required`). ';

/** `/v1/dev/webhooks`: the dashboard's endpoint management and delivery log (session bearer). */
export const endpointRoutes: FastifyPluginAsyncTypebox<{ endpoints: EndpointService }> = async (app, { endpoints }) => {
  app.get(
    '/v1/dev/webhooks',
    {
      schema: {
        operationId: 'listWebhookEndpoints',
        tags,
        summary: "The agency's webhook endpoints, newest first, never with secrets",
        description: WHO,
        security: SESSION_SECURITY,
        response: { 200: EndpointList },
      },
    },
    async (request) => endpoints.list(sessionOf(request)),
  );

  app.post(
    '/v1/dev/webhooks',
    {
      schema: {
        operationId: 'createWebhookEndpoint',
        tags,
        summary: 'Register an endpoint; its whsec_ signing secret is in this answer only',
        description:
          WHO +
          'Not on a support session. `url`: https, no credentials, a public host (400 names `url` and why). ' +
          'At most 10 endpoints per agency and environment (409).',
        security: SESSION_SECURITY,
        body: CreateEndpointBody,
        response: { 201: EndpointWithSecret },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await endpoints.create(sessionOf(request), request.body, request.ip, request.log)),
  );

  app.get(
    '/v1/dev/webhooks/:id',
    {
      schema: {
        operationId: 'getWebhookEndpoint',
        tags,
        summary: 'One endpoint, with its failure streak and why and when it was switched off',
        description: WHO,
        security: SESSION_SECURITY,
        params: EndpointIdParams,
        response: { 200: EndpointRecord },
      },
    },
    async (request) => endpoints.get(sessionOf(request), request.params.id),
  );

  app.patch(
    '/v1/dev/webhooks/:id',
    {
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags,
        summary: 'Change the description or the events; the URL is not editable (delete and recreate)',
        description: WHO + 'A body naming no field is 400.',
        security: SESSION_SECURITY,
        params: EndpointIdParams,
        body: UpdateEndpointBody,
        response: { 200: EndpointRecord },
      },
    },
    async (request) => endpoints.update(sessionOf(request), request.params.id, request.body, request.ip),
  );

  app.delete(
    '/v1/dev/webhooks/:id',
    {
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags,
        summary: 'Delete an endpoint; its pending deliveries are dropped',
        description: WHO + 'Not on a support session.',
        security: SESSION_SECURITY,
        params: EndpointIdParams,
        response: { 200: StatusBody },
      },
    },
    async (request) => endpoints.remove(sessionOf(request), request.params.id, request.ip),
  );

  app.post(
    '/v1/dev/webhooks/:id/enable',
    {
      schema: {
        operationId: 'enableWebhookEndpoint',
        tags,
        summary: 'Re-arm a switched-off endpoint: its waiting deliveries resume; dead ones are not resent',
        description: WHO + 'Not on a support session.',
        security: SESSION_SECURITY,
        params: EndpointIdParams,
        response: { 200: EndpointRecord },
      },
    },
    async (request) => endpoints.enable(sessionOf(request), request.params.id, request.ip),
  );

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
