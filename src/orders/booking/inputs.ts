import type { CardAuthentication, ExtraRequest, PassengerInput, PaymentInput } from '../../connectors/order-types.js';
import type { Connector } from '../../connectors/connector.js';
import { badRequest, unprocessable } from '../../platform/errors.js';
import { personName } from './person-names.js';
import { CREDIT_ID_PREFIX } from '../order-credits.js';
import type { CreateOrderBody } from './schemas.js';

/** The seller's JSON as connector inputs: passengers, payment, extras, and the conflict key. */
const TYPE_ORDER = { adult: 0, child: 1, infant: 2 } as const;

/**
 * Passenger ids follow the offer: adults, then children, then infants, PAX1 upwards. Names are
 * checked here, before any airline call (400 `invalid_name` naming `passengers[i].given_name`).
 */
export function passengersOf(body: CreateOrderBody): PassengerInput[] {
  const list = (body.passengers ?? []).map((p, i) => ({ p, i, type: p.type ?? 'adult' }));
  list.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.i - b.i);
  return list.map(({ p, i, type }, n) => ({
    passengerId: `PAX${n + 1}`,
    type,
    givenName: personName(p.given_name, `passengers[${i}].given_name`),
    familyName: personName(p.family_name, `passengers[${i}].family_name`),
    bornOn: p.born_on,
    gender: p.gender ?? null,
    email: p.email ?? null,
    phone: p.phone ?? null,
  }));
}

/**
 * The seller's payment as the connector takes it. Its 3-D Secure result goes along only to an
 * airline that carries one (`carriesAuthentication`, Connector.carriesPaymentAuthentication), and
 * then must be whole; booking refuses it before this for the others (422), servicing leaves it out.
 */
export function paymentOf(body: { payment?: CreateOrderBody['payment'] }, carriesAuthentication = false): PaymentInput | null {
  const p = body.payment;
  if (!p) return null;
  const authentication = carriesAuthentication && p.authentication ? cardAuthentication(p) : undefined;
  if (p.type === 'card') {
    if (!p.card) throw badRequest('payment.card is required when payment.type is card', 'invalid_request');
    return {
      type: 'card',
      card: {
        number: p.card.number,
        expiry: p.card.expiry,
        holderName: personName(p.card.holder_name, 'payment.card.holder_name'),
        securityCode: p.card.security_code ?? null,
      },
      ...(authentication ? { authentication } : {}),
    };
  }
  if (p.type === 'airline_credit') {
    if (!p.credit_id) throw badRequest('payment.credit_id is required when payment.type is airline_credit', 'invalid_request');
    return { type: 'airline_credit', ticketNumber: p.credit_id.slice(CREDIT_ID_PREFIX.length), issuedOn: null };
  }
  if (p.credit_id) throw badRequest('payment.credit_id is for payment.type airline_credit', 'invalid_request');
  return { type: p.type };
}

/**
 * Refuses a payment type the source does not take (Connector.paymentTypes: Duffel is paid from the
 * agency's balance, not by card) with 422 naming `payment.type`, before any call to the source.
 */
export function requirePaymentType(connector: Connector, type: PaymentInput['type']): void {
  const taken = connector.paymentTypes;
  if (!taken || taken.includes(type)) return;
  throw unprocessable(
    `payment.type ${type} cannot pay ${connector.name}; it takes payment.type ${taken.join(' or ')}`,
    'payment_type_unsupported',
  );
}

const AUTHENTICATION_FIELDS = ['authentication_value', 'ds_transaction_id', 'eci', 'status'] as const;

function cardAuthentication(p: NonNullable<CreateOrderBody['payment']>): CardAuthentication {
  const a = p.authentication ?? {};
  if (p.type !== 'card') throw badRequest('payment.authentication is for a card payment (payment.type card)', 'invalid_request');
  const missing = AUTHENTICATION_FIELDS.find((f) => typeof a[f] !== 'string' || a[f].trim() === '');
  if (missing) throw badRequest(`payment.authentication.${missing} is required`, 'invalid_request');
  return {
    authenticationValue: a.authentication_value!,
    directoryServerTransactionId: a.ds_transaction_id!,
    eci: a.eci!,
    status: a.status!,
    version: a.version ?? null,
  };
}

export function extrasOf(body: { seats?: CreateOrderBody['seats']; services?: CreateOrderBody['services'] }): ExtraRequest[] {
  return [
    ...(body.seats ?? []).map((s) => ({
      kind: 'seat' as const,
      segmentId: s.segment_id,
      passengerId: s.passenger_id,
      designator: s.designator,
    })),
    ...(body.services ?? []).map((s) => ({
      kind: 'service' as const,
      serviceId: s.service_id,
      passengerId: s.passenger_id,
      segmentId: s.segment_id ?? null,
    })),
  ];
}

/** Same people on the same flights: names and birth dates, flight numbers and departure times. */
export function travelKey(passengers: PassengerInput[], flights: { flightNumber: string; departingAt: string }[]): string {
  const people = passengers.map((p) => `${p.familyName}/${p.givenName}/${p.bornOn}`.toLowerCase()).sort();
  const legs = flights.map((f) => `${f.flightNumber}@${f.departingAt}`).sort();
  return `${people.join('|')}#${legs.join('|')}`;
}
