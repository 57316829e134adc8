import type { TSchema } from '@sinclair/typebox';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';
import { codesByStatus, type OperationFacts } from './error-scopes.js';
import { ErrorBody, ErrorEnvelope } from './responses.js';

/** What each error status means, before the codes say exactly why. */
export const ERROR_TEXT: Readonly<Record<number, string>> = {
  400: 'Invalid request; the message names the field',
  401: 'Missing, invalid or expired credential',
  402: 'Quota: the account of a developer-portal key failed its standing check; `reason` says why, with `message`, `plan_code`, `period_start`, `period_end` and `docs_url`',
  403: 'Not allowed for this credential',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  409: 'Conflicts with the current state',
  413: 'Request body too large',
  414: 'Path parameter too long',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests; `Retry-After` says when to try again',
  431: 'Request headers too large',
  500: 'Internal error; quote `request_id` to support',
  502: 'The airline answered with an error, or did not answer',
  503: 'Unavailable for now; `Retry-After` says when to try again',
};

type Response = { description?: string; allOf?: unknown[]; 'x-error-codes'?: string[] } & Record<string, unknown>;

/** The text of one error response: what the status means, then a line per code and when it is given. */
function describe(text: string, codes: readonly ErrorCode[]): string {
  const when = codes.map((code) => `- \`${code}\`: ${ERROR_CODES[code].meaning}`);
  return `${text.replace(/\.$/, '')}.\n\n${when.join('\n')}`;
}

/**
 * The operation's responses with every error status and code the catalogue gives it: each status
 * is the error body of the route's surface (`ErrorBody`, or `ErrorEnvelope` on the aviation paths)
 * with its codes in `x-error-codes` and, with when each is given, in the description. An error
 * response the route describes in its own schema (search's 502 with per-airline failures, the
 * readiness 503) keeps that schema and gains the codes. Not an `enum` on `code`: a closed enum
 * would make a generated client reject a code added later, which it should show instead.
 */
export function withCatalogueErrors(
  responses: Record<string, unknown>,
  op: OperationFacts,
  surface: 'plain' | 'envelope',
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...responses };
  const body = surface === 'envelope' ? ErrorEnvelope : ErrorBody;
  for (const [status, codes] of codesByStatus(op)) {
    const own = result[status] as Response | undefined;
    if (own && typeof own === 'object') {
      result[status] = {
        ...own,
        description: describe(own.description ?? ERROR_TEXT[status] ?? 'Error', codes),
        'x-error-codes': codes,
      };
    } else {
      result[status] = {
        description: describe(ERROR_TEXT[status] ?? 'Error', codes),
        allOf: [body as TSchema],
        'x-error-codes': codes,
      };
    }
  }
  return result;
}
