import { errorFromAnswer, FlightaggError } from '../errors.js';
import type { OrderEvent, QueryOf, ResponseBody } from '../operation-types.js';
import { PageIterator } from '../pages.js';
import { backoffMs, sleep } from '../retry-policy.js';
import { sseMessages } from '../sse-parser.js';
import type { CallOptions, Transport } from '../transport.js';

/** One event as the stream sends it: its id (resume after it), its type and the webhook body. */
export interface StreamedEvent {
  id: string;
  type: string;
  data: OrderEvent['data'];
}

export interface EventStreamOptions extends CallOptions {
  /** Start after this event (sent as `Last-Event-ID`): every later event still kept is replayed first. */
  lastEventId?: string;
  /**
   * Connect again, from the last event received, when the connection drops or the server ends the
   * stream to shut down or on a storage hiccup. Default true; stop by breaking out of the loop or
   * aborting `signal`.
   */
  reconnect?: boolean;
}

/** The stream's terminal `error` codes that ask the client to come back with `Last-Event-ID`. */
const RESUMABLE = new Set(['server_shutting_down', 'database_unavailable']);
/** The longest pause between two reconnections after failures in a row. */
const MAX_RECONNECT_DELAY_MS = 30_000;

type ListEventsQuery = Omit<QueryOf<'listEvents'>, 'cursor'>;
type StreamEventsQuery = Omit<QueryOf<'streamEvents'>, 'last_event_id'>;

/** Your agency's order events: listed, read one by one, or streamed as they happen. */
export function eventsResource(transport: Transport) {
  return {
    /** GET /v1/events, newest first, every page. */
    list(query: ListEventsQuery = {}, options: CallOptions = {}) {
      return new PageIterator(
        (cursor) =>
          transport.json<ResponseBody<'listEvents'>>({
            method: 'GET',
            path: '/v1/events',
            query: { ...query, cursor },
            ...options,
          }),
        (page) => page.events,
      );
    },

    /** GET /v1/events/{id}: one event with its webhook delivery state. */
    get(id: string, options: CallOptions = {}) {
      return transport.json<ResponseBody<'getEvent'>>({
        method: 'GET',
        path: `/v1/events/${encodeURIComponent(id)}`,
        ...options,
      });
    },

    /**
     * GET /v1/events/stream: `for await (const event of client.events.stream())`, live events as
     * they happen (after `lastEventId` when given), resumed after the last one received when the
     * connection is lost.
     */
    async *stream(
      query: StreamEventsQuery = {},
      options: EventStreamOptions = {},
    ): AsyncGenerator<StreamedEvent, void, undefined> {
      const { lastEventId, reconnect = true, signal } = options;
      let after = lastEventId;
      for (let failures = 0; ; failures++) {
        const response = await transport.open({
          method: 'GET',
          path: '/v1/events/stream',
          query,
          headers: after ? { 'last-event-id': after } : {},
          signal,
        });
        try {
          for await (const message of sseMessages(response.body ?? new ReadableStream())) {
            const data = JSON.parse(message.data) as unknown;
            if (message.event === 'error') {
              const error = errorFromAnswer(response, { body: data, retryAfterMs: null });
              if (reconnect && RESUMABLE.has(error.code ?? '')) break;
              throw error;
            }
            if (message.id === undefined) continue;
            after = message.id;
            failures = 0;
            yield { id: message.id, type: message.event, data: data as OrderEvent['data'] };
          }
        } catch (error) {
          // A dropped connection is resumed; an error the server answered, data that is not JSON
          // (it would come again on resuming) or the caller's abort is not.
          if (error instanceof FlightaggError || error instanceof SyntaxError || signal?.aborted || !reconnect) throw error;
        }
        if (!reconnect) return;
        await sleep(backoffMs(failures, MAX_RECONNECT_DELAY_MS), signal);
      }
    },
  };
}

export type EventsResource = ReturnType<typeof eventsResource>;
