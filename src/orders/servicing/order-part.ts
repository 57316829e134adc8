import type { AirlineOrder } from '../../connectors/order-types.js';
import { badRequest, unprocessable } from '../../platform/errors.js';
import type { ErrorCodeAt } from '../../platform/http/error-codes.js';

/** What a partial cancellation asks for, checked against the order as the airline holds it now. */
export interface CheckedPart {
  /** Nothing of the order would remain: the whole order's cancellation. */
  whole: boolean;
  passengerIds: string[];
  segmentIds: string[];
}

const unique = (ids: string[] | undefined) => [...new Set(ids ?? [])];

const refuse = (code: ErrorCodeAt<422>, field: string, ids: string[], message: string) =>
  unprocessable(message, code, { field, [field]: ids });

/**
 * The rules a carrier enforces on cancelling part of an order, before any airline call:
 * - ids must be the order's own passengers and still-booked segments (422 naming the field and ids);
 * - some passengers on some segments only is refused: it would split the booking;
 * - a flown segment (coupon `F`) is not cancelled, nor a passenger who has flown one;
 * - an infant or a child is not left without an adult: refused, naming them (the caller adds them
 *   to `passenger_ids`; nobody is cancelled who was not named).
 * Every passenger, or every remaining segment, is the whole order.
 */
export function checkPart(view: AirlineOrder, passengerIds: string[] | undefined, segmentIds: string[] | undefined): CheckedPart {
  const pax = unique(passengerIds);
  const segs = unique(segmentIds);
  const known = new Set(view.passengers.map((p) => p.passengerId));
  const unknownPax = pax.filter((id) => !known.has(id));
  if (unknownPax.length > 0)
    throw refuse('unknown_passenger', 'passenger_ids', unknownPax, `passenger_ids: ${unknownPax.join(', ')} not in this order`);
  const unknownSegs = segs.filter((id) => !view.segments.some((s) => s.segmentId === id));
  if (unknownSegs.length > 0)
    throw refuse('unknown_segment', 'segment_ids', unknownSegs, `segment_ids: ${unknownSegs.join(', ')} not in this order`);
  const gone = segs.filter((id) => view.segments.some((s) => s.segmentId === id && s.status === 'cancelled'));
  if (gone.length > 0)
    throw refuse('segment_already_cancelled', 'segment_ids', gone, `segment_ids: ${gone.join(', ')} already cancelled`);
  const live = view.segments.filter((s) => s.status !== 'cancelled').map((s) => s.segmentId);
  const wholeByPax = pax.length > 0 && pax.length === known.size;
  const wholeBySeg = segs.length > 0 && live.every((id) => segs.includes(id));
  if (wholeByPax || wholeBySeg) return { whole: true, passengerIds: [...known], segmentIds: live };
  if (pax.length > 0 && segs.length > 0)
    throw unprocessable(
      'cancel whole passengers (passenger_ids) or whole segments (segment_ids), not some passengers on some segments: that splits the booking',
      'partial_cancellation_unsupported',
      { field: 'segment_ids' },
    );
  const flown = new Set(
    view.tickets
      .filter((t) => pax.length === 0 || pax.includes(t.passengerId))
      .flatMap((t) => t.coupons)
      .filter((c) => c.status === 'F' && c.segmentId && (pax.length > 0 || segs.includes(c.segmentId)))
      .map((c) => c.segmentId!),
  );
  if (flown.size > 0)
    throw refuse(
      'segment_flown',
      'segment_ids',
      [...flown],
      `segment_ids: ${[...flown].join(', ')} already flown; a flown segment cannot be cancelled`,
    );
  const staying = view.passengers.filter((p) => !pax.includes(p.passengerId));
  const adults = staying.filter((p) => p.type === 'adult').length;
  const infants = staying.filter((p) => p.type === 'infant').map((p) => p.passengerId);
  if (pax.length > 0 && infants.length > adults) {
    const left = infants.slice(adults);
    throw refuse(
      'infant_without_adult',
      'passenger_ids',
      left,
      `passenger_ids: cancelling ${pax.join(', ')} would leave infant ${left.join(', ')} without an adult; cancel ${left.join(', ')} too`,
    );
  }
  if (pax.length > 0 && adults === 0) {
    const left = staying.map((p) => p.passengerId);
    throw refuse(
      'minor_without_adult',
      'passenger_ids',
      left,
      `passenger_ids: cancelling ${pax.join(', ')} would leave ${left.join(', ')} without an adult; cancel them too`,
    );
  }
  return { whole: false, passengerIds: pax, segmentIds: segs };
}

/** The extras of the order named by id; unknown ids are a 422 naming them. */
export function checkExtraIds(view: AirlineOrder, ids: string[]): string[] {
  const wanted = unique(ids);
  const unknown = wanted.filter((id) => !view.extras.some((e) => e.extraId === id));
  if (unknown.length > 0)
    throw refuse('unknown_extra', 'remove_extra_ids', unknown, `remove_extra_ids: ${unknown.join(', ')} not in this order`);
  return wanted;
}

/** A field the action cannot use: a 400 naming it, never silently ignored. */
export function notUsedBy(action: string, body: object, fields: readonly string[]): void {
  const stray = fields.find((f) => (body as Record<string, unknown>)[f] !== undefined);
  if (stray) throw badRequest(`${stray} is not used by action ${action}`, 'field_not_used', { field: stray });
}
