/**
 * Every `code` the API answers with, in one list: its HTTP status, what it means, and the
 * operations that may answer it. AppError and its factories (platform/errors.ts) take only these
 * codes, the OpenAPI description lists each operation's error responses from them
 * (error-responses.ts), and `docs/errors.md` is generated from them (`npm run docs:errors`).
 *
 * `operations` names where a code can come from, as any of:
 * - an operationId (`createOrder`), or a hidden route as `METHOD /path` (`GET /metrics`);
 * - a path prefix in the description's spelling (`/v1/orders/{orderID}`: that path and all below it);
 * - a class of operations: `*` every one, `body` those whose method carries a body (POST, PUT, PATCH, DELETE), `api-key`, `session`
 *   and `airline-signature` those behind that credential (the last: every route a source pushes to), `metered` those counted against a plan, `metered:shopping` the
 *   searches among them;
 * - `unrouted`: a request that matched no operation (unknown path, wrong method, unparseable HTTP);
 * - `cli`: the `flightagg` command line only, never the HTTP API.
 */

import type { ErrorCodeEntry } from './error-codes/entry.js';
import { CALLER_ERRORS } from './error-codes/caller-errors.js';
import { FAULT_ERRORS } from './error-codes/fault-errors.js';
import { REQUEST_ERRORS } from './error-codes/request-errors.js';
import { STATE_ERRORS } from './error-codes/state-errors.js';

export type { ErrorCodeEntry } from './error-codes/entry.js';

/** The whole catalogue, by status as docs/errors.md lists it; each part is a file of error-codes/. */
export const ERROR_CODES = {
  ...REQUEST_ERRORS,
  ...CALLER_ERRORS,
  ...STATE_ERRORS,
  ...FAULT_ERRORS,
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

type StatusesOf<C extends ErrorCode> = (typeof ERROR_CODES)[C]['status'] extends infer S
  ? S extends readonly (infer N)[]
    ? N
    : S
  : never;

/** The codes catalogued at `status`: what a factory for that status accepts. */
export type ErrorCodeAt<S extends number> = { [C in ErrorCode]: S extends StatusesOf<C> ? C : never }[ErrorCode];

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CODES, code);

/** The statuses a code is answered with. */
export function statusesOf(code: ErrorCode): readonly number[] {
  const { status } = ERROR_CODES[code] as ErrorCodeEntry;
  return typeof status === 'number' ? [status] : status;
}
