import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { optionalBody } from '../../platform/http/responses.js';
import { SESSION_SECURITY, StatusBody } from '../../identity/sessions/session-schemas.js';
import { StepUpBody } from '../schemas.js';
import type { PortalServices } from '../services.js';
import { sessionOf } from '../../identity/sessions/session-auth.js';
import { CreateKeyBody, KeyIdParams, KeyList, KeyRecord, KeyWithSecret, RevealResponse, UpdateKeyBody } from './schemas.js';

const tags = ['portal: api keys'];

export const keyRoutes: FastifyPluginAsyncTypebox<{ services: PortalServices }> = async (app, { services }) => {
  const keys = services.keys;

  app.get(
    '/v1/dev/api-keys',
    {
      schema: {
        operationId: 'listApiKeys',
        description:
          'Every key of the agency with its restrictions; a secret is only ever in the answer that makes, rotates or reveals it.',
        tags,
        summary: "The agency's API keys, newest first, never with secrets",
        security: SESSION_SECURITY,
        response: { 200: KeyList },
      },
    },
    async (request) => ({ keys: await keys.list(sessionOf(request)) }),
  );

  app.post(
    '/v1/dev/api-keys',
    {
      schema: {
        operationId: 'createApiKey',
        tags,
        summary: 'Create a key; its secret is in this answer only',
        description:
          'Refused with 403 on a support session, for an account outside any agency, and until the e-mail address is verified. ' +
          'Live keys: once the agency is live, by an owner or admin (a developer gets 403 `role_forbidden`). ' +
          'An agency holds at most 50 active keys (not revoked, not expired; both environments, portal and CLI keys together): ' +
          'the 51st is 409 `api_key_limit_reached` until one is revoked. Rotation replaces a key and is not refused.',
        security: SESSION_SECURITY,
        body: optionalBody(CreateKeyBody),
        response: { 201: KeyWithSecret },
      },
    },
    async (request, reply) => reply.code(201).send(await keys.create(sessionOf(request), request.body ?? {}, request.ip)),
  );

  app.patch(
    '/v1/dev/api-keys/:id',
    {
      schema: {
        operationId: 'updateApiKey',
        tags,
        summary: 'Change a key: only the named fields; an empty value clears that restriction',
        description:
          'A body naming no field is 400. The change applies to the very next request the key makes, on every gateway instance. ' +
          'Live keys: owners and admins only; a developer gets 403 `role_forbidden`.',
        security: SESSION_SECURITY,
        params: KeyIdParams,
        body: UpdateKeyBody,
        response: { 200: KeyRecord },
      },
    },
    async (request) => keys.update(sessionOf(request), request.params.id, request.body, request.ip),
  );

  app.delete(
    '/v1/dev/api-keys/:id',
    {
      schema: {
        operationId: 'revokeApiKey',
        tags,
        summary: 'Revoke a key at once',
        description: 'Live keys: owners and admins only; a developer gets 403 `role_forbidden`.',
        security: SESSION_SECURITY,
        params: KeyIdParams,
        response: { 200: StatusBody },
      },
    },
    async (request) => keys.revoke(sessionOf(request), request.params.id, request.ip),
  );

  app.post(
    '/v1/dev/api-keys/:id/rotate',
    {
      schema: {
        operationId: 'rotateApiKey',
        tags,
        summary: 'Rotate a key: a replacement with the same name and restrictions, shown once; the old key is revoked at once',
        description: 'Live keys: owners and admins only; a developer gets 403 `role_forbidden`.',
        security: SESSION_SECURITY,
        params: KeyIdParams,
        response: { 201: KeyWithSecret },
      },
    },
    async (request, reply) => reply.code(201).send(await keys.rotate(sessionOf(request), request.params.id, request.ip)),
  );

  app.post(
    '/v1/dev/api-keys/:id/secret',
    {
      schema: {
        operationId: 'revealApiKeySecret',
        tags,
        summary: "Reveal a key's secret again (step-up)",
        description:
          'Step-up: the current password in the body, or a second factor verified in this session within the last 10 minutes ' +
          '(at login or with POST /v1/dev/me/mfa/verify). A wrong password counts towards the lockout. Audited on every success. ' +
          'GET on this path answers 405. ' +
          'Live keys: owners and admins only; a developer gets 403 `role_forbidden`.',
        security: SESSION_SECURITY,
        params: KeyIdParams,
        body: optionalBody(StepUpBody),
        response: { 200: RevealResponse },
      },
    },
    async (request) => keys.reveal(sessionOf(request), request.params.id, request.body?.password, request.ip),
  );
};
