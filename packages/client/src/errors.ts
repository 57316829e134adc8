import type { ErrorCode } from './generated/error-codes.js';

export type { ErrorCode } from './generated/error-codes.js';

/**
 * A `code` as answered: one of the catalogue's when this client knows it, or a newer one as its
 * string (a gateway may add codes; they are shown, not refused).
 */
export type AnsweredCode = ErrorCode | (string & {});

/** What the gateway's error body carries beside `error` and `code` (docs/errors.md). */
export type ErrorDetails = Readonly<Record<string, unknown>>;

export interface FlightaggErrorInit {
  status: number;
  code: AnsweredCode | null;
  message: string;
  requestId: string | null;
  documentationUrl: string | null;
  retryAfterMs: number | null;
  details: ErrorDetails;
}

/**
 * The gateway answered an error: `status` (the HTTP status; 200 for the `error` event that ends a
 * stream which had answered 200), `code` (stable, in docs/errors.md; null when the body carried none,
 * such as a proxy's page), the body's `error` sentence as `message`, `requestId` to quote to
 * support, `documentationUrl` (the code's entry), and the body's other fields in `details`
 * (`did_you_mean`, `total_amount` of a `price_changed`...).
 */
export class FlightaggError extends Error {
  override readonly name = 'FlightaggError';
  readonly status: number;
  readonly code: AnsweredCode | null;
  readonly requestId: string | null;
  readonly documentationUrl: string | null;
  /** The wait the answer's `Retry-After` asked for, when it sent one. */
  readonly retryAfterMs: number | null;
  readonly details: ErrorDetails;

  constructor(init: FlightaggErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.documentationUrl = init.documentationUrl;
    this.retryAfterMs = init.retryAfterMs;
    this.details = init.details;
  }
}

/** No answer: the connection failed or the call ran past `timeoutMs` (`cause` says which). */
export class FlightaggConnectionError extends Error {
  override readonly name = 'FlightaggConnectionError';
}

/**
 * True when `error` is a FlightaggError, and with `codes` when its code is one of them; narrows
 * `code` to those: `if (isFlightaggError(e, 'price_changed')) e.details.total_amount`.
 */
export function isFlightaggError(error: unknown): error is FlightaggError;
export function isFlightaggError<const Code extends ErrorCode>(
  error: unknown,
  ...codes: [Code, ...Code[]]
): error is FlightaggError & { readonly code: Code };
export function isFlightaggError(error: unknown, ...codes: string[]): boolean {
  if (!(error instanceof FlightaggError)) return false;
  return codes.length === 0 || codes.some((code) => code === error.code);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The error a response answered, from its body (the gateway's error body, or anything else a proxy sent). */
export function errorFromAnswer(
  { status, headers }: { status: number; headers: Headers },
  { body, retryAfterMs }: { body: unknown; retryAfterMs: number | null },
): FlightaggError {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const { error, code, request_id, documentation_url, ...details } = fields;
  return new FlightaggError({
    status,
    code: text(code),
    message: text(error) ?? `HTTP ${status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`,
    requestId: text(request_id) ?? headers.get('x-request-id'),
    documentationUrl: text(documentation_url),
    retryAfterMs,
    details,
  });
}
