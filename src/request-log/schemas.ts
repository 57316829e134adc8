import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../platform/http/deprecated-fields.js';
import { Nullable } from '../platform/http/responses.js';

export const RequestListQuery = withFormerSpellings(
  Type.Object(
    {
      status: Type.Optional(
        Type.String({ maxLength: 3, description: 'an exact status (`404`) or a class (`4xx`, `5xx`)', examples: ['4xx'] }),
      ),
      method: Type.Optional(
        Type.Union(
          ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => Type.Literal(m)),
          { description: 'the HTTP method' },
        ),
      ),
      path: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 512,
          description: 'paths starting with this (`/v1/orders/AA`), as sent, without a query',
        }),
      ),
      route: Type.Optional(
        Type.String({ minLength: 1, maxLength: 200, description: 'the matched route pattern exactly (`/v1/orders/:orderID`)' }),
      ),
      api_key_id: Type.Optional(
        Type.String({ minLength: 1, maxLength: 100, description: 'requests made with this key (`key_…`)' }),
      ),
      request_id: Type.Optional(
        Type.String({ minLength: 1, maxLength: 128, description: 'the request with this `X-Request-Id`' }),
      ),
      error_code: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'answers with this error `code`' })),
      since: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601 instant: requests at or after it' })),
      until: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601 instant: requests before it' })),
      environment: Type.Optional(
        Type.Union([Type.Literal('test'), Type.Literal('live')], {
          description: 'requests of test or of live keys; absent, both',
        }),
      ),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
      cursor: Type.Optional(Type.String({ maxLength: 200, description: 'next_cursor of the previous page' })),
    },
    { additionalProperties: false },
  ),
  ['api_key_id', 'request_id', 'error_code'],
);

export const LoggedRequest = withFormerSpellings(
  Type.Object(
    {
      at: Type.String({ format: 'date-time', description: 'when the request arrived' }),
      method: Type.String(),
      route: Type.String({ description: 'the matched route pattern (`/v1/orders/:orderID`)' }),
      path: Type.String({ description: 'the path as sent, never its query string; cut at 512 characters' }),
      status: Type.Integer(),
      duration_ms: Type.Number({ description: 'time to answer, in milliseconds, as the gateway measured it' }),
      environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
      api_key: Type.Union(
        [
          Type.Object({
            id: Type.String(),
            name: Nullable(Type.String()),
            prefix: Nullable(Type.String({ description: 'the first characters of the key, as the key list shows them' })),
          }),
          Type.Null(),
        ],
        { description: 'the API key that made the request; null for a request made from the dashboard (see `user`)' },
      ),
      user: Type.Union([Type.Object({ id: Type.String(), email: Nullable(Type.String()) }), Type.Null()], {
        description: 'the member who searched, priced or booked from the dashboard; null for an API-key request',
      }),
      request_id: Type.String({ description: 'the `X-Request-Id` the request was answered with' }),
      error_code: Nullable(Type.String({ description: "the error body's `code` when the status is 400 or above" })),
      order_id: Nullable(Type.String({ description: 'the order the path names, for a link to it' })),
    },
    { $id: 'LoggedRequest' },
  ),
  ['duration_ms', 'api_key', 'request_id', 'error_code', 'order_id'],
);

export const RequestPage = withFormerSpellings(
  Type.Object(
    {
      requests: Type.Array(LoggedRequest),
      next_cursor: Nullable(Type.String({ description: 'null on the last page' })),
    },
    { $id: 'RequestLogPage' },
  ),
  ['next_cursor'],
);

export const RequestBodiesParams = Type.Object({
  request_id: Type.String({ minLength: 1, maxLength: 128, description: 'the `request_id` of a logged request' }),
});

const LoggedBody = Type.Object(
  {
    text: Nullable(
      Type.String({
        description:
          'the body as JSON text, compact, redacted, and cut at 16 KB with `… [truncated: N bytes dropped]` after; null when there was no body or it was not recorded',
      }),
    ),
    note: Nullable(
      Type.String({
        description:
          'why the body was not recorded: `not recorded: <content type>` for anything but JSON, a stream, past 1 MB, the writer behind',
      }),
    ),
    truncated: Type.Boolean({ description: 'the text was cut at 16 KB' }),
    dropped_bytes: Type.Integer({ minimum: 0, description: 'how many bytes of the redacted JSON were cut' }),
    redacted: Type.Boolean({ description: 'a secret, a card number or a key-shaped value was replaced in it' }),
  },
  { description: 'a body as the log keeps it' },
);

export const RequestBodies = Type.Object(
  {
    request_id: Type.String(),
    at: Type.String({ format: 'date-time', description: 'when the request arrived' }),
    environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
    request_body: LoggedBody,
    response_body: LoggedBody,
  },
  { $id: 'LoggedRequestBodies' },
);
