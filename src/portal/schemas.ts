import { Type, type TSchema } from '@sinclair/typebox';
import { errorResponses } from '../platform/http/responses.js';

export const StatusBody = Type.Object({ status: Type.String() });

/** OpenAPI security requirement of session-authenticated routes. */
export const SESSION_SECURITY = [{ SessionBearer: [] }];
/** Routes that take no credential at all (sign-up, login, verification). */
export const NO_SECURITY: { [name: string]: string[] }[] = [];

/** What the portal's errors mean for a session-authenticated caller, where the shared text says less. */
const PORTAL_ERROR_TEXT: Record<number, string> = {
  401: 'Missing, invalid or expired session token',
  403: 'Not allowed for this session (support session, permission, step-up, unverified e-mail; admin paths: no verified second factor)',
  429: 'Too many requests, or failed sign-ins, from this client address; `Retry-After` says when to try again',
};

/** Response schemas for the listed error statuses, described for portal callers. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  return errorResponses(
    ...statuses.map((s): number | [number, string] => (PORTAL_ERROR_TEXT[s] ? [s, PORTAL_ERROR_TEXT[s]] : s)),
  );
}

/** An optional `{password}` body: the current password, as step-up. */
export const StepUpBody = Type.Object(
  {
    password: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description: 'Current password, as step-up (optional when a second factor was verified within the step-up window)',
      }),
    ),
  },
  { additionalProperties: false },
);
