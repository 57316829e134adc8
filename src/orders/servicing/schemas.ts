import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/responses.js';
import { SegmentSchema } from '../../shopping/segment-view.js';
import { Payment, SeatRequest, ServiceRequest } from '../booking/schemas.js';
import { AmountSchema } from '../schemas.js';

/** Request and response bodies of servicing an order (change, commit, reshop, cancel, refund). */

/**
 * PUT /v1/orders/{orderID}. Its JSON keys are matched case-insensitively (the contract): the route
 * lower-cases every key (case-insensitive-keys.ts) before this schema validates the body, so `Seats`
 * is validated, and reaches the service, as `seats`.
 */
export const ChangeRequestBody = Type.Object(
  {
    seats: Type.Optional(Type.Array(SeatRequest, { maxItems: 50 })),
    services: Type.Optional(Type.Array(ServiceRequest, { maxItems: 50 })),
    contact: Type.Optional(
      Type.Object({
        email: Type.Optional(Type.String({ format: 'email' })),
        phone: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Null()])),
      }),
    ),
    payment: Type.Optional(Payment),
  },
  {
    description:
      'Seats, services and/or contact to change; `payment` pays priced extras at once. JSON keys are matched case-insensitively.',
  },
);
/** The PUT body as its schema validated it, keys already lower-cased. */
export type ChangeRequest = Static<typeof ChangeRequestBody>;

export const CommitBody = Type.Object(
  { payment: Type.Optional(Payment) },
  { description: 'Pays a hold and/or the pending upsell' },
);
export const ReshopBody = Type.Object({
  slices: Type.Optional(
    Type.Array(
      Type.Object({
        origin: Type.Optional(Type.String()),
        destination: Type.Optional(Type.String()),
        departure_date: Type.String({ format: 'date' }),
      }),
      { description: 'New dates (and optionally airports) per slice' },
    ),
  ),
  cabin: Type.Optional(
    Type.Union([Type.Literal('economy'), Type.Literal('premium_economy'), Type.Literal('business'), Type.Literal('first')]),
  ),
});
export const ChangeBody = Type.Object({
  action: Type.Optional(Type.Union([Type.Literal('reissue'), Type.Literal('ancillaries'), Type.Literal('cancel_segments')])),
  segment_ids: Type.Optional(Type.Array(Type.String())),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
  departure_date: Type.Optional(Type.String({ format: 'date', description: 'reissue: the new date of the first slice' })),
});
export const ChangeConfirmBody = Type.Object({
  offer_id: Type.Optional(Type.String({ description: 'The reshop offer accepted (required)' })),
  // One reshop offer per slice at most, each an id the gateway issued (bounded like every offer id).
  offer_ids: Type.Optional(Type.Array(Type.String({ maxLength: 900 }), { maxItems: 6 })),
  change_quote_id: Type.Optional(Type.String({ description: 'Advisory; the airline reprices at acceptance' })),
  payment: Type.Optional(Payment),
});
export const CancelBody = Type.Object({
  passenger_ids: Type.Optional(Type.Array(Type.String())),
  segment_ids: Type.Optional(Type.Array(Type.String())),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export const CancelConfirmBody = Type.Object({ cancellation_quote_id: Type.Optional(Type.String()) });
export const ReshopOfferSchema = Type.Object(
  {
    offer_id: Type.String(),
    airline: Type.String(),
    total_amount: Type.Number(),
    currency: Type.String(),
    fare_difference: AmountSchema,
    penalty: AmountSchema,
    amount_due: AmountSchema,
    expires_at: Nullable(Type.String()),
    slices: Type.Array(
      Type.Object({
        origin: Type.String(),
        destination: Type.String(),
        segments: Type.Array(SegmentSchema),
      }),
    ),
  },
  { $id: 'ReshopOffer' },
);
export const ReshopResult = Type.Object({ offers: Type.Array(ReshopOfferSchema) }, { $id: 'ReshopResult' });
export const OrderQuoteSchema = Type.Object(
  {
    order_id: Type.String(),
    quote_id: Nullable(Type.String()),
    action: Type.String(),
    total: AmountSchema,
    amount_due: AmountSchema,
    payment_deadline: Nullable(Type.String()),
    offers: Type.Optional(Type.Array(ReshopOfferSchema)),
  },
  { $id: 'OrderQuote' },
);
export const CancelQuoteSchema = Type.Object(
  {
    order_id: Type.String(),
    cancellation_quote_id: Type.String(),
    refund: AmountSchema,
    penalty: AmountSchema,
    expires_at: Nullable(Type.String()),
  },
  { $id: 'CancellationQuote' },
);
export const RefundEligibility = Type.Object(
  {
    order_id: Type.String(),
    eligible: Type.Boolean(),
    refundable_amount: AmountSchema,
    penalty: AmountSchema,
    reason: Nullable(Type.String()),
  },
  { $id: 'RefundEligibility' },
);
export const RefundAccepted = Type.Object(
  { order_id: Type.String(), status: Type.Literal('refunded') },
  { $id: 'RefundAccepted' },
);
