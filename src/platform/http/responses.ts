import { Type, type TNull, type TObject, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * The API's shared response building blocks: the two error bodies (plain, and the aviation
 * envelope), `Nullable` and `optionalBody`. Which error responses an operation lists comes from the
 * error-code catalogue (error-codes.ts, error-responses.ts), not from the routes.
 */

const DOCUMENTATION_URL = Type.String({
  format: 'uri',
  description: "The code's section in the error reference, a page the gateway serves: `<gateway>/docs/errors#<code>` (docs/errors.md)",
});

/** `{error, code, request_id, documentation_url}` plus any named fields of the error (`field`, `reason`, ...). */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'A sentence for people; do not branch on it' }),
    code: Type.String({ description: 'Stable machine code, listed in docs/errors.md' }),
    request_id: Type.String({ description: 'Quote it to support; it is also the X-Request-Id header' }),
    documentation_url: DOCUMENTATION_URL,
  },
  { $id: 'ErrorBody', additionalProperties: true },
);

const ErrorItem = Type.Object(
  { code: Type.String(), message: Type.String(), documentation_url: DOCUMENTATION_URL },
  { additionalProperties: true },
);

/** The aviation and reference paths' error: the envelope with `data: null` and the error in `errors`. */
export const ErrorEnvelope = Type.Object(
  { data: Type.Null(), meta: Type.Object({ request_id: Type.String() }), errors: Type.Array(ErrorItem) },
  { $id: 'ErrorEnvelope', description: 'Error in the envelope' },
);

/** A value or JSON null. */
export const Nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => Type.Union([schema, Type.Null()]);

/**
 * A body that may be left out altogether. Fastify validates a missing body as null, so the schema
 * accepts null; handlers read it as `T | null`.
 */
export function optionalBody<T extends TObject>(schema: T): TUnion<[T, TNull]> {
  return { ...schema, type: ['object', 'null'] } as unknown as TUnion<[T, TNull]>;
}
