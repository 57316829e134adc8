import { Type, type TNull, type TObject, type TSchema, type TUnion } from '@sinclair/typebox';

/** The plain error body every portal and admin error answers with. */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'A sentence for people; do not branch on it' }),
    code: Type.String({ description: 'Stable machine code' }),
    request_id: Type.String(),
  },
  { additionalProperties: true },
);

export const StatusBody = Type.Object({ status: Type.String() });

/** OpenAPI security requirement of session-authenticated routes. */
export const SESSION_SECURITY = [{ SessionBearer: [] }];
/** Routes that take no credential at all (sign-up, login, verification). */
export const NO_SECURITY: { [name: string]: string[] }[] = [];

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request; the message names the field',
  401: 'Missing, invalid or expired session token',
  403: 'Not allowed for this session (support session, permission, step-up, unverified e-mail; admin paths: no verified second factor)',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflicts with the current state',
  413: 'Request body too large',
  422: 'Unprocessable',
  429: 'Too many requests, or failed sign-ins, from this client address; `Retry-After` says when to try again',
};

/** Response schemas for the listed error statuses, described once. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((s) => [s, { ...ErrorBody, description: ERROR_TEXT[s] ?? 'Error' }]));
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

/**
 * A body that may be left out altogether. Fastify validates a missing body as null, so the schema
 * accepts null; handlers read it as `T | null`.
 */
export function optionalBody<T extends TObject>(schema: T): TUnion<[T, TNull]> {
  return { ...schema, type: ['object', 'null'] } as unknown as TUnion<[T, TNull]>;
}
