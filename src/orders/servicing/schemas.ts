import { Type, type Static } from '@sinclair/typebox';
import { dateAhead, type RequestExamples } from '../../platform/http/request-examples.js';
import { Nullable } from '../../platform/http/responses.js';
import { SegmentSchema } from '../../shopping/segment-view.js';
import {
  Payment,
  PHONE_DESCRIPTION,
  PHONE_PATTERN,
  SeatRequest,
  ServiceRequest,
  statedAmountFields,
} from '../booking/schemas.js';
import { AirlineRef, AmountSchema } from '../schemas.js';

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
        phone: Type.Optional(
          Type.Union([Type.String({ maxLength: 30, pattern: PHONE_PATTERN, description: PHONE_DESCRIPTION }), Type.Null()]),
        ),
      }),
    ),
    payment: Type.Optional({
      ...Payment,
      description:
        'Pays the priced seats and services at once (their total): `agency_account`, `card`, or `airline_credit` with the `credit_id` ' +
        "of a trip credit of one of the order's travellers (the rest stays a credit on their ticket). Without it, priced extras wait " +
        'as the pending upsell for `commit`; free ones need no payment',
    }),
    ...statedAmountFields('the seats and services paid with this request (with `payment`)'),
  },
  {
    description:
      'Seats, services and/or contact to change; `payment` pays priced extras at once. JSON keys are matched case-insensitively.',
  },
);
/** The PUT body as its schema validated it, keys already lower-cased. */
export type ChangeRequest = Static<typeof ChangeRequestBody>;

export const CommitBody = Type.Object(
  {
    payment: Type.Optional(Payment),
    ...statedAmountFields("this payment: the hold's total and/or the pending upsell (the quote's `amount_due`)"),
  },
  {
    description:
      'Pays a hold and/or the pending upsell. A hold is re-quoted first: when the airline now asks more or less than the ' +
      "order's `total` (or than `total_amount`, when stated), nothing is paid: 409 `price_changed` with `shown_amount`, " +
      '`total_amount` and `currency`; quote (`POST /v1/orders/{orderID}/quote`) and pay the new `amount_due` by stating it',
  },
);
export const ReshopBody = Type.Object({
  slices: Type.Optional(
    Type.Array(
      Type.Object({
        origin: Type.Optional(Type.String({ description: "The journey's own origin (the default); any other is a 400" })),
        destination: Type.Optional(
          Type.String({ description: "The journey's own destination (the default); any other is a 400" }),
        ),
        departure_date: Type.String({ format: 'date' }),
      }),
      {
        maxItems: 6,
        description:
          "New dates (and optionally airports) per slice: `slices[i]` is the order's journey i still booked, in order (a round trip's outbound, then its return). " +
          "Origin and destination default to the journey's own and must be them: a reshop keeps each journey's way, as the airlines do (400 naming `slices[i]`). " +
          'A journey without a slice keeps its booked date; more slices than journeys is a 400. Without `slices`: every journey on its booked date.',
      },
    ),
  ),
  cabin: Type.Optional(
    Type.Union([Type.Literal('economy'), Type.Literal('premium_economy'), Type.Literal('business'), Type.Literal('first')]),
  ),
});
export const ChangeBody = Type.Object(
  {
    action: Type.Optional(
      Type.Union([Type.Literal('reissue'), Type.Literal('ancillaries'), Type.Literal('cancel_segments')], {
        description: 'Default `reissue`',
      }),
    ),
    segment_ids: Type.Optional(
      Type.Array(AirlineRef(60), {
        maxItems: 16,
        description:
          '`cancel_segments`: the segments to cancel (required). `reissue`: the segments changed, whole journeys: every segment of one journey (one way of a round trip, a connection whole) changes that journey only, the others stay booked and ticketed as they are; every segment still booked, or none, is the whole itinerary.',
      }),
    ),
    reason: Type.Optional(
      Type.String({ maxLength: 500, description: 'Kept in the quote and in the history entry of the confirm' }),
    ),
    departure_date: Type.Optional(
      Type.String({
        format: 'date',
        description:
          'reissue: the new date of the journey named by `segment_ids`; for the whole itinerary, of its first journey, the others moving by as many days',
      }),
    ),
    seats: Type.Optional(Type.Array(SeatRequest, { maxItems: 50, description: '`ancillaries`: seats to add' })),
    services: Type.Optional(Type.Array(ServiceRequest, { maxItems: 50, description: '`ancillaries`: services to add' })),
    remove_extra_ids: Type.Optional(
      Type.Array(AirlineRef(60), {
        maxItems: 50,
        description: "`ancillaries`: extras to remove, by the order's `extras[].extra_id` (not with seats or services)",
      }),
    ),
  },
  {
    description:
      'A change to quote. Each action takes only its own fields; another is a 400 naming it. JSON keys are matched case-insensitively.',
  },
);
export const ChangeConfirmBody = Type.Object({
  offer_id: Type.String({
    description:
      'The reshop offer accepted, or the `cancel_segments` or `ancillaries` change quote kept by POST /change; missing or empty: 400 `offer_id is required`',
  }),
  // One reshop offer per slice at most, each an id the gateway issued (bounded like every offer id).
  offer_ids: Type.Optional(Type.Array(Type.String({ maxLength: 900 }), { maxItems: 6 })),
  // Passed on to the airline, so held to what an airline id can be, as `cancellation_quote_id` is.
  change_quote_id: Type.Optional(
    AirlineRef(
      200,
      'Advisory; the airline reprices at acceptance. Visible ASCII, at most 200 characters (else 400 naming it, before any airline call)',
    ),
  ),
  payment: Type.Optional({
    ...Payment,
    description:
      "Pays what the change charges (an `ancillaries` quote's `amount_due`, or what the accepted reshop offers charge): " +
      "`agency_account` (the default), `card`, or `airline_credit` with the `credit_id` of a trip credit of one of the order's " +
      'travellers (checked before the airline is called; the rest stays a credit on their ticket). A change that charges nothing needs none',
  }),
});
export const CancelBody = Type.Object(
  {
    passenger_ids: Type.Optional(
      Type.Array(AirlineRef(20), {
        maxItems: 9,
        description: 'Passengers to cancel, on every segment still booked',
      }),
    ),
    segment_ids: Type.Optional(
      Type.Array(AirlineRef(60), { maxItems: 16, description: 'Segments to cancel, for every passenger' }),
    ),
    reason: Type.Optional(Type.String({ maxLength: 500, description: 'Kept in the quote and in the history entry' })),
  },
  {
    description:
      'Without passenger_ids and segment_ids: the whole order. Naming every passenger or every segment is the whole order too. JSON keys are matched case-insensitively.',
  },
);
// A quote id the gateway did not keep is passed to the airline as its own quote id, so it is held to
// what an airline id can be (visible ASCII, bounded) before it reaches the airline's XML.
export const CancelConfirmBody = Type.Object({
  cancellation_quote_id: Type.Optional(
    AirlineRef(200, 'From POST /cancel; visible ASCII, at most 200 characters (else 400 naming it, before any airline call)'),
  ),
});
export const ReshopOfferSchema = Type.Object(
  {
    offer_id: Type.String(),
    airline: Type.String(),
    fare_brand: Nullable(
      Type.String({
        description:
          "The fare brand the airline reshops in (its price class, as in a search offer's `fare_brand`): the order's own; null when the airline does not say",
      }),
    ),
    fare_brand_code: Nullable(Type.String({ description: "The brand's code, as in a search offer's `fare_brand_code`" })),
    total_amount: Type.Number(),
    currency: Type.String(),
    fare_difference: AmountSchema,
    fare_difference_returned: Nullable(
      Type.Object(
        {
          method: Type.Union([Type.Literal('original_form_of_payment'), Type.Literal('credit')]),
          amount: Type.Number(),
          currency: Type.String(),
          description: Nullable(Type.String()),
        },
        {
          description:
            'A cheaper new fare: what the airline does with the difference, refunded to the original form of payment or kept as a credit, in its words when it gives them. Null when the new fare is not lower.',
        },
      ),
    ),
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
const TRIP_CREDIT = {
  ...AmountSchema,
  description:
    "What the airline keeps for a future trip instead of refunding it in cash (AA's trip credit for non-refundable fares cancelled after 24 hours): the fare's alone, never the EMDs of paid seats and services; zero when none",
};
const CANCEL_REFUND = {
  ...AmountSchema,
  description:
    'Cash back to the original form of payment: what the fare returns plus the EMDs of paid seats and services refunded by their own rule (AA refunds unused ones; every airline when it cancelled the flight)',
};
const CANCEL_PENALTY = {
  ...AmountSchema,
  description:
    "What the airline keeps: the fare conditions' penalty plus the EMDs of paid seats and services it does not refund (VS keeps unused ones after its 24 hours)",
};
export const OrderQuoteSchema = Type.Object(
  {
    order_id: Type.String(),
    quote_id: Nullable(
      Type.String({
        description: '`cancel_segments` and `ancillaries`: confirm with POST /change/confirm `{"offer_id": quote_id}`',
      }),
    ),
    action: Type.String(),
    total: { ...AmountSchema, description: 'The order total once the change is made (reissue: of the cheapest offer)' },
    amount_due: AmountSchema,
    payment_deadline: Nullable(Type.String()),
    reason: Type.Optional(Nullable(Type.String())),
    segment_ids: Type.Optional(Type.Array(Type.String(), { description: 'The segments the change affects' })),
    refund: Type.Optional({ ...CANCEL_REFUND, description: `\`cancel_segments\`, extras removed. ${CANCEL_REFUND.description}` }),
    penalty: Type.Optional({
      ...CANCEL_PENALTY,
      description: `\`cancel_segments\`, extras removed. ${CANCEL_PENALTY.description}`,
    }),
    trip_credit: Type.Optional(TRIP_CREDIT),
    added_extras: Type.Optional(
      Type.Array(
        Type.Object({
          kind: Type.Union([Type.Literal('seat'), Type.Literal('service')]),
          passenger_id: Type.String(),
          segment_id: Nullable(Type.String()),
          designator: Nullable(Type.String()),
          service_id: Nullable(Type.String()),
          name: Type.String(),
          price: AmountSchema,
        }),
      ),
    ),
    removed_extra_ids: Type.Optional(Type.Array(Type.String())),
    expires_at: Type.Optional(Nullable(Type.String())),
    offers: Type.Optional(Type.Array(ReshopOfferSchema)),
  },
  { $id: 'OrderQuote' },
);
export const CancelQuoteSchema = Type.Object(
  {
    order_id: Type.String(),
    cancellation_quote_id: Type.String({
      description: 'What POST /cancel/confirm accepts (the last quote is accepted without it)',
    }),
    scope: Type.Union([Type.Literal('order'), Type.Literal('partial')], {
      description: '`order`: the whole order closes; `partial`: the passengers or segments listed go and the order stays open',
    }),
    passenger_ids: Type.Array(Type.String(), { description: 'The passengers cancelled (partial: on every remaining segment)' }),
    segment_ids: Type.Array(Type.String(), {
      description: 'The segments cancelled (for the passengers cancelled, or for everyone)',
    }),
    refund: CANCEL_REFUND,
    penalty: CANCEL_PENALTY,
    trip_credit: TRIP_CREDIT,
    refund_method: Type.Union([Type.Literal('original_form_of_payment'), Type.Literal('credit'), Type.Literal('none')], {
      description:
        'Where the value goes: `original_form_of_payment` (`refund`, back to what paid: the card, the agency account, or ' +
        "for Duffel the agency's Duffel balance it was paid from), `credit` (`trip_credit`, kept by the airline: AA's trip " +
        "credit, Duffel's airline credits; after the confirm they are the order's `credits`), `none` (nothing back)",
    }),
    reason: Nullable(Type.String()),
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
    reason: Nullable(
      Type.String({
        description:
          "Why: `involuntary` when an airline's cancellation or significant change is pending (the refund is then in full, to the original form of payment, whatever the fare), otherwise why nothing is refundable (`nothing to refund`, `the fare refunds nothing`, …) or null",
      }),
    ),
  },
  { $id: 'RefundEligibility' },
);
export const RefundAccepted = Type.Object(
  { order_id: Type.String(), status: Type.Literal('refunded') },
  { $id: 'RefundAccepted' },
);

/** Example servicing requests for the docs page, by operation. */
export const servicingExamples = {
  changeOrder: (): RequestExamples => ({
    seat: {
      summary: 'Choose a seat; priced, it waits for POST /commit',
      value: { seats: [{ segment_id: 'SEG1', passenger_id: 'PAX1', designator: '14C' }] },
    },
    contact: { summary: 'New contact details', value: { contact: { email: 'ada@example.com', phone: '+12125550100' } } },
  }),
  payOrder: (): RequestExamples => ({
    agency_account: { summary: 'Pay the hold on the agency account', value: { payment: { type: 'agency_account' } } },
  }),
  reshopOrder: (now: Date): RequestExamples => ({
    new_date: { summary: 'Fly a week later', value: { slices: [{ departure_date: dateAhead(now, 37) }] } },
  }),
  quoteOrderChange: (now: Date): RequestExamples => ({
    reissue: {
      summary: 'Quote moving the first slice to a new date',
      value: { action: 'reissue', departure_date: dateAhead(now, 37), reason: 'Customer asked for a later flight' },
    },
    reissue_return: {
      summary: 'Quote moving the return of a round trip only',
      value: {
        action: 'reissue',
        segment_ids: ['AA2688-LAXJFK-20261221'],
        departure_date: '2026-12-23',
        reason: 'Staying two more days',
      },
    },
    cancel_segments: {
      summary: 'Quote dropping the return flight; confirm with its quote_id',
      value: { action: 'cancel_segments', segment_ids: ['AA2688-LAXJFK-20261221'], reason: 'Staying longer' },
    },
    add_bag: {
      summary: 'Quote adding a bag; confirm with its quote_id',
      value: { action: 'ancillaries', services: [{ service_id: 'BAG1', passenger_id: 'PAX1' }] },
    },
    remove_seat: {
      summary: "Quote removing an extra by the order's extras[].extra_id",
      value: { action: 'ancillaries', remove_extra_ids: ['AA-ORD-1A2B3C-X1'], reason: 'Seat no longer wanted' },
    },
  }),
  confirmOrderChange: (): RequestExamples => ({
    accept: {
      summary: 'Accept a reshop offer and pay the difference',
      value: { offer_id: 'AA|1.eyJvIjpbWyJBQURPTS1NQUlOIiwiQUEiXV19.hV3kq9Xc2Lw', payment: { type: 'agency_account' } },
    },
  }),
  quoteOrderCancellation: (): RequestExamples => ({
    whole_order: { summary: 'Quote cancelling the whole order', value: {} },
    with_reason: { summary: 'With a reason for the history', value: { reason: 'Trip called off' } },
    one_passenger: {
      summary: 'Quote cancelling one passenger; the order stays open for the others',
      value: { passenger_ids: ['PAX2'], reason: 'Travel plans changed' },
    },
    one_segment: { summary: 'Quote cancelling one segment for everyone', value: { segment_ids: ['AA2688-LAXJFK-20261221'] } },
  }),
  confirmOrderCancellation: (): RequestExamples => ({
    last_quote: { summary: 'Accept the last quote POST /cancel gave (whole order or part)', value: {} },
    by_id: { summary: 'Accept a quote by its id', value: { cancellation_quote_id: 'AAQ1F2E3D4C5B6A79801' } },
  }),
};
