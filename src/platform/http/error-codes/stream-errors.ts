/**
 * The codes a Server-Sent Events stream ends with, in its terminal `error` event
 * (`data: {"error": ..., "code": ...}`): the stream had answered 200 already, so none has a status
 * of its own. A code the HTTP catalogue also holds means the same there; docs/errors.md lists these
 * beside it (`npm run docs:errors`).
 */
export const STREAM_ERROR_CODES = {
  server_shutting_down: {
    meaning:
      'The instance is shutting down and ended the stream: search again, or reconnect to the events stream with `Last-Event-ID` to resume.',
    operations: ['streamOffers', 'streamEvents'],
  },
  all_airlines_failed: {
    meaning: 'No airline answered the search; `connectors` says how each failed. Search again later.',
    operations: ['streamOffers'],
  },
  airline_not_configured: {
    meaning:
      'No airline of the search is connected for the key’s environment (a live key on a gateway without the airline’s `*_LIVE_URL`).',
    operations: ['streamOffers'],
  },
  internal_error: {
    meaning: 'Something failed inside the gateway during the search; it is logged.',
    operations: ['streamOffers'],
  },
  database_unavailable: {
    meaning: 'Events could not be read: reconnect with `Last-Event-ID` to resume where the stream stopped.',
    operations: ['streamEvents'],
  },
} as const satisfies Record<string, { meaning: string; operations: readonly string[] }>;

export type StreamErrorCode = keyof typeof STREAM_ERROR_CODES;

/** A terminal `error` event's data: the sentence and its catalogued code. */
export interface StreamError {
  error: string;
  code: StreamErrorCode;
}
