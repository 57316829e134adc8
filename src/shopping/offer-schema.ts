import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../platform/http/responses.js';
import { CabinSchema, SegmentSchema } from './segment-view.js';

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

const ConditionSchema = Nullable(
  Type.Object({
    allowed: Type.Boolean(),
    fee_amount: Nullable(Type.Number({ description: 'Fee before departure; null when not published' })),
    fee_currency: Nullable(Type.String()),
  }),
);

export const OfferSchema = Type.Object(
  {
    offer_id: Type.String({
      description: 'Starts with the airline code, then `|`; contains `|` and `.`, so percent-encode it in paths',
    }),
    airline: Type.String({ description: 'IATA airline code' }),
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
        taxes: Type.Array(
          Type.Object({
            code: Type.String({ description: 'IATA tax code (US, AY, XF, GB) or the carrier charge (YR, YQ)' }),
            name: Nullable(Type.String()),
            amount: Type.Number({ description: 'In the offer currency' }),
            country: Nullable(Type.String({ description: 'ISO 3166 country levying it; null for a carrier charge' })),
            filed_amount: Nullable(Type.Number({ description: 'In the currency the tax is levied in, when different' })),
            filed_currency: Nullable(Type.String()),
          }),
          { description: 'The taxes itemised, when the airline itemises them' },
        ),
      }),
      { description: 'Price breakdown by passenger type (amounts for all passengers of the type)' },
    ),
    expires_at: Nullable(Type.String({ description: 'The airline no longer honours the offer after this instant' })),
    payment_required_by: Nullable(Type.String()),
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
    conditions: Type.Object({ change: ConditionSchema, refund: ConditionSchema }),
  },
  { $id: 'Offer' },
);

export type OfferJson = Static<typeof OfferSchema>;
