import type { ExtraRequest, PassengerInput, PaymentInput } from '../../connectors/order-types.js';
import { badRequest } from '../../platform/errors.js';
import type { CreateOrderBody } from './schemas.js';

/** The seller's JSON as connector inputs: passengers, payment, extras, and the conflict key. */
const TYPE_ORDER = { adult: 0, child: 1, infant: 2 } as const;

/** Passenger ids follow the offer: adults, then children, then infants, PAX1 upwards. */
export function passengersOf(body: CreateOrderBody): PassengerInput[] {
  const list = (body.passengers ?? []).map((p, i) => ({ p, i, type: p.type ?? 'adult' }));
  list.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.i - b.i);
  return list.map(({ p, type }, n) => ({
    passengerId: `PAX${n + 1}`,
    type,
    givenName: p.given_name.trim(),
    familyName: p.family_name.trim(),
    bornOn: p.born_on,
    gender: p.gender ?? null,
    email: p.email ?? null,
    phone: p.phone ?? null,
  }));
}

export function paymentOf(body: { payment?: CreateOrderBody['payment'] }): PaymentInput | null {
  const p = body.payment;
  if (!p) return null;
  if (p.type === 'card') {
    if (!p.card) throw badRequest('payment.card is required when payment.type is card', 'invalid_request');
    return {
      type: 'card',
      card: {
        number: p.card.number,
        expiry: p.card.expiry,
        holderName: p.card.holder_name,
        securityCode: p.card.security_code ?? null,
      },
    };
  }
  return { type: p.type };
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
