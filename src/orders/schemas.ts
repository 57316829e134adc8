import { Type } from '@sinclair/typebox';
import { Nullable } from '../platform/http/responses.js';
import { ConditionsSchema } from '../shopping/offer-schema.js';
import { SegmentSchema } from '../shopping/segment-view.js';
import { ORDER_STATUSES } from './order-status.js';
import { ORDER_ACTIONS } from './available-actions.js';
import { COUPON_STATES } from './coupon-status.js';
import { TaxLineSchema } from '../shopping/tax-line-view.js';

/** Schemas of the order itself and of the read routes; booking/ and servicing/ hold their own. */

/** A decimal amount with its ISO 4217 currency (platform/money.ts decides the decimals). */
export const AmountSchema = Type.Object({ amount: Type.Number(), currency: Type.String() });

/** What the airline changed on a segment on its own, shown until the agency acknowledges it. */
export const SegmentScheduleChangeSchema = Type.Object(
  {
    previous: Type.Object(
      {
        segment_id: Type.String({ description: 'The id the segment had (a new flight number gives a new id)' }),
        departing_at: Type.String({ description: 'Local departure date-time before the change' }),
        arriving_at: Type.String({ description: 'Local arrival date-time before the change' }),
        flight_number: Type.String({ description: 'Marketing flight number before the change, digits only' }),
        status: Type.Union([Type.Literal('confirmed'), Type.Literal('cancelled')]),
      },
      { description: 'The segment as the agency last accepted it' },
    ),
    detected_at: Type.String({ format: 'date-time', description: 'When the gateway learnt of the latest change' }),
    kind: Type.Union([Type.Literal('cancelled'), Type.Literal('rebooked'), Type.Literal('retimed'), Type.Literal('renumbered')], {
      description:
        '`cancelled`: the flight was cancelled with no alternative (segment `cancelled`); `rebooked`: the flight was cancelled and the airline moved the passengers to the flight the segment now shows; `retimed`: new times, same flight; `renumbered`: new flight number, same times',
    }),
    significant: Type.Union([Type.Boolean(), Type.Null()], {
      description:
        'A cancellation, or a departure 3 h or more earlier / arrival 3 h or more later (6 h when the itinerary leaves one country), as the US DOT refund rule (14 CFR 260.2) defines a significant change. While such a change is pending on a ticketed order, the traveller may refuse it: `GET /refund-eligibility` answers `reason: involuntary` and `POST /refund` refunds in full to the original form of payment, whatever the fare. ' +
        "`null` when the gateway cannot tell: a retime of 3 to 6 hours on an itinerary whose airports' countries are not in the aviation reference data (the gateway's aviation sync has not run). `GET /refund-eligibility` then still answers the airline's own refund amount",
    }),
    replacement_segment_ids: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Present when the airline put several segments in place of `previous` (a cancelled non-stop re-accommodated on a one-stop connection, `kind` `rebooked`): the ids of every segment that replaced it, in order; each of them shows this change',
      }),
    ),
  },
  {
    $id: 'SegmentScheduleChange',
    description:
      'An involuntary change by the airline (retime, new flight number, cancelled flight): the segment shows the new values, `previous` the old ones, until POST /v1/orders/{orderID}/acknowledge-changes',
  },
);

export const OrderStatusSchema = Type.Union(
  ORDER_STATUSES.map((s) => Type.Literal(s)),
  { description: 'Order status (see docs/orders.md)' },
);
export const OrderSchema = Type.Object(
  {
    order_id: Type.String({
      description: 'Order id; starts with the code of the source that booked it (`AA-ord_…`, `DUFFEL-ord_…`)',
    }),
    pnr: Type.String({ description: 'Record locator (6 characters)' }),
    airline: Type.String({
      description:
        'IATA code of the owner airline (`ZZ`, Duffel Airways, for an order booked in Duffel test mode). The `airline` query parameter of order routes and the list filter accept it or `source`',
    }),
    source: Type.String({
      description:
        'The source that booked the order and serves every operation on it: an airline reached directly (`AA`, `VS`: equal to `airline`) or an aggregator (`DUFFEL`)',
    }),
    airline_order_id: Type.String({ description: "The airline's own order id" }),
    status: OrderStatusSchema,
    origin: Type.String(),
    destination: Type.String(),
    currency: Type.String(),
    total: Type.Number(),
    payment_deadline: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Payment time limit of a hold; null once paid or closed',
    }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    contact: Type.Object({ email: Type.String(), phone: Nullable(Type.String()) }),
    passengers: Type.Array(
      Type.Object(
        {
          passenger_id: Type.String(),
          type: Type.Union([Type.Literal('adult'), Type.Literal('child'), Type.Literal('infant')]),
          given_name: Type.String(),
          family_name: Type.String(),
          born_on: Nullable(Type.String()),
          tax_lines: Type.Array(TaxLineSchema, {
            description:
              "This passenger's taxes, fees and carrier charges as the offer itemised them when booking (the passenger type's lines divided among its passengers); empty when the airline does not itemise them or for orders booked before 2.2.0",
          }),
        },
        { $id: 'Passenger' },
      ),
    ),
    segments: Type.Array(
      Type.Object({
        ...SegmentSchema.properties,
        status: Type.Union([Type.Literal('confirmed'), Type.Literal('cancelled')], {
          description: '`cancelled` once the airline no longer holds the segment',
        }),
        schedule_change: Nullable(SegmentScheduleChangeSchema),
        fare_brand: Nullable(
          Type.String({ description: 'The fare brand sold on the segment (`Main Cabin`); null for orders booked before 2.2.0' }),
        ),
        fare_brand_code: Nullable(Type.String({ description: "The airline's code of the fare brand" })),
        baggage: Type.Array(
          Type.Object({
            passenger_id: Type.String(),
            checked_bags: Nullable(Type.Integer({ description: 'Free checked bags' })),
            carry_on_bags: Nullable(Type.Integer()),
            description: Nullable(Type.String({ description: "The airline's words: weight, size" })),
          }),
          {
            description:
              "The free baggage allowance of the fare sold, per passenger, as priced when booking; empty for orders booked before 2.2.0. `cabin` and `booking_class` are the airline's order view's",
          },
        ),
      }),
      { description: "The booked segments, in the same shape (and `flight_number` meaning) as the offer's" },
    ),
    tickets: Type.Array(
      Type.Object({
        ticket_number: Type.String({
          description: "13 digits, the airline's accounting code first (AA 001, VS 932): the ticket number, or the EMD number",
        }),
        passenger_id: Type.String(),
        document_type: Type.Union([Type.Literal('ticket'), Type.Literal('emd')], {
          description: 'An electronic ticket, or an EMD (electronic miscellaneous document: a paid seat or service)',
        }),
        document_type_code: Nullable(
          Type.String({
            description:
              "The airline's document type code (PADIS 1001): `T` ticket, `J` EMD-A (associated with the passenger's ticket), `Y` EMD-S (standalone); null for an EMD whose type the airline did not say",
          }),
        ),
        amount: Type.Union([AmountSchema, Type.Null()], {
          description:
            "An EMD's value: what was paid for the service, refunded or kept on its own when the order is cancelled; null for a ticket (its value is the fare, `total` less the EMDs)",
        }),
        associated_ticket_number: Nullable(
          Type.String({ description: "The passenger's ticket an EMD-A is associated with; null for a ticket" }),
        ),
        coupons: Type.Array(
          Type.Object({
            coupon_number: Type.Integer(),
            extra_id: Nullable(
              Type.String({
                description: "On an EMD's coupon, the `extras[].extra_id` of the seat or service it pays for; null on a ticket's",
              }),
            ),
            segment_id: Nullable(Type.String()),
            status: Type.String({
              description:
                "The airline's coupon status code as sent (AA: I open, F flown, E exchanged, RF refunded, V void; VS: OPE, ...)",
            }),
            state: Type.Union(
              COUPON_STATES.map((c) => Type.Literal(c)),
              {
                description:
                  '`status` in one vocabulary for every airline: `open` (not flown), `flown`, `exchanged` (given up for a new ticket), `refunded`, `void` (cancelled without value), `suspended` (held by the airline), `other` (see `status`)',
              },
            ),
          }),
        ),
      }),
      {
        description:
          "The order's documents: a ticket per passenger and an EMD-A per paid seat or service and passenger, with the status of each coupon. An EMD is quoted and refunded by its own rule when the order is cancelled (AA refunds an unused prepaid seat or bag to the form of payment; VS keeps it), never folded into a ticket's trip credit; a flight the airline cancelled refunds it",
      },
    ),
    extras: Type.Array(
      Type.Object({
        extra_id: Nullable(
          Type.String({ description: "The airline's id of the extra: what `remove_extra_ids` of POST /change names" }),
        ),
        kind: Type.Union([Type.Literal('seat'), Type.Literal('service')]),
        passenger_id: Type.String(),
        segment_id: Nullable(Type.String()),
        designator: Nullable(Type.String()),
        name: Type.String(),
        price: Type.Union([AmountSchema, Type.Null()]),
      }),
    ),
    pending_upsell: Type.Union(
      [
        Type.Object({
          total: AmountSchema,
          items: Type.Array(
            Type.Object({
              seat: Type.Optional(Type.String()),
              service_id: Type.Optional(Type.String()),
              name: Type.String(),
              price: AmountSchema,
            }),
          ),
        }),
        Type.Null(),
      ],
      { description: 'Priced seats or services waiting for POST /commit with payment' },
    ),
    refund: Type.Union(
      [
        Type.Object({
          amount: Type.Number(),
          currency: Type.String(),
          method: Type.Literal('original_form_of_payment', {
            description:
              'Where the money went: back to the form of payment the order was paid with (value an airline keeps instead is in `credits`)',
          }),
          refunded_at: Type.String(),
        }),
        Type.Null(),
      ],
      {
        description:
          "What the airline refunded, once it has; null before. A cancellation that refunds the coupons at once (inside AA's or VS's 24-hour window, a refundable fare) says it here while the order is still `cancelled` (`refunded` follows on POST /refund or a refresh). `total` stays what the order cost",
      },
    ),
    last_change: Type.Union(
      [
        Type.Object({
          charged: Type.Object(
            { amount: Type.Number(), currency: Type.String() },
            {
              description:
                "What the airline charged for the change, in its currency (the change offer's amount due: fare difference and change fee; Duffel's `change_total_amount`); negative when it gave money back",
            },
          ),
          penalty: Type.Union([AmountSchema, Type.Null()], {
            description: 'The change fee within `charged`, as the airline stated it; null when it did not',
          }),
          changed_at: Type.String({ format: 'date-time' }),
        }),
        Type.Null(),
      ],
      {
        description:
          'The last change of flights (reshop offer accepted with POST /change/confirm) and what the airline charged for it; null until one. Every change is also in the history (`reissued`, `detail.charged` and `detail.penalty`)',
      },
    ),
    airline_notices: Type.Array(Type.String(), { description: 'What the airline reported: schedule changes, cancellations' }),
    credits: Type.Array(
      Type.Object(
        {
          credit_id: Nullable(
            Type.String({
              description:
                'What pays with this credit: `payment` `{type: "airline_credit", credit_id}` on a new booking, a commit, or a change or extras of an order of the same traveller (`crd_` and the ticket number); null when the airline named no ticket',
            }),
          ),
          passenger_id: Type.String(),
          ticket_number: Nullable(Type.String({ description: 'The ticket the value stays on (its coupons stay open)' })),
          amount: Type.Number(),
          currency: Type.String(),
          expires_at: Type.String({
            format: 'date-time',
            description: 'End of validity: 12 months from the original ticket issue (AA)',
          }),
          status: Type.Union([Type.Literal('available'), Type.Literal('used'), Type.Literal('expired')], {
            description: '`used` once the ticket was exchanged for a new one; `expired` after `expires_at`',
          }),
        },
        { $id: 'OrderCredit' },
      ),
      {
        description:
          'Value a cancelled ticket keeps for a future trip (a fare whose `conditions.refund.method` is `credit`, cancelled after any full-refund window), as the airline states it. Pay a new booking (POST /v1/orders), a commit, or a change or extras (PUT, `/change/confirm`) of the same traveller with an `available` one: `payment.type` `airline_credit` with its `credit_id`',
      },
    ),
    available_actions: Type.Array(Type.Union(ORDER_ACTIONS.map((a) => Type.Literal(a))), {
      description:
        'What may be done with the order now, from its status, fare conditions and the time: `pay` (a hold before its payment deadline: POST /commit), `cancel` (open, before departure), `change` (open, before departure, a fare that allows changes: not Basic Economy), `refund` (a ticketed fare that cancels to money, or a cancelled order with a refund not yet recorded), `seats` and `add_services` (open, before departure: POST /change), `accept_change` (an airline schedule change not yet acknowledged: POST /acknowledge-changes). An empty list: nothing',
    }),
    conditions: Type.Union([ConditionsSchema, Type.Null()], {
      description:
        "The fare conditions of the offer as priced when booking, as the offer's `conditions`; null for orders booked before 2.2.0",
    }),
  },
  { $id: 'Order' },
);
/**
 * An id the airline gave (a segment, passenger, service or seat item) that the gateway sends back
 * in its messages: visible ASCII only, bounded, so a control character or markup can never reach
 * the airline's XML or JSON from a client (a 400 naming the field, before any airline call).
 */
export const AirlineRef = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[!-~]+$', ...(description ? { description } : {}) });

export const OrderIdParams = Type.Object({ orderID: Type.String({ description: 'Order id (percent-encode it)' }) });
const AIRLINE_OF_ORDER =
  "The order's owner airline (IATA code) or the source that booked it (`AA`, `VS`, `DUFFEL`); any other value answers 400 `airline does not match the order`";
/** `airline` where the order is only read: optional. */
export const AirlineQuery = Type.Object({ airline: Type.Optional(Type.String({ description: AIRLINE_OF_ORDER })) });
/** `airline` where the contract marks it (R): without it (or blank) 400 `airline is required`, before the order is looked up. */
export const AirlineRequiredQuery = Type.Object({
  airline: Type.String({ description: `${AIRLINE_OF_ORDER}. Required: without it, 400 \`airline is required\`` }),
});
export const GetOrderQuery = Type.Object({
  airline: Type.Optional(
    Type.String({
      description:
        "The order's owner airline (IATA code) or the source that booked it; any other value answers 400 `airline does not match the order`",
    }),
  ),
  refresh: Type.Optional(Type.Boolean({ description: 're-read the order from the airline and apply what changed' })),
});
/** The longest `passenger_name` a list accepts: longer than any airline takes a last name. */
export const PASSENGER_NAME_MAX = 64;

export const ListQuery = Type.Object({
  airline: Type.Optional(
    Type.String({
      description:
        'Orders whose owner airline is this IATA code, or that this source booked (`AA`, `VS`, `DUFFEL`): `BA` lists British Airways orders whichever source sold them',
    }),
  ),
  status: Type.Optional(OrderStatusSchema),
  pnr: Type.Optional(Type.String()),
  passenger_name: Type.Optional(
    Type.String({
      maxLength: PASSENGER_NAME_MAX,
      description:
        "Orders with a passenger whose last name starts with this (`dup` finds Dupont and Dupré), case- and accent-blind: `dupre` finds Dupré; spaces, hyphens, apostrophes and periods are ignored (`obrien` finds O'Brien). " +
        `1 to ${PASSENGER_NAME_MAX} characters: letters, spaces, hyphens, apostrophes, periods; 400 \`invalid_request\` naming \`passenger_name\` otherwise.`,
      examples: ['dupont'],
    }),
  ),
  has_credit: Type.Optional(
    Type.Boolean({ description: 'true: only orders holding a trip credit still `available` (see `credits`)' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page' })),
});
export const OrderList = Type.Object(
  {
    orders: Type.Array(OrderSchema),
    next_cursor: Type.String({ description: 'empty on the last page' }),
  },
  { $id: 'OrderList' },
);
export const MinimalOrder = Type.Object({ order_id: Type.String(), status: OrderStatusSchema }, { $id: 'OrderStatusOnly' });
export const HistorySchema = Type.Object(
  {
    order_id: Type.String(),
    entries: Type.Array(
      Type.Object({
        id: Type.Integer(),
        at: Type.String(),
        action: Type.String(),
        status: Type.String(),
        actor: Type.Object({
          kind: Type.String({ description: "api_key, portal_user, support (on the agency's behalf), airline or system" }),
          id: Nullable(Type.String()),
          on_behalf_of_agency_id: Nullable(Type.String()),
        }),
        airline_reference: Nullable(Type.String()),
        detail: Type.Record(Type.String(), Type.Unknown()),
      }),
    ),
  },
  { $id: 'OrderHistory' },
);
