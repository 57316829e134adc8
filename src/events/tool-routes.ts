import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { EventIds } from './event-ids.js';
import type { ListenSecrets } from './listen-secrets.js';
import { readerOf } from './reader.js';
import { EventSchema } from './schemas.js';
import { sendTestEvent, type TestEventDeps } from './test-events.js';
import { ListenSecret, ListenSecretRequest, TestEventRequest } from './tool-schemas.js';

const TAG = ['events'];

export interface ToolRouteOptions {
  ids: EventIds;
  testEvents: TestEventDeps;
  listenSecrets: ListenSecrets;
}

const SECRET_WHO =
  'The secret belongs to the API key and the receiver URL: every run of `flightagg listen` with the same key and ' +
  '`--forward-to` gets the same one, so the receiver verifies with it as with an endpoint secret.';

/** What `flightagg trigger` and `flightagg listen` ask of the gateway, on an agency API key. */
export const eventToolRoutes: FastifyPluginAsyncTypebox<ToolRouteOptions> = async (app, { ids, testEvents, listenSecrets }) => {
  app.post(
    '/v1/events/test',
    {
      schema: {
        operationId: 'sendTestEvent',
        tags: TAG,
        summary: 'Send a test event of any type through the gateway (`flightagg trigger`)',
        description:
          'Written like a real event, about the sample order (order id `AA-ord_test_…`, PNR `TEST00`), with `"test": true` in its body: ' +
          "it reaches every endpoint of the key's environment that subscribes to the type (with `X-Service-Test: true`, retried " +
          'like any delivery), every open event stream (`flightagg listen`) and `GET /v1/events`. Test keys only (403 ' +
          '`test_key_required`); an unknown `type` is 400 naming `type`; at most 30 a minute per key (429 `rate_limited`).',
        body: TestEventRequest,
        response: { 201: EventSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await sendTestEvent(testEvents, readerOf(request, ids), request.body.type)),
  );

  app.post(
    '/v1/events/listen-secret',
    {
      schema: {
        operationId: 'getListenSecret',
        tags: TAG,
        summary: "`flightagg listen`'s signing secret for a receiver URL, made on first use",
        description: `${SECRET_WHO} A key keeps its 20 latest; older ones are forgotten.`,
        body: ListenSecretRequest,
        response: { 200: ListenSecret },
      },
    },
    async (request) => listenSecrets.get(readerOf(request, ids).keyId, request.body.forward_to),
  );

  app.post(
    '/v1/events/listen-secret/rotate',
    {
      schema: {
        operationId: 'rotateListenSecret',
        tags: TAG,
        summary: 'A new signing secret for `flightagg listen` and a receiver URL; the old one stops at once',
        description: SECRET_WHO,
        body: ListenSecretRequest,
        response: { 200: ListenSecret },
      },
    },
    async (request) => listenSecrets.rotate(readerOf(request, ids).keyId, request.body.forward_to),
  );
};
