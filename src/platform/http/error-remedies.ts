import { ERROR_CODES, statusesOf, type ErrorCode, type ErrorCodeEntry } from './error-codes.js';

/**
 * What a caller does about an answer of each status, for codes whose entry says nothing more
 * specific (`fix`). The error reference shows one of these under every code, so no entry is
 * left saying what went wrong without saying what to do.
 */
const BY_STATUS: Record<number, string> = {
  400: 'Correct the request as the message says (`field`, where given, names what to change) and send it again; sent unchanged it gets the same answer.',
  401: 'Send a valid credential: an API key of this environment in `X-API-Key`, or a current session token in `Authorization: Bearer` on `/v1/dev` and `/v1/admin`.',
  402: 'Settle the account in the developer portal (plan, payment method or invoice), then retry; `reason`, `plan_code` and `docs_url` say which.',
  403: "The caller is known but may not do this: use a key or account that may, or change the key's restrictions in the portal. Retrying does not help.",
  404: 'Check the id or path: it names nothing this caller can see. Ids are case-sensitive; list or search again for a current one.',
  405: 'Use one of the methods the `Allow` header lists.',
  408: 'Send the headers and the body promptly, on one connection.',
  409: 'The resource is in a state that does not allow this now: read it again and decide; for idempotency codes, wait for the first request or use a new key.',
  413: 'Send a smaller body (at most 1 MiB).',
  414: 'Shorten the path parameter.',
  415: 'Send the body as `Content-Type: application/json` in UTF-8 (or the type the operation names).',
  422: 'The request is well formed but cannot be done as asked: change what the message names; retrying unchanged gets the same answer.',
  429: 'Wait the seconds `Retry-After` says, then retry; spread calls out to stay under the limit.',
  431: 'Send fewer or shorter headers.',
  500: 'Retry later; if it persists, quote `request_id` to support.',
  502: "The airline's answer failed: retry later with back-off unless the message says the airline refused it; quote `request_id` if it persists.",
  503: 'Retry after `Retry-After` (or a few seconds with back-off); the feature or dependency is unavailable for now.',
};

/**
 * What to do about `code`: its own `fix`, else the advice for the status it is answered with
 * (each prefixed with its status when it has several). A status with no advice here throws, so the
 * error reference cannot be rendered (nor its test pass) with a code left unadvised.
 */
export function remedyOf(code: ErrorCode): string {
  const own = (ERROR_CODES[code] as ErrorCodeEntry).fix;
  if (own) return own;
  const statuses = statusesOf(code);
  const advice = statuses.map((status) => {
    const words = BY_STATUS[status];
    if (!words) throw new Error(`error-remedies.ts has no advice for status ${status} (code ${code})`);
    return statuses.length > 1 ? `${status}: ${words}` : words;
  });
  return advice.join(' ');
}
