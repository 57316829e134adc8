import { Type, type TSchema } from '@sinclair/typebox';
import { errorResponses, type ErrorCodes, type ErrorStatus } from '../../platform/http/responses.js';

/*
 * What the OpenAPI description says of session routes, whichever feature serves them (the portal,
 * billing's account pages, the dashboard's orders, webhooks): the bearer scheme and what their
 * 401, 403 and 429 answers mean.
 */

/** `{status}`: the answer of an action that returns nothing else. */
export const StatusBody = Type.Object({ status: Type.String() });

/** OpenAPI security requirement of session-authenticated routes. */
export const SESSION_SECURITY = [{ SessionBearer: [] }];

/** What the portal's errors mean for a session-authenticated caller, where the shared text says less. */
const PORTAL_ERROR_TEXT: Record<number, string> = {
  401: 'Missing, invalid or expired session token',
  403: 'Not allowed for this session (support session, permission, step-up, unverified e-mail; admin paths: no verified second factor)',
  429: 'Too many requests, or failed sign-ins, from this client address; `Retry-After` says when to try again',
};

/** The codes of the portal's own answers at those statuses: a session, not an API key. */
const PORTAL_ERROR_CODES: Record<number, ErrorCodes> = {
  401: {
    unauthorized: 'no `Authorization: Bearer` session token',
    invalid_session: 'the session token is unknown, revoked or expired',
    invalid_credentials: 'wrong e-mail address or password (sign-in)',
    invalid_mfa_challenge: 'the second-factor challenge is unknown or expired (sign-in)',
  },
  403: {
    support_session_forbidden: 'not allowed on a support (impersonation) session',
    missing_permission: "the operator's role lacks the platform permission the path needs",
    step_up_failed: 'the current password or a fresh second factor is needed',
    not_agency_account: 'the account acts for no agency',
    email_unverified: 'the account e-mail address is not verified yet',
    role_forbidden: "the member's role may not do this",
    forbidden: 'not allowed for this session',
  },
  429: { rate_limited: 'too many requests or failed sign-ins from this address; `Retry-After` says when to try again' },
};

/** Response schemas for the listed error statuses, described for portal callers. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  return errorResponses(
    ...statuses.map((s): ErrorStatus => {
      const text = PORTAL_ERROR_TEXT[s];
      return text ? [s, text, PORTAL_ERROR_CODES[s] ?? {}] : s;
    }),
  );
}
