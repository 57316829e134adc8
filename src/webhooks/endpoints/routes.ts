import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_SECURITY, StatusBody } from '../../identity/sessions/session-schemas.js';
import { sessionOf } from '../../identity/sessions/session-auth.js';
import type { EndpointService } from './service.js';
import {
  CreateEndpointBody,
  EndpointIdParams,
  EndpointList,
  EndpointRecord,
  EndpointWithSecret,
  UpdateEndpointBody,
} from './schemas.js';
import { tags, WHO } from './route-docs.js';
import { deliveryRoutes } from './delivery-routes.js';

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
  await app.register(deliveryRoutes, { endpoints });
};
