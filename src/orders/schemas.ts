import { Type, type Static } from '@sinclair/typebox';
import { ORDER_STATUSES } from './order-status.js';
import { Nullable } from '../platform/http/responses.js';
import { SegmentSchema } from '../shopping/segment-view.js';

const Amount = Type.Object({ amount: Type.Number(), currency: Type.String() });
const Str = (description?: string) => Type.String(description ? { description } : {});

export const OrderStatusSchema = Type.Union(
  ORDER_STATUSES.map((s) => Type.Literal(s)),
  { description: 'Order status (see docs/orders.md)' },
);

export const OrderSchema = Type.Object(
  {
    order_id: Str('Order id; starts with the airline code (`AA-ord_…`)'),
    pnr: Str('Record locator (6 characters)'),
    airline: Str(),
    airline_order_id: Str("The airline's own order id"),
    status: OrderStatusSchema,
    origin: Str(),
    destination: Str(),
    currency: Str(),
    total: Type.Number(),
    payment_deadline: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Payment time limit of a hold; null once paid or closed',
    }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    contact: Type.Object({ email: Str(), phone: Nullable(Type.String()) }),
    passengers: Type.Array(
      Type.Object({
        passenger_id: Str(),
        type: Type.Union([Type.Literal('adult'), Type.Literal('child'), Type.Literal('infant')]),
        given_name: Str(),
        family_name: Str(),
        born_on: Nullable(Type.String()),
      }),
    ),
    segments: Type.Array(
      Type.Object({
        ...SegmentSchema.properties,
        status: Type.Union([Type.Literal('confirmed'), Type.Literal('cancelled')], {
          description: '`cancelled` once the airline no longer holds the segment',
        }),
      }),
      { description: "The booked segments, in the same shape (and `flight_number` meaning) as the offer's" },
    ),
    tickets: Type.Array(
      Type.Object({
        ticket_number: Str('13 digits, AA tickets start with 001'),
        passenger_id: Str(),
        coupons: Type.Array(
          Type.Object({
            coupon_number: Type.Integer(),
            segment_id: Nullable(Type.String()),
            status: Str('I open, RF refunded, V void'),
          }),
        ),
      }),
    ),
    extras: Type.Array(
      Type.Object({
        kind: Type.Union([Type.Literal('seat'), Type.Literal('service')]),
        passenger_id: Str(),
        segment_id: Nullable(Type.String()),
        designator: Nullable(Type.String()),
        name: Str(),
        price: Type.Union([Amount, Type.Null()]),
      }),
    ),
    pending_upsell: Type.Union(
      [
        Type.Object({
          total: Amount,
          items: Type.Array(
            Type.Object({
              seat: Type.Optional(Type.String()),
              service_id: Type.Optional(Type.String()),
              name: Str(),
              price: Amount,
            }),
          ),
        }),
        Type.Null(),
      ],
      { description: 'Priced seats or services waiting for POST /commit with payment' },
    ),
    refund: Type.Union([Type.Object({ amount: Type.Number(), currency: Str(), refunded_at: Str() }), Type.Null()]),
    airline_notices: Type.Array(Type.String(), { description: 'What the airline reported: schedule changes, cancellations' }),
  },
  { $id: 'Order' },
);

const Passenger = Type.Object({
  passenger_id: Type.Optional(Str('Your id for the passenger; PAX1… by default, in the order of the offer')),
  type: Type.Optional(Type.Union([Type.Literal('adult'), Type.Literal('child'), Type.Literal('infant')], { default: 'adult' })),
  given_name: Type.String({ minLength: 1, maxLength: 60 }),
  family_name: Type.String({ minLength: 1, maxLength: 60 }),
  born_on: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  gender: Type.Optional(Type.Union([Type.Literal('m'), Type.Literal('f'), Type.Literal('x')])),
  email: Type.Optional(Type.String({ format: 'email' })),
  phone: Type.Optional(Type.String({ maxLength: 30 })),
});

export const SeatRequest = Type.Object({
  segment_id: Str(),
  passenger_id: Str(),
  designator: Type.String({ pattern: '^[0-9]{1,3}[A-Z]$', description: 'e.g. 12C' }),
});
export const ServiceRequest = Type.Object({
  service_id: Str('A service_id from GET /v1/offers/{offerID}/services'),
  passenger_id: Str(),
  segment_id: Type.Optional(Type.String()),
});

export const Payment = Type.Object(
  {
    type: Type.Union([Type.Literal('hold'), Type.Literal('agency_account'), Type.Literal('card')], {
      description:
        '`hold`: book now, pay by payment_deadline; `agency_account` (BSP) or `card`: pay now and ticket in the same call',
    }),
    card: Type.Optional(
      Type.Object({
        number: Type.String({ pattern: '^[0-9]{12,19}$' }),
        expiry: Type.String({ pattern: '^(0[1-9]|1[0-2])[0-9]{2}$', description: 'MMYY' }),
        holder_name: Str(),
        security_code: Type.Optional(Type.String({ pattern: '^[0-9]{3,4}$' })),
      }),
    ),
    authentication: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: '3-D Secure data. AA cannot carry it: 422' }),
    ),
  },
  { additionalProperties: false },
);

export const CreateOrderBody = Type.Object({
  offer_id: Type.Optional(Str('A priced or shopped offer id (required)')),
  passengers: Type.Optional(Type.Array(Passenger, { description: 'At least one' })),
  contact: Type.Optional(
    Type.Object(
      { email: Type.String({ format: 'email' }), phone: Type.Optional(Type.String()) },
      { description: 'Booking contact; defaults to the first passenger with an e-mail' },
    ),
  ),
  seats: Type.Optional(Type.Array(SeatRequest)),
  services: Type.Optional(Type.Array(ServiceRequest)),
  payment: Type.Optional(Payment),
});
export type CreateOrderBody = Static<typeof CreateOrderBody>;

export const OrderIdParams = Type.Object({ orderID: Str('Order id (percent-encode it)') });
export const AirlineQuery = Type.Object({
  airline: Type.Optional(Type.String({ description: 'IATA airline code; required where marked (R)' })),
});
export const GetOrderQuery = Type.Object({
  airline: Type.Optional(Type.String()),
  refresh: Type.Optional(Type.Boolean({ description: 're-read the order from the airline and apply what changed' })),
});
export const ListQuery = Type.Object({
  airline: Type.Optional(Type.String()),
  status: Type.Optional(OrderStatusSchema),
  pnr: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page' })),
});
export const OrderList = Type.Object({
  orders: Type.Array(OrderSchema),
  next_cursor: Type.String({ description: 'empty on the last page' }),
});

/**
 * PUT /v1/orders/{orderID}. Its JSON keys are matched case-insensitively (the contract): the route
 * lower-cases every key before this schema sees the body, so `Seats` is validated as `seats`.
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
  offer_id: Type.Optional(Str('The reshop offer accepted (required)')),
  // One reshop offer per slice at most, each an id the gateway issued (bounded like every offer id).
  offer_ids: Type.Optional(Type.Array(Type.String({ maxLength: 900 }), { maxItems: 6 })),
  change_quote_id: Type.Optional(Str('Advisory; the airline reprices at acceptance')),
  payment: Type.Optional(Payment),
});
export const CancelBody = Type.Object({
  passenger_ids: Type.Optional(Type.Array(Type.String())),
  segment_ids: Type.Optional(Type.Array(Type.String())),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export const CancelConfirmBody = Type.Object({ cancellation_quote_id: Type.Optional(Type.String()) });

export const ReshopOfferSchema = Type.Object({
  offer_id: Str(),
  airline: Str(),
  total_amount: Type.Number(),
  currency: Str(),
  fare_difference: Amount,
  penalty: Amount,
  amount_due: Amount,
  expires_at: Nullable(Type.String()),
  slices: Type.Array(
    Type.Object({
      origin: Str(),
      destination: Str(),
      segments: Type.Array(SegmentSchema),
    }),
  ),
});
export const ReshopResult = Type.Object({ offers: Type.Array(ReshopOfferSchema) });
export const OrderQuoteSchema = Type.Object({
  order_id: Str(),
  quote_id: Nullable(Type.String()),
  action: Str(),
  total: Amount,
  amount_due: Amount,
  payment_deadline: Nullable(Type.String()),
  offers: Type.Optional(Type.Array(ReshopOfferSchema)),
});
export const CancelQuoteSchema = Type.Object({
  order_id: Str(),
  cancellation_quote_id: Str(),
  refund: Amount,
  penalty: Amount,
  expires_at: Nullable(Type.String()),
});
export const RefundEligibility = Type.Object({
  order_id: Str(),
  eligible: Type.Boolean(),
  refundable_amount: Amount,
  penalty: Amount,
  reason: Nullable(Type.String()),
});
export const MinimalOrder = Type.Object({ order_id: Str(), status: OrderStatusSchema });
export const RefundAccepted = Type.Object({ order_id: Str(), status: Type.Literal('refunded') });
export const HistorySchema = Type.Object({
  order_id: Str(),
  entries: Type.Array(
    Type.Object({
      id: Type.Integer(),
      at: Str(),
      action: Str(),
      status: Str(),
      actor: Type.Object({
        kind: Str("api_key, portal_user, support (on the agency's behalf), airline or system"),
        id: Nullable(Type.String()),
        on_behalf_of_agency_id: Nullable(Type.String()),
      }),
      airline_reference: Nullable(Type.String()),
      detail: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
});
