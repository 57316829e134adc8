import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../platform/http/responses.js';
import { CabinSchema, SegmentSchema } from './segment-view.js';
import { TaxLineSchema } from './tax-line-view.js';

/** JSON shapes of an offer as every endpoint answers it; money is a decimal with its currency. */

export const SliceSchema = Type.Object(
  {
    origin: Type.String(),
    destination: Type.String(),
    duration_minutes: Nullable(Type.Integer()),
    segments: Type.Array(SegmentSchema),
  },
  { $id: 'Slice' },
);

const feeFields = {
  allowed: Type.Boolean(),
  fee_amount: Nullable(
    Type.Number({
      description:
        "Fee per passenger before departure, once per change or cancellation of the whole trip (the highest fare component's, as the airline charges it); 0 when free, null when the airline publishes none",
    }),
  ),
  fee_currency: Nullable(Type.String()),
};

const ChangeConditionSchema = Nullable(
  Type.Object(
    {
      ...feeFields,
      fare_difference_applies: Nullable(
        Type.Boolean({
          description: 'The fare difference is paid on a change (true) or not (false); null when the airline does not say',
        }),
      ),
    },
    {
      description:
        "Changing the flights before departure (Duffel's `change_before_departure`); null when the airline publishes nothing",
    },
  ),
);

const RefundConditionSchema = Nullable(
  Type.Object(
    {
      ...feeFields,
      allowed: Type.Boolean({ description: 'The fare is refunded to the form of payment (less `fee_amount`)' }),
      method: Type.Union(
        [Type.Literal('original_form_of_payment'), Type.Literal('credit'), Type.Literal('taxes_only'), Type.Literal('none')],
        {
          description:
            'What a voluntary cancellation gives back: the money to the form of payment, an airline credit of the ticket value, the taxes only (the fare is kept), or nothing',
        },
      ),
    },
    { description: "Cancelling before departure (Duffel's `refund_before_departure`); null when the airline publishes nothing" },
  ),
);

/**
 * Fare conditions of an offer or order: the strictest over the whole trip and every passenger type
 * (the highest slice's fee, once per passenger), and the detail per slice and per passenger type where fares differ.
 */
export const ConditionsSchema = Type.Object(
  {
    change: ChangeConditionSchema,
    refund: RefundConditionSchema,
    by_slice: Type.Array(
      Type.Object({
        origin: Type.String(),
        destination: Type.String(),
        change: ChangeConditionSchema,
        refund: RefundConditionSchema,
      }),
      {
        description:
          "Per slice in slice order: the conditions of that slice's fare (a round trip of two brands differs); fees per passenger for that slice",
      },
    ),
    by_passenger_type: Type.Array(
      Type.Object({
        type: Type.Union([Type.Literal('adult'), Type.Literal('child'), Type.Literal('infant')]),
        change: ChangeConditionSchema,
        refund: RefundConditionSchema,
      }),
      { description: "Per passenger type: that type's conditions over the whole trip; fees per passenger of the type" },
    ),
  },
  { $id: 'FareConditions' },
);

export const OfferSchema = Type.Object(
  {
    offer_id: Type.String({
      description:
        'Starts with the code of the source that sells it (`AA`, `VS`, `DUFFEL`), then `|`; contains `|` and `.`, so percent-encode it in paths',
    }),
    airline: Type.String({
      description:
        'IATA code of the owner airline: whose flights and fare the offer is (`ZZ`, Duffel Airways, in Duffel test mode). The `airlines` search filter matches it',
    }),
    source: Type.String({
      description:
        'The source that sells the offer: an airline reached directly (its IATA code, equal to `airline`) or an aggregator (`DUFFEL`). The same airline can come from two sources, each offer with its own; the offer id starts with this code',
    }),
    total_amount: Type.Number({ description: 'Total for all passengers' }),
    currency: Type.String({ description: 'ISO 4217 currency of every amount in the offer' }),
    base_amount: Nullable(Type.Number()),
    tax_amount: Nullable(Type.Number()),
    passengers: Type.Array(
      Type.Object({
        type: Type.Union([Type.Literal('adult'), Type.Literal('child'), Type.Literal('infant')]),
        count: Type.Integer(),
        base_amount: Type.Number(),
        tax_amount: Type.Number(),
        total_amount: Type.Number(),
        taxes: Type.Array(TaxLineSchema, { description: 'The taxes itemised, when the airline itemises them' }),
      }),
      { description: 'Price breakdown by passenger type (amounts for all passengers of the type)' },
    ),
    expires_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'The airline no longer honours the offer after this instant (RFC 3339, UTC)',
      }),
    ),
    payment_required_by: Nullable(
      Type.String({
        format: 'date-time',
        description: 'A booking held unpaid must be paid by this instant (RFC 3339, UTC)',
      }),
    ),
    hold_available: Type.Boolean({
      description: 'The airline holds a booking of this offer unpaid until payment_required_by; false: pay when booking',
    }),
    fare_brand: Nullable(Type.String()),
    fare_brand_code: Nullable(Type.String()),
    cabin: Nullable(CabinSchema),
    partner_operated_connection: Type.Boolean({
      description: 'A connection with a leg operated by a partner airline (withheld unless requested)',
    }),
    slices: Type.Array(SliceSchema),
    baggage: Type.Object({
      checked_bags: Nullable(Type.Integer({ description: 'Free checked bags per passenger' })),
      carry_on_bags: Nullable(Type.Integer()),
      description: Nullable(Type.String()),
    }),
    conditions: ConditionsSchema,
  },
  { $id: 'Offer' },
);

export type OfferJson = Static<typeof OfferSchema>;
export type ConditionsJson = Static<typeof ConditionsSchema>;
