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
  402: 'Quota: the account of a developer-portal key failed its standing check; `reason` says why, with `message`, `plan_code`, `period_start`, `period_end` and `docs_url`',
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

/**
 * What the meter and the standing check answer on a metered route (one whose policy declares a
 * `meter`; docs/plans.md), by status; the search ceilings only on the `shopping` meter.
 */
const METERED_CODES: Record<number, ErrorCodes> = {
  402: {
    payment_required: 'free plan: the one-off free allowance is used up',
    payment_method_required: 'the plan needs a payment method on file and there is none',
    delinquent: 'payments on the account have failed repeatedly',
    past_due: 'an invoice on the account is past due',
  },
  403: { unknown_plan: "the account's plan is not in the pricing catalogue (same structured body as 402)" },
  429: { allowance_burst: 'calls of the last two minutes hold every free request left; `Retry-After: 120`' },
};
const SEARCH_CEILING_CODES: ErrorCodes = {
  daily_ceiling: "the agency's daily search ceiling is reached; `Retry-After` until 00:00 UTC",
  monthly_ceiling: "the agency's search ceiling of the billing period is reached",
  look_to_book: "the agency's look-to-book ceiling is reached; a booking lifts it",
};

/**
 * A metered route's responses with the meter's refusals added: the codes join a status the route
 * lists already, or the status is added with the route's error body (`errorBody`: the plain
 * ErrorBody, or the aviation envelope the route answers its other errors in).
 */
export function withMeteredErrors(
  responses: Record<string, unknown>,
  meter: string,
  errorBody: TSchema = ErrorBody,
): Record<string, unknown> {
  const result = { ...responses };
  for (const [status, base] of Object.entries(METERED_CODES)) {
    const codes = status === '429' && meter === 'shopping' ? { ...base, ...SEARCH_CEILING_CODES } : base;
    const when = Object.entries(codes).map(([code, reason]) => `- \`${code}\`: ${reason}`);
    const listed = result[status] as { description?: string; allOf?: unknown; 'x-error-codes'?: string[] } | undefined;
    if (listed?.allOf) {
      const known = listed['x-error-codes'] ?? [];
      result[status] = {
        ...listed,
        // errorResponse's shape: the text, then a line per code.
        description: known.length > 0 ? [listed.description, ...when].join('\n') : `${listed.description}.\n\n${when.join('\n')}`,
        'x-error-codes': [...known, ...Object.keys(codes)],
      };
    } else if (listed === undefined) {
      result[status] = {
        description: `${ERROR_TEXT[Number(status)] ?? 'Error'}.\n\n${when.join('\n')}`,
        allOf: [errorBody],
        'x-error-codes': Object.keys(codes),
      };
    }
    // A status the route describes otherwise (its own schema) is left as the route wrote it.
  }
  return result;
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
