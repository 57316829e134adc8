import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/errors.js';
import type { Platform } from '../platform/platform.js';
import type { EventIds } from './event-ids.js';
import { EVENTS_POLICY } from './policy.js';
import { EventIdParams, EventList, EventListQuery, EventSchema, EventStreamHeaders, EventStreamQuery } from './schemas.js';
import { readerOf } from './reader.js';
import { getEvent, listEventPage, resumeAfter, streamFilter } from './service.js';
import { latestEventId } from '../orders/event-outbox-store.js';
import { runEventStream, type OpenStreams } from './stream.js';
import type { StreamPlaces } from './stream-places.js';

const TAG = ['events'];

export interface EventRouteOptions {
  platform: Platform;
  streams: OpenStreams;
  places: StreamPlaces;
  ids: EventIds;
}

const STREAM_DESCRIPTION = [
  "Server-Sent Events: each of the agency's events of the key's environment as it happens, as",
  '`id: <event id>`, `event: <type>`, `data: <the webhook body>` (the exact JSON a webhook of it carries).',
  'Without `Last-Event-ID` the stream starts with events written after it opened; with it (header, or',
  '`last_event_id`) it first replays every later event still kept (30 days), then goes on live.',
  'New events are read from storage every second, so an event written by any gateway instance arrives.',
  'A comment line (`: heartbeat`) comes every 15 seconds. When the server shuts down the stream ends',
  'with `event: error` and `data: {"error": ..., "code": "server_shutting_down"}`: reconnect with',
  `Last-Event-ID. A key may hold ${EVENTS_POLICY.maxStreamsPerKey} streams open at once, across every instance of the gateway;`,
  'one more is 429 `too_many_streams` until one ends.',
].join(' ');

export async function eventRoutes(app: FastifyInstance, { platform, streams, places, ids }: EventRouteOptions): Promise<void> {
  const router = app.withTypeProvider<TypeBoxTypeProvider>();
  const db = platform.db;
  const clock = () => platform.clock();

  router.get(
    '/v1/events',
    {
      schema: {
        operationId: 'listEvents',
        tags: TAG,
        summary: "List the agency's order events, newest first (keyset pagination)",
        description:
          "Events of the key's environment from the last 30 days, each with the exact body its webhook carries and its delivery state per endpoint: " +
          'the way to catch up after a receiver was down. `type` takes one name or a comma-separated list. `next_cursor` is empty on the last page.',
        querystring: EventListQuery,
        response: { 200: EventList },
      },
    },
    async (request) => listEventPage(db, readerOf(request, ids), { query: request.query, now: clock() }),
  );

  router.get(
    '/v1/events/stream',
    {
      // A HEAD would open a stream that never sends a body, and hold one of the key's places.
      exposeHeadRoute: false,
      schema: {
        operationId: 'streamEvents',
        tags: TAG,
        summary: "Stream the agency's order events as they happen (Server-Sent Events)",
        description: STREAM_DESCRIPTION,
        querystring: EventStreamQuery,
        headers: EventStreamHeaders,
        response: {
          200: { description: STREAM_DESCRIPTION, content: { 'text/event-stream': { schema: Type.String() } } },
        },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request, ids);
      const filter = streamFilter(request.query.type, request.query.order_id);
      const afterId =
        (await resumeAfter(db, reader, {
          sent: { header: request.headers['last-event-id'], query: request.query.last_event_id },
          now: clock(),
        })) ?? (await latestEventId(db));
      const place = await places.take(reader.keyId);
      if (!place) {
        throw new AppError(
          429,
          'too_many_streams',
          `this API key already holds ${EVENTS_POLICY.maxStreamsPerKey} open event streams; close one first`,
          { headers: { 'Retry-After': '5' } },
        );
      }
      await runEventStream(reply, { db, reader, place, places, filter, afterId, clock, logger: request.log, streams });
    },
  );

  router.get(
    '/v1/events/:id',
    {
      schema: {
        operationId: 'getEvent',
        tags: TAG,
        summary: 'One order event with its webhook delivery state',
        description: "404 `event_not_found` for an id the agency does not hold in the key's environment, or older than 30 days.",
        params: EventIdParams,
        response: { 200: EventSchema },
      },
    },
    async (request) => getEvent(db, readerOf(request, ids), { id: request.params.id, now: clock() }),
  );
}
