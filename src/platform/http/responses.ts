import { Type, type TNull, type TObject, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * The API's shared response building blocks: the plain error body every commerce, portal and
 * admin error answers with (the aviation envelope lives in aviation/route-schemas.ts), the
 * per-status error responses routes list in their schema, and `Nullable`.
 */

/** `{error, code, request_id}` plus any named fields of the error (`field`, `retry_after`, ...). */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'A sentence for people; do not branch on it' }),
    code: Type.String({ description: 'Stable machine code' }),
    request_id: Type.String({ description: 'Quote it to support; it is also the X-Request-Id header' }),
  },
  { additionalProperties: true },
);

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request; the message names the field',
  401: 'Missing, invalid or expired credential',
  403: 'Not allowed for this credential',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflicts with the current state',
  410: 'Gone',
  413: 'Request body too large',
  422: 'Unprocessable',
  429: 'Too many requests; `Retry-After` says when to try again',
  502: 'The airline answered with an error',
  503: 'A dependency is unavailable; `Retry-After` says when to try again',
  504: 'The airline did not answer in time',
};

/**
 * Response schemas for the listed error statuses, each the shared ErrorBody. A status may carry its
 * own description (`[403, 'Not allowed for a support session']`) where the default says too little.
 */
export function errorResponses(...statuses: (number | [number, string])[]): Record<number, TSchema> {
  return Object.fromEntries(
    statuses.map((entry) => {
      const [status, text] = typeof entry === 'number' ? [entry, ERROR_TEXT[entry] ?? 'Error'] : entry;
      return [status, { ...ErrorBody, description: text }];
    }),
  );
}

/** A value or JSON null. */
export const Nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => Type.Union([schema, Type.Null()]);

/**
 * A body that may be left out altogether. Fastify validates a missing body as null, so the schema
 * accepts null; handlers read it as `T | null`.
 */
export function optionalBody<T extends TObject>(schema: T): TUnion<[T, TNull]> {
  return { ...schema, type: ['object', 'null'] } as unknown as TUnion<[T, TNull]>;
}
