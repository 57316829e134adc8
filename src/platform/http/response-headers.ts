/**
 * The response headers of the API, each declared once with its schema, its meaning and the answers
 * that carry it. The OpenAPI description lists them on each response (openapi-schemas.ts), and the
 * response check (response-check.ts) holds every answer to them: a header named here that an answer
 * sends must be declared for that answer, and one declared `required` must be sent.
 */

type HeaderSchema = Record<string, unknown>;

/** What the description says of one header on one response (an OpenAPI Header Object, before conversion). */
export interface DeclaredHeader extends HeaderSchema {
  description: string;
}

/** Where an answer comes from, as far as its headers depend on it. */
export interface AnswerFacts {
  operationId: string | undefined;
  auth: string | undefined;
  status: number;
  /** The error codes the description lists for this status; empty for a success. */
  codes: readonly string[];
  /** Every status the operation declares: a 304 among them means its answers are cacheable. */
  statuses: readonly string[];
}

interface ResponseHeader {
  schema: HeaderSchema;
  description: string;
  /** On which answers the header is sent: `required` always, `optional` sometimes, null never. */
  on(answer: AnswerFacts): 'required' | 'optional' | null;
}

const SECONDS = { type: 'integer', minimum: 0 };
const SEARCHES = new Set(['searchOffers', 'streamOffers', 'searchDashboardOffers']);
const BOOKINGS = new Set(['createOrder', 'createDashboardOrder']);
/**
 * The 409 codes that say when to retry (every 429 and 503 may): nothing was done, and the same call
 * may be sent again once the `Retry-After` has passed. The client package retries them (tools/client).
 */
export const RETRY_LATER_CONFLICTS: ReadonlySet<string> = new Set(['order_busy']);

const isSearch = (a: AnswerFacts) => a.operationId !== undefined && SEARCHES.has(a.operationId);
const cacheable = (a: AnswerFacts) => a.statuses.includes('304') && (a.status === 200 || a.status === 304);
const retryLater = (a: AnswerFacts) =>
  a.status === 429 || a.status === 503 || (a.status === 409 && a.codes.some((code) => RETRY_LATER_CONFLICTS.has(code)));

export const RESPONSE_HEADERS: Readonly<Record<string, ResponseHeader>> = {
  'X-Request-Id': {
    schema: { type: 'string', pattern: '^req_[A-Za-z0-9]{20}(_[A-Za-z0-9.:-]{1,64})?$' },
    description:
      "The request's id, minted by the gateway (`req_` and 20 letters and digits), with the caller's own `X-Request-Id` after it when one was sent; quote it to support",
    on: () => 'required',
  },
  'Retry-After': {
    schema: SECONDS,
    description: 'Seconds to wait before trying again',
    on: (a) => (retryLater(a) ? 'optional' : null),
  },
  'RateLimit-Limit': {
    schema: SECONDS,
    description: 'Searches the agency may make per rolling minute (the search rate limit), both search endpoints together',
    on: (a) => (isSearch(a) ? 'optional' : null),
  },
  'RateLimit-Remaining': {
    schema: SECONDS,
    description: 'Searches left in the current window',
    on: (a) => (isSearch(a) ? 'optional' : null),
  },
  'RateLimit-Reset': {
    schema: SECONDS,
    description: 'Seconds until a search of the window is freed',
    on: (a) => (isSearch(a) ? 'optional' : null),
  },
  'RateLimit-Policy': {
    schema: { type: 'string', pattern: '^[0-9]+;w=60$' },
    description: 'The limit and its window in seconds (`100;w=60`)',
    on: (a) => (isSearch(a) ? 'optional' : null),
  },
  'X-Cache': {
    schema: { type: 'string', enum: ['HIT', 'MISS'] },
    description: '`HIT` when the answer came from the search cache, `MISS` when the airlines were asked',
    on: (a) =>
      (a.operationId === 'searchOffers' || a.operationId === 'searchDashboardOffers') && a.status === 200 ? 'optional' : null,
  },
  'Idempotent-Replayed': {
    schema: { type: 'string', enum: ['true'] },
    description:
      "The answer of an earlier request with the same `Idempotency-Key`, returned again (its order, or the airline's refusal); nothing was booked",
    on: (a) => {
      if (a.operationId === undefined || !BOOKINGS.has(a.operationId)) return null;
      return a.status === 200 ? 'required' : a.status >= 400 ? 'optional' : null;
    },
  },
  ETag: {
    schema: { type: 'string' },
    description: 'Validator of the answer: send it as `If-None-Match` to get 304 while the data is unchanged',
    on: (a) => (cacheable(a) ? 'required' : null),
  },
  'Cache-Control': {
    schema: { type: 'string' },
    description: 'How long the answer may be reused',
    on: (a) => (cacheable(a) ? 'required' : null),
  },
  'WWW-Authenticate': {
    schema: { type: 'string' },
    description: 'The scheme the session token is sent with (`Bearer realm="portal"`)',
    on: (a) => (a.auth === 'session' && a.status === 401 ? 'optional' : null),
  },
};

/** The headers the description lists on one response, by name (OpenAPI Header Objects before conversion). */
export function declaredHeaders(answer: AnswerFacts): Record<string, DeclaredHeader & { required?: true }> {
  const headers: Record<string, DeclaredHeader & { required?: true }> = {};
  for (const [name, header] of Object.entries(RESPONSE_HEADERS)) {
    const on = header.on(answer);
    if (on === null) continue;
    headers[name] = { ...header.schema, description: header.description, ...(on === 'required' ? { required: true } : {}) };
  }
  return headers;
}
