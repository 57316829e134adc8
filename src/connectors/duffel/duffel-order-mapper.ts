import type { Money } from '../connector-types.js';
import type { AirlineOrder, OrderCredit, OrderExtra, OrderSegment } from '../order-types.js';
import type { DuffelCancellationCredit, DuffelOrder } from './duffel-api.js';
import { serviceName } from './duffel-extras-mapper.js';
import { money, passengerTypeOf, segmentOf } from './duffel-offer-mapper.js';

/** The order's metadata key holding our passenger ids against Duffel's (`PAX1=pas_...,PAX2=pas_...`). */
export const PASSENGERS_KEY = 'gateway_passengers';
/** The order's metadata key holding the seller reference (the gateway's order id). */
export const REFERENCE_KEY = 'gateway_reference';

/** Our passenger ids keyed by Duffel's, from the order's metadata (empty: Duffel's own ids are used). */
export function passengerIdsOf(order: Pick<DuffelOrder, 'metadata'>): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (order.metadata?.[PASSENGERS_KEY] ?? '').split(',')) {
    const [ours, theirs] = pair.split('=');
    if (ours && theirs) map.set(theirs, ours);
  }
  return map;
}

/** Duffel's passenger id for one of ours (the reverse of passengerIdsOf); the id itself when unmapped. */
export function duffelPassengerId(order: Pick<DuffelOrder, 'metadata'>, ours: string): string {
  for (const [theirs, mine] of passengerIdsOf(order)) if (mine === ours) return theirs;
  return ours;
}

const REFUND_AS_CREDIT = new Set(['airline_credits', 'voucher']);

/**
 * The airline credits the order's cancellation left, when it refunded as credits (or a voucher)
 * rather than cash (a cash refund's credits list is not value the passenger also keeps): each on
 * the passenger's e-ticket, until Duffel's `expires_at`; `used` once Duffel says it was spent.
 */
const creditsOf = (order: DuffelOrder, ids: Map<string, string>): OrderCredit[] =>
  (order.cancellation && REFUND_AS_CREDIT.has(order.cancellation.refund_to)
    ? (order.cancellation.airline_credits ?? [])
    : []
  ).flatMap((c: DuffelCancellationCredit) => {
    const amount = money(c.credit_amount, c.credit_currency);
    const ticket = (order.documents ?? []).find(
      (d) => d.type === 'electronic_ticket' && d.passenger_ids.includes(c.passenger_id),
    );
    return amount
      ? [
          {
            passengerId: ids.get(c.passenger_id) ?? c.passenger_id,
            ticketNumber: ticket?.unique_identifier ?? null,
            amount,
            issuedOn: c.issued_on ?? null,
            expiresAt: c.expires_at ?? null,
            status: c.spent_at ? ('used' as const) : ('available' as const),
          },
        ]
      : [];
  });

/**
 * A Duffel order as our AirlineOrder: `owner` is the owner airline, the PNR its booking reference,
 * a hold while Duffel awaits payment; cancelled (or refunded when cash went back) once Duffel's
 * cancellation is confirmed. Slices are the flight items (what change requests remove); tickets
 * are Duffel's electronic ticket documents; seats and bags booked are the extras.
 */
export function airlineOrderOf(order: DuffelOrder): AirlineOrder | null {
  const total = money(order.total_amount, order.total_currency);
  if (!total) return null;
  const ids = passengerIdsOf(order);
  const ours = (id: string) => ids.get(id) ?? id;
  const cancelled = Boolean(order.cancelled_at);
  const cancellation = order.cancellation ?? null;
  const refund =
    cancellation && !REFUND_AS_CREDIT.has(cancellation.refund_to)
      ? money(cancellation.refund_amount, cancellation.refund_currency)
      : null;
  const credits = cancelled ? creditsOf(order, ids) : [];
  const segments: OrderSegment[] = order.slices.flatMap((slice) =>
    slice.segments.map((s) => ({ ...segmentOf(s), status: cancelled ? ('cancelled' as const) : ('confirmed' as const) })),
  );
  const segmentBrands: Record<string, { name: string | null; code: string | null }> = {};
  for (const slice of order.slices) {
    if (!slice.fare_brand_name) continue;
    for (const s of slice.segments) segmentBrands[s.id] = { name: slice.fare_brand_name, code: null };
  }
  const extras: OrderExtra[] = (order.services ?? []).map((service) => {
    const seat = service.type === 'seat' && service.metadata && 'designator' in service.metadata ? service.metadata : null;
    return {
      extraId: service.id,
      kind: service.type === 'seat' ? 'seat' : 'service',
      passengerId: ours(service.passenger_ids[0] ?? ''),
      segmentId: service.segment_ids[0] ?? null,
      designator: seat?.designator ?? null,
      name: seat
        ? `Seat ${seat.designator}`
        : service.quantity > 1
          ? `${service.quantity} × ${serviceName(service)}`
          : serviceName(service),
      price: money(service.total_amount, service.total_currency),
    };
  });
  const pending = (order.airline_initiated_changes ?? []).filter((c) => c.action_taken === null);
  const notices = pending.map(
    (c) =>
      `Airline-initiated change ${c.id}: ${c.removed.flatMap((s) => s.segments.map((x) => x.id)).join(', ') || 'no flight'} replaced by ` +
      `${c.added.flatMap((s) => s.segments.map((x) => `${x.marketing_carrier.iata_code}${x.marketing_carrier_flight_number} ${x.departing_at}`)).join(', ') || 'nothing'}`,
  );
  const awaiting = order.payment_status?.awaiting_payment ?? false;
  const result: AirlineOrder = {
    airlineOrderId: order.id,
    owner: order.owner.iata_code ?? '',
    pnr: order.booking_reference,
    status: cancelled ? (refund && refund.amountMinor > 0 ? 'refunded' : 'cancelled') : awaiting ? 'hold' : 'ticketed',
    total,
    paymentDeadline: awaiting ? (order.payment_status.payment_required_by ?? null) : null,
    passengers: order.passengers.map((p) => ({
      passengerId: ours(p.id),
      type: passengerTypeOf(p.type),
      givenName: p.given_name,
      familyName: p.family_name,
      bornOn: p.born_on ?? null,
    })),
    segments,
    // E-tickets, and the EMDs Duffel issues for services bought after booking.
    tickets: (order.documents ?? [])
      .filter((d) => d.type === 'electronic_ticket' || d.type.startsWith('electronic_miscellaneous_document'))
      .flatMap((d) =>
        d.passenger_ids.map((pid) => ({
          ticketNumber: d.unique_identifier,
          passengerId: ours(pid),
          ...(d.type === 'electronic_ticket'
            ? { kind: 'ticket' as const }
            : {
                kind: 'emd' as const,
                // Duffel's document types name the EMD kind: associated (J) or standalone (Y).
                emd: { typeCode: d.type.endsWith('_standalone') ? 'Y' : 'J', amount: null, ticketNumber: null },
              }),
          coupons: [],
        })),
      ),
    extras,
    notices,
    flightItemIds: order.slices.map((s) => s.id),
  };
  if (refund && refund.amountMinor > 0) result.refund = refund;
  if (Object.keys(segmentBrands).length > 0) result.segmentBrands = segmentBrands;
  if (credits.length > 0) result.credits = credits;
  return result;
}

/** The sum of the cancellation's airline credits, in the refund's currency or the order's. */
export function creditTotal(credits: { credit_amount: string; credit_currency: string }[], fallback: string): Money {
  let amountMinor = 0;
  let currency = fallback;
  for (const c of credits) {
    const m = money(c.credit_amount, c.credit_currency);
    if (m) {
      amountMinor += m.amountMinor;
      currency = m.currency;
    }
  }
  return { amountMinor, currency };
}
