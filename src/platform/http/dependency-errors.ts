import { isStorageFailure } from '../db/storage-health.js';
import { AppError } from '../errors.js';

/**
 * Turns "a dependency is down" into a 503 the client can act on, instead of the 500 meant for
 * bugs. Recognises the failures of PostgreSQL (pg and PGlite), of the pool in front of it, and of
 * Redis (ioredis); anything else is left alone (null) for the error handler to treat as before.
 */

export type Dependency = 'database' | 'redis' | 'storage';

// Clients are told to come back in a few seconds: a restart of PostgreSQL or Redis takes that long,
// and both drivers reconnect on their own (see database.ts and redis.ts).
const RETRY_AFTER_SECONDS = '5';

// A full or failing disk is not cleared by a reconnect: clients wait longer before they try again.
const STORAGE_RETRY_AFTER_SECONDS = '30';

const FAILED_DEPENDENCY = Symbol.for('flightagg.failedDependency');

/**
 * Marks an error raised while reaching `dependency`. A socket error (ECONNREFUSED, ECONNRESET)
 * does not say whose socket it was; the code that opened it does, and marks it (database.ts).
 */
export function markDependencyFailure<T>(err: T, dependency: Dependency): T {
  if (typeof err === 'object' && err !== null && Object.isExtensible(err)) {
    Object.defineProperty(err, FAILED_DEPENDENCY, { value: dependency, enumerable: false });
  }
  return err;
}

// SQLSTATEs that mean "the server is not there for you right now", not "your query is wrong":
// class 08 connection exception; 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
// cannot_connect_now (starting up or shutting down); 53300 too_many_connections; 57014
// query_canceled, which is what statement_timeout raises.
const DATABASE_SQLSTATE = /^(08...|57P0[123]|53300|57014)$/;

// The driver's own words when the connection broke or never came: pg, pg-pool and PGlite; and
// Kysely's once the database was closed under a request (a shutdown).
const DATABASE_MESSAGES = [
  /^driver has already been destroyed$/,
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Cannot use a pool after calling end on the pool/,
  /^Client was closed and is not queryable/,
  /^PGlite is closed/,
];

// ioredis: no connection and no offline queue; the connection closed under a command; a command
// past `commandTimeout`; retries used up (MaxRetriesPerRequestError).
const REDIS_MESSAGES = [
  /^Stream isn't writeable and enableOfflineQueue options is false/,
  /^Connection is closed\.$/,
  /^Command timed out$/,
  /^Reached the max retries per request limit/,
];

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Which dependency `err` says is unavailable, or null when it is some other error. */
export function failedDependency(err: unknown): Dependency | null {
  if (typeof err !== 'object' || err === null || err instanceof AppError) return null;
  const marked = (err as { [FAILED_DEPENDENCY]?: Dependency })[FAILED_DEPENDENCY];
  const { name, message, code } = err as { name?: unknown; message?: unknown; code?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => m.test(text))) return 'redis';
  // A write the disk refused (full, read-only, I/O error): whichever storage, the request changed nothing.
  if (isStorageFailure(err)) return 'storage';
  if (marked) {
    // A marked error is a failure on that connection only when it is about the connection: a
    // constraint violation raised through the same pool is the caller's business.
    if (typeof code === 'string' && (DATABASE_SQLSTATE.test(code) || SOCKET_CODES.has(code))) return marked;
    if (DATABASE_MESSAGES.some((m) => m.test(text))) return marked;
    return null;
  }
  if (typeof code === 'string' && DATABASE_SQLSTATE.test(code)) return 'database';
  if (DATABASE_MESSAGES.some((m) => m.test(text))) return 'database';
  return null;
}

/** The 503 for a dependency outage, or null when `err` is not one. */
export function dependencyError(err: unknown): AppError | null {
  switch (failedDependency(err)) {
    case 'database':
      return new AppError(503, 'database_unavailable', 'the database is unavailable; please retry shortly', {
        headers: { 'Retry-After': RETRY_AFTER_SECONDS },
      });
    case 'redis':
      return new AppError(503, 'cache_unavailable', 'a shared cache this request needs is unavailable; please retry shortly', {
        headers: { 'Retry-After': RETRY_AFTER_SECONDS },
      });
    case 'storage':
      return new AppError(503, 'storage_unavailable', 'storage is full or failing, so nothing was written; please retry later', {
        headers: { 'Retry-After': STORAGE_RETRY_AFTER_SECONDS },
      });
    default:
      return null;
  }
}
