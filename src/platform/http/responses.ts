import { Type, type TNull, type TObject, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * The API's shared response building blocks: the plain error body every commerce, portal and
 * admin error answers with (the aviation envelope lives in aviation/route-schemas.ts), the
 * per-status error responses routes list in their schema, and `Nullable`.
 */

/** `{error, code, request_id}` plus any named fields of the error (`field`, `retry_after`, ...). */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'A sentence for people; do not branch on it' }),
    code: Type.String({ description: 'Stable machine code' }),
    request_id: Type.String({ description: 'Quote it to support; it is also the X-Request-Id header' }),
  },
  { $id: 'ErrorBody', additionalProperties: true },
);

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request; the message names the field',
  401: 'Missing, invalid or expired credential',
  403: 'Not allowed for this credential',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflicts with the current state',
  410: 'Gone',
  413: 'Request body too large',
  422: 'Unprocessable',
  429: 'Too many requests; `Retry-After` says when to try again',
  502: 'The airline answered with an error',
  503: 'A dependency is unavailable; `Retry-After` says when to try again',
  504: 'The airline did not answer in time',
};

/** The `code` values an error response can carry, each with when it is given. */
export type ErrorCodes = Readonly<Record<string, string>>;

/**
 * The codes every route can answer with at a status, whatever it does: the body checks, the API
 * key gate (error-handler.ts, api-key-gate.ts, key-restrictions.ts), the rate limiters. A route
 * adds its own (`[404, { order_not_found: '...' }]`).
 */
const COMMON_CODES: Record<number, ErrorCodes> = {
  400: {
    invalid_request: 'a field is missing, of the wrong type or unknown (`unknown field cabin_class`); the message names it',
    invalid_request_body: 'the body is not valid JSON, not UTF-8, or nested too deep',
  },
  401: {
    missing_api_key: 'no `X-API-Key` header',
    invalid_api_key: 'the key is revoked, mistyped, unknown or of the other environment',
    api_key_expired: 'the key is past its `expiresAt`',
  },
  403: {
    ip_not_allowed: "the caller's address is outside the key's `allowedIps`",
    api_key_read_only: 'a write with a read-only key',
    path_not_allowed: "the path is outside the key's `allowedPaths`",
  },
  404: { not_found: 'no such record' },
  409: { conflict: 'the record changed state meanwhile' },
  413: { request_body_too_large: 'the body is over 1 MiB' },
  429: { rate_limited: 'over the rate limit; `Retry-After` says when to try again' },
  502: {
    airline_error: "the airline answered with an error; the message carries the airline's own text",
    airline_refused: 'the airline refused the request (do not retry as is)',
    airline_unavailable: 'the airline is down or answered something unreadable (retry later)',
    airline_timeout: 'the airline did not answer within the time budget',
    airline_not_configured: 'the airline is not set up for this environment on this gateway',
  },
  503: { unavailable: 'a dependency is down; try again after `Retry-After`' },
  504: { airline_timeout: 'the airline did not answer within the time budget' },
};

/**
 * One error status of a route: the status alone (the shared description and common codes); with
 * the codes the route adds to the common ones (`[404, { order_not_found: 'the agency holds no
 * such order' }]`); or in the route's own words with exactly its codes (`[401, 'Missing or
 * expired session token', { invalid_session: '...' }]`).
 */
export type ErrorStatus = number | [number, string] | [number, ErrorCodes] | [number, string, ErrorCodes];

/** `errorResponses` with a feature's own codes added at each status it has some for. */
export function errorResponsesWith(codes: Readonly<Record<number, ErrorCodes>>) {
  return (...statuses: number[]): Record<number, TSchema> =>
    errorResponses(...statuses.map((status): ErrorStatus => (codes[status] ? [status, codes[status]] : status)));
}

/**
 * Response schemas for the listed error statuses: the shared ErrorBody, with `code` narrowed to the
 * values that status can carry on that route, and a description that says when each is given.
 */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, TSchema> {
  return Object.fromEntries(
    statuses.map((entry) => {
      const [status, text, codes] = errorStatusParts(entry);
      return [status, errorResponse(text, codes)];
    }),
  );
}

function errorStatusParts(entry: ErrorStatus): [number, string, ErrorCodes] {
  if (typeof entry === 'number') return [entry, ERROR_TEXT[entry] ?? 'Error', COMMON_CODES[entry] ?? {}];
  const [status, second, third] = entry;
  // A status described in the route's own words lists exactly its codes; codes alone add to the common ones.
  if (typeof second === 'string') return [status, second, third ?? {}];
  return [status, ERROR_TEXT[status] ?? 'Error', { ...COMMON_CODES[status], ...second }];
}

/**
 * The codes go in `x-error-codes` on the response schema and, with when each is given, in its
 * description. Not an `enum` on `code`: a route may also answer a code of the shared checks it
 * runs, and a closed enum would make a generated client reject an answer it should show.
 */
function errorResponse(text: string, codes: ErrorCodes): TSchema {
  const listed = Object.entries(codes);
  if (listed.length === 0) return { description: text, allOf: [ErrorBody] } as unknown as TSchema;
  const when = listed.map(([code, reason]) => `- \`${code}\`: ${reason}`).join('\n');
  return {
    description: `${text}.\n\n${when}`,
    allOf: [ErrorBody],
    'x-error-codes': listed.map(([code]) => code),
  } as unknown as TSchema;
}

/** A value or JSON null. */
export const Nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => Type.Union([schema, Type.Null()]);

/**
 * A body that may be left out altogether. Fastify validates a missing body as null, so the schema
 * accepts null; handlers read it as `T | null`.
 */
export function optionalBody<T extends TObject>(schema: T): TUnion<[T, TNull]> {
  return { ...schema, type: ['object', 'null'] } as unknown as TUnion<[T, TNull]>;
}
