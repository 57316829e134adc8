import type { ErrorCode, ErrorCodeAt } from './http/error-codes.js';

/**
 * Every error a client can cause is an AppError: an HTTP status, a sentence for humans and a
 * stable code for machines, one of the catalogue's (platform/http/error-codes.ts). The error handler (platform/http/error-handler.ts) turns it into the
 * shape of the surface the request was made on; nothing else writes error bodies.
 */
/** What an error body carries besides its code and message, and the headers its answer sends. */
export interface AppErrorOptions {
  /** Extra top-level fields of the plain error body (`did_you_mean`, `reason`, `docs_url`, ...). */
  fields?: Record<string, unknown>;
  /** Response headers such as `Retry-After`. */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly fields: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    { fields = {}, headers = {} }: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.fields = fields;
    this.headers = headers;
  }
}

export const badRequest = (message: string, code: ErrorCodeAt<400> = 'invalid_request', fields?: Record<string, unknown>) =>
  new AppError(400, code, message, { fields });

export const unauthorized = (message: string, code: ErrorCodeAt<401> = 'unauthorized') => new AppError(401, code, message);

export const forbidden = (message: string, code: ErrorCodeAt<403> = 'forbidden', fields?: Record<string, unknown>) =>
  new AppError(403, code, message, { fields });

export const notFound = (message: string, code: ErrorCodeAt<404> = 'not_found', fields?: Record<string, unknown>) =>
  new AppError(404, code, message, { fields });

export const conflict = (message: string, code: ErrorCodeAt<409>, fields?: Record<string, unknown>) =>
  new AppError(409, code, message, { fields });

export const unprocessable = (message: string, code: ErrorCodeAt<422>, fields?: Record<string, unknown>) =>
  new AppError(422, code, message, { fields });

export const tooManyRequests = (message: string, retryAfterSeconds: number, fields?: Record<string, unknown>) =>
  new AppError(429, 'rate_limited', message, { fields, headers: { 'Retry-After': String(retryAfterSeconds) } });

export const badGateway = (message: string, code: ErrorCodeAt<502> = 'airline_error') => new AppError(502, code, message);

export const unavailable = (message: string, code: ErrorCodeAt<503> = 'unavailable', headers?: Record<string, string>) =>
  new AppError(503, code, message, { headers });

/**
 * A dependency the process cannot start without (PostgreSQL, Redis) did not answer at start: one
 * line for the operator naming the server, the setting and the driver's reason, never a stack.
 * Once started, the same outages are 503s and fallbacks instead (docs/operations.md).
 */
export class DependencyStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DependencyStartError';
  }
}

/** `host:port` of a connection URL: what an operator needs to recognise it, without its password. */
export function serverOf(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return port ? `${hostname}:${port}` : hostname;
  } catch {
    return 'the configured server';
  }
}
