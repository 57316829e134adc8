import { Type, type TNull, type TObject, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * The API's shared response building blocks: the two error bodies (plain, and the aviation
 * envelope), `Nullable` and `optionalBody`. Which error responses an operation lists comes from the
 * error-code catalogue (error-codes.ts, error-responses.ts), not from the routes.
 */

/**
 * One of a fixed set of strings, declared as an `enum` (a generated client gets a union of the
 * values, and the description lists them in one place).
 */
export const StringEnum = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** A value or JSON null. */
export const Nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => Type.Union([schema, Type.Null()]);

const DOCUMENTATION_URL = Type.String({
  format: 'uri',
  description:
    "The code's section in the error reference, a page the gateway serves: `<gateway>/docs/errors#<code>` (docs/errors.md)",
});

/**
 * The named fields an error may carry besides its code, each only where its code's entry says so
 * (docs/errors.md). Both error shapes carry them: the plain body at its top level, the envelope in
 * its error item. Declared so the serializer sends them and a generated client types them; the
 * body stays open to fields added later.
 */
const ERROR_FIELDS = {
  field: Type.Optional(
    Type.String({ description: 'The request field, query parameter or header the error is about (`passengers[0].born_on`)' }),
  ),
  reason: Type.Optional(
    Type.String({ description: 'Why, as a stable word, where one code has several causes (`past_due`, `coming_soon`, `used`)' }),
  ),
  message: Type.Optional(Type.String({ description: 'A longer sentence for people: what happened and what to do' })),
  plan_code: Type.Optional(Nullable(Type.String({ description: "The account's plan (a quota or standing refusal)" }))),
  period_start: Type.Optional(
    Type.String({ format: 'date-time', description: 'Start of the billing period the refusal counts in' }),
  ),
  period_end: Type.Optional(Type.String({ format: 'date-time', description: 'End of that billing period' })),
  docs_url: Type.Optional(
    Type.String({ format: 'uri', description: 'Where the refusal is explained (pricing, the orders guide)' }),
  ),
  order_id: Type.Optional(Type.String({ description: 'The order the request conflicts with (`order_conflict`)' })),
  did_you_mean: Type.Optional(
    Type.String({ description: 'An id of yours one character away from the one sent (`order_not_found`)' }),
  ),
  detail: Type.Optional(
    Type.String({
      description:
        'What exactly is wrong and how to fix it, beside a contract-fixed `error` (`invalid_request_body`, `unknown_airline`, `missing_api_key`, `offer_not_available`)',
    }),
  ),
  position: Type.Optional(
    Type.Object(
      {
        line: Type.Integer({ minimum: 1 }),
        column: Type.Integer({ minimum: 1 }),
        offset: Type.Integer({ minimum: 0, description: 'Characters before the fault' }),
      },
      { description: 'Where a body that is not valid JSON goes wrong (`invalid_request_body`)' },
    ),
  ),
  expired_at: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'When the offer expired (`offer_not_available` for an offer past its `expires_at`)',
    }),
  ),
  shown_amount: Type.Optional(Type.Number({ description: 'The amount shown or stated (`price_changed`)' })),
  shown_currency: Type.Optional(Type.String({ description: 'Its currency (`price_changed`)' })),
  total_amount: Type.Optional(Type.Number({ description: "The airline's amount now (`price_changed`)" })),
  currency: Type.Optional(Type.String({ description: 'The currency of `total_amount` or `amount_due`' })),
  expires_at: Type.Optional(
    Type.String({ format: 'date-time', description: 'When the credit expired (`credit_not_usable`, reason `expired`)' }),
  ),
  credit_amount: Type.Optional(
    Type.Number({ description: 'What the credit is worth (`credit_not_usable`, reason `insufficient`)' }),
  ),
  amount_due: Type.Optional(Type.Number({ description: 'The amount it had to pay, in `currency` (`credit_not_usable`)' })),
  offer_id: Type.Optional(Type.String({ description: 'The priced offer to book at the new price (`price_changed`)' })),
  passenger_ids: Type.Optional(
    Type.Array(Type.String(), {
      description: 'The passengers the refusal names (a part of the order that cannot be cancelled or changed)',
    }),
  ),
  segment_ids: Type.Optional(
    Type.Array(Type.String(), {
      description: 'The segments the refusal names (a part of the order that cannot be cancelled or changed)',
    }),
  ),
};

/** `{error, code, request_id, documentation_url}` plus any named fields of the error (`field`, `reason`, ...). */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'A sentence for people; do not branch on it' }),
    code: Type.String({ description: 'Stable machine code, listed in docs/errors.md' }),
    request_id: Type.String({ description: 'Quote it to support; it is also the X-Request-Id header' }),
    documentation_url: DOCUMENTATION_URL,
    ...ERROR_FIELDS,
  },
  { $id: 'ErrorBody', additionalProperties: true },
);

const ErrorItem = Type.Object(
  {
    code: Type.String({ description: 'Stable machine code, listed in docs/errors.md' }),
    documentation_url: DOCUMENTATION_URL,
    ...ERROR_FIELDS,
    message: Type.String({ description: 'A sentence for people; do not branch on it' }),
  },
  { additionalProperties: true },
);

/** The aviation and reference paths' error: the envelope with `data: null` and the error in `errors`. */
export const ErrorEnvelope = Type.Object(
  { data: Type.Null(), meta: Type.Object({ request_id: Type.String() }), errors: Type.Array(ErrorItem) },
  { $id: 'ErrorEnvelope', description: 'Error in the envelope' },
);

/**
 * A body that may be left out altogether. Fastify validates a missing body as null, so the schema
 * accepts null; handlers read it as `T | null`.
 */
export function optionalBody<T extends TObject>(schema: T): TUnion<[T, TNull]> {
  return { ...schema, type: ['object', 'null'] } as unknown as TUnion<[T, TNull]>;
}
