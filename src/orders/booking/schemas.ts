import { Type, type Static } from '@sinclair/typebox';
import { dateAhead, type RequestExamples } from '../../platform/http/request-examples.js';
import { AirlineRef } from '../schemas.js';
import { MAX_KEY_LENGTH } from './idempotency-service.js';

/** Request bodies of booking (POST /v1/orders); seats, services and payment are reused by servicing. */

/**
 * The headers a booking reads: `Idempotency-Key`, 1 to 128 characters (the contract's bound). One
 * outside it is 400 `invalid_idempotency_key` naming the header, before anything is booked.
 */
export const IdempotencyKeyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_KEY_LENGTH,
      description:
        'Any text of yours naming this booking: a repeat with the same body returns the first order (200, `Idempotent-Replayed: true`) instead of booking again, for 24 hours',
    }),
  ),
});

/** A phone number as airlines' contact fields take it: digits, an optional leading +, spaces, ( ) . - between. */
export const PHONE_PATTERN = '^\\+?[0-9(][0-9 ().-]{2,28}[0-9]$';
export const PHONE_DESCRIPTION = 'Digits with an optional leading `+`, and spaces, `(`, `)`, `.` or `-` between them';

/**
 * The amount a seller accepts, as offers spell money (`total_amount` and `currency`): the airline's
 * price must be exactly it, or nothing is booked or paid (409 `price_changed`).
 */
export const statedAmountFields = (what: string) => ({
  total_amount: Type.Optional(
    Type.Number({
      minimum: 0,
      description:
        `The total you showed and accept for ${what}, as a decimal in \`currency\` (with it). When the airline's price is ` +
        'any other amount nothing is booked or paid: 409 `price_changed` with `shown_amount`, `total_amount`, `currency` ' +
        'and, for a booking, the priced `offer_id` to book instead',
    }),
  ),
  currency: Type.Optional(
    Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 currency of `total_amount`; required with it' }),
  ),
});

const Passenger = Type.Object(
  {
    passenger_id: Type.Optional(
      Type.String({ description: 'Your id for the passenger; PAX1… by default, in the order of the offer' }),
    ),
    // Adult when left out (inputs.ts); no schema `default`, which client generators read as "always present".
    type: Type.Optional(
      Type.Union([Type.Literal('adult'), Type.Literal('child'), Type.Literal('infant')], {
        description:
          "Passenger type; `adult` when left out. Checked against `born_on` under the airline's published age rules, on each " +
          "flight's local date (400 `passenger_type_mismatch` naming `passengers[i].type`): `infant` (on a lap) under 2 on " +
          'every flight, one per passenger of 16 or over; `child` 2–11 at the first flight, and an infant who turns 2 ' +
          'before a later flight (a seat from the birthday on); `adult` 12 and over, so VS young persons (12–15) are ' +
          '`adult`. Together the types must be the adults, children and infants the offer was priced for (400 ' +
          '`passenger_count_mismatch`)',
      }),
    ),
    given_name: Type.String({
      minLength: 1,
      maxLength: 60,
      description:
        'Letters of any script, with single spaces, hyphens, apostrophes or periods between them; no digits, symbols or ' +
        'control characters (400 `invalid_name` naming the field)',
    }),
    family_name: Type.String({ minLength: 1, maxLength: 60, description: 'As `given_name`' }),
    born_on: Type.String({
      format: 'date',
      description: "YYYY-MM-DD; the passenger's age on each flight's date decides the type the airline fares them as",
    }),
    gender: Type.Optional(
      Type.Union([Type.Literal('m'), Type.Literal('f'), Type.Literal('x')], {
        description:
          'Required for an offer Duffel sells (`DUFFEL|…` ids): `m` or `f`, the genders its airlines take; left out or `x`, ' +
          '400 `passenger_detail_required` naming `passengers[i].gender`, before any call to Duffel',
      }),
    ),
    email: Type.Optional(Type.String({ format: 'email' })),
    phone: Type.Optional(
      Type.String({
        maxLength: 30,
        pattern: PHONE_PATTERN,
        description:
          `${PHONE_DESCRIPTION}. Required for an offer Duffel sells (\`DUFFEL|…\` ids) unless \`contact.phone\` is given, ` +
          'in international form (`+` and the country code, e.g. `+44 20 7123 4567`): else 400 `passenger_detail_required` ' +
          'naming `passengers[i].phone` (or `contact.phone`, when that is the number used), before any call to Duffel',
      }),
    ),
  },
  { $id: 'PassengerInput' },
);
export const SeatRequest = Type.Object(
  {
    segment_id: AirlineRef(60),
    passenger_id: AirlineRef(20),
    designator: Type.String({ pattern: '^[0-9]{1,3}[A-Z]$', description: 'e.g. 12C' }),
  },
  { $id: 'SeatRequest' },
);
export const ServiceRequest = Type.Object(
  {
    service_id: AirlineRef(200, 'A service_id from GET /v1/offers/{offerID}/services'),
    passenger_id: AirlineRef(20),
    segment_id: Type.Optional(AirlineRef(60)),
  },
  { $id: 'ServiceRequest' },
);
export const Payment = Type.Object(
  {
    type: Type.Union(
      [Type.Literal('hold'), Type.Literal('agency_account'), Type.Literal('card'), Type.Literal('airline_credit')],
      {
        description:
          '`hold`: book now, pay by payment_deadline; `agency_account` (BSP) or `card`: pay now and ticket in the same call; ' +
          '`airline_credit`: pay now with a trip credit of one of the passengers (`credit_id`): a booking or a commit, ticketed in the same call, ' +
          "or a ticketed order's priced seats and services (PUT, an `ancillaries` confirm) or a reissue (`/change/confirm`)",
      },
    ),
    credit_id: Type.Optional(
      Type.String({
        pattern: '^crd_[0-9]{13}$',
        description:
          "With `type` `airline_credit` (required with it): the `credit_id` of an `available` credit in the `credits` of one of the agency's orders. " +
          "It pays the whole amount due (a booking's total with its seats and services, what a commit pays, the seats and services a PUT or an " +
          "`ancillaries` confirm adds, or what a reissue's accepted offers charge) by the credit's ticket; what charges nothing leaves it unspent, " +
          "with the airline that keeps it; what is left over stays with the same traveller as a credit on their ticket (the paid order's " +
          '`credits`), and the old credit becomes `used`. 422 `credit_not_usable` naming `payment.credit_id`, before any airline booking or payment, with `reason`: ' +
          "`not_found`, `used`, `expired`, `other_airline` (a credit pays only its own airline's flights), `other_traveller` (the " +
          "credit's traveller, by name and birth date, is not among the passengers (of the booking, or of the order paid): a credit is not transferable) or `insufficient` " +
          '(worth less than the amount: `credit_amount`, `amount_due` and `currency` say both; pay by `agency_account` or `card`)',
      }),
    ),
    card: Type.Optional(
      Type.Object({
        number: Type.String({ pattern: '^[0-9]{12,19}$' }),
        expiry: Type.String({ pattern: '^(0[1-9]|1[0-2])[0-9]{2}$', description: 'MMYY' }),
        holder_name: Type.String({ minLength: 1, maxLength: 60, description: 'As a passenger name (400 `invalid_name`)' }),
        security_code: Type.Optional(Type.String({ pattern: '^[0-9]{3,4}$' })),
      }),
    ),
    authentication: Type.Optional(
      Type.Object(
        {
          authentication_value: Type.Optional(
            Type.String({ description: 'The authentication value (CAVV / AAV) of the 3-D Secure 2 result' }),
          ),
          ds_transaction_id: Type.Optional(Type.String({ description: "The directory server's transaction id" })),
          eci: Type.Optional(
            Type.String({ description: 'Electronic commerce indicator, e.g. 05 (authenticated) or 06 (attempted)' }),
          ),
          status: Type.Optional(Type.String({ description: 'Transaction status: Y (authenticated) or A (attempted)' })),
          version: Type.Optional(Type.String({ description: '3-D Secure protocol version, e.g. 2.2.0' })),
        },
        {
          additionalProperties: true,
          description:
            '3-D Secure 2 result of a `card` payment, passed to the airline with the card. VS carries it (`authentication_value`, `ds_transaction_id`, `eci` and `status` required); AA cannot: 422 `payment_authentication_unsupported`',
        },
      ),
    ),
  },
  { $id: 'Payment', additionalProperties: false },
);
export const CreateOrderBody = Type.Object({
  // Required here, as validated: a missing field is `offer_id is required`; an empty passenger
  // list passes to the service, which answers the contract's `at least one passenger is required`.
  offer_id: Type.String({
    description:
      'A priced or shopped offer id: book the `offer_id` the price answer returned. The offer is re-priced first; a price ' +
      "above the one the id was handed out at (the search's or the price answer's `total_amount`) is refused with 409 " +
      '`price_changed` before anything is booked, its body carrying `shown_amount`, the new `total_amount`, `currency` ' +
      'and the priced `offer_id` to book at the new price; a lower price is booked at the lower price',
  }),
  passengers: Type.Array(Passenger, { description: 'At least one, in the order of the offer' }),
  contact: Type.Optional(
    Type.Object(
      {
        email: Type.String({ format: 'email' }),
        phone: Type.Optional(Type.String({ maxLength: 30, pattern: PHONE_PATTERN, description: PHONE_DESCRIPTION })),
      },
      { description: 'Booking contact; defaults to the first passenger with an e-mail' },
    ),
  ),
  seats: Type.Optional(Type.Array(SeatRequest)),
  services: Type.Optional(Type.Array(ServiceRequest)),
  payment: Type.Optional(Payment),
  ...statedAmountFields("the order: the offer's `total_amount` plus the seats and services booked with it"),
});
export type CreateOrderBody = Static<typeof CreateOrderBody>;

const EXAMPLE_PASSENGER = {
  type: 'adult',
  given_name: 'Ada',
  family_name: 'Lovelace',
  born_on: '1985-12-10',
  email: 'ada@example.com',
  phone: '+12125550100',
};

/** Example bookings for the docs page: book the `offer_id` the price answer returned. */
export const createOrderExamples = (now: Date): RequestExamples => {
  const expiry = dateAhead(now, 2 * 365);
  return {
    hold: {
      summary: 'Hold now, pay by payment_deadline (POST /commit)',
      value: {
        offer_id: 'AA|1.eyJvIjpbWyJBQURPTS1NQUlOIiwiQUEiXV19.hV3kq9Xc2Lw',
        passengers: [EXAMPLE_PASSENGER],
        payment: { type: 'hold' },
      },
    },
    pay_by_card: {
      summary: 'Pay by card and ticket in the same call',
      value: {
        offer_id: 'AA|1.eyJvIjpbWyJBQURPTS1NQUlOIiwiQUEiXV19.hV3kq9Xc2Lw',
        passengers: [EXAMPLE_PASSENGER],
        contact: { email: 'bookings@agency.example', phone: '+12125550199' },
        payment: {
          type: 'card',
          card: {
            number: '4111111111111111',
            expiry: `${expiry.slice(5, 7)}${expiry.slice(2, 4)}`,
            holder_name: 'ADA LOVELACE',
            security_code: '123',
          },
        },
      },
    },
    agency_account: {
      summary: 'Pay on the agency account (BSP) with a seat',
      value: {
        offer_id: 'AA|1.eyJvIjpbWyJBQURPTS1NQUlOIiwiQUEiXV19.hV3kq9Xc2Lw',
        passengers: [{ ...EXAMPLE_PASSENGER, passenger_id: 'PAX1' }],
        seats: [{ segment_id: 'SEG1', passenger_id: 'PAX1', designator: '14C' }],
        payment: { type: 'agency_account' },
      },
    },
  };
};
