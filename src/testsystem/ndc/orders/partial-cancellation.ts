// Cancelling part of a booking (21.3: OrderReshop ServiceOrder/DeleteOrderItem, RetainServiceID for
// the services of a flight item that stay, accepted by OrderChange AcceptCancelledOffer). A part is
// whole passengers (on every remaining segment), whole segments (for every passenger) and/or seat
// and service items. The rules: a flown segment is not cancelled, an infant does not stay without
// an adult, nor a child without one (AA books unaccompanied minors only by phone).

import type { AirlineProfile } from '../airline-profile.js';
import { greatCircleKm } from '../network/geo-time.js';
import type { NdcErrorSpec } from '../wire/ndc-errors.js';
import { activeSegments, releaseJourney, seatedPax, type BookedItem, type Booking } from './booking-record.js';
import { fareShare, termsForValue, withEmds, type CancellationTerms } from './cancellation-terms.js';
import { emdCents, emdTerms, openEmds, settleEmds, type EmdOutcome } from './emd-record.js';
import { remainingFare, type RemainingFareDeps } from './remaining-fare.js';
import { creditsOnCancel, mergeCredits } from './trip-credit.js';

export interface Removal {
  paxIds: string[];
  segmentIndexes: number[];
  /** Seat and service items taken off, named or following their passenger or segment. */
  itemIds: string[];
}

/** One DeleteOrderItem of the request: an order item, and the services of it that stay. */
export interface Deletion {
  itemId: string;
  retain: string[];
}

/** The flight service id of one passenger on one segment, as the order view names it. */
export const flightServiceId = (item: BookedItem, segmentIndex: number, paxId: string) =>
  `${item.itemId}-S${segmentIndex + 1}-${paxId}`;

const activeIndexes = (b: Booking) => b.journey.segments.map((_, i) => i).filter((i) => !b.cancelledSegments?.includes(i));

/** Reads the deletions as whole passengers, whole segments and extras, or the airline's refusal. */
export function removalOf(profile: AirlineProfile, b: Booking, deletions: Deletion[], now: number): Removal | NdcErrorSpec {
  const errors = profile.errors;
  const active = activeIndexes(b);
  const pairs = new Set<string>();
  const itemIds: string[] = [];
  for (const d of deletions) {
    const item = b.items.find((i) => i.itemId === d.itemId);
    if (!item) return errors.badRequest(`Order item ${d.itemId} is not part of order ${b.orderId}`, 'OrderItemRefID');
    if (item.kind !== 'flight') {
      itemIds.push(item.itemId);
      continue;
    }
    for (const i of active)
      for (const pax of item.paxIds) if (!d.retain.includes(flightServiceId(item, i, pax))) pairs.add(`${pax}|${i}`);
  }
  if (pairs.size === 0 && itemIds.length === 0)
    return errors.badRequest('DeleteOrderItem names nothing to cancel', 'DeleteOrderItem');
  const everyone = b.passengers.map((p) => p.id);
  const paxIds = everyone.filter((p) => active.every((i) => pairs.has(`${p}|${i}`)));
  const segmentIndexes = active.filter((i) => everyone.every((p) => pairs.has(`${p}|${i}`)));
  const byPax = paxIds.length * active.length === pairs.size;
  const bySegment = segmentIndexes.length * everyone.length === pairs.size;
  if (!byPax && !bySegment)
    return errors.badRequest('A partial cancellation takes whole passengers or whole segments', 'RetainServiceID');
  const removal: Removal = {
    paxIds: byPax ? paxIds : [],
    segmentIndexes: byPax && paxIds.length < everyone.length ? [] : segmentIndexes,
    itemIds,
  };
  const refusal = removalRefusal(profile, b, removal, now);
  if (refusal) return refusal;
  // Extras follow their passenger or segment off the booking.
  for (const item of b.items)
    if (
      item.kind !== 'flight' &&
      !removal.itemIds.includes(item.itemId) &&
      (removal.paxIds.includes(item.paxIds[0] ?? '') ||
        (item.segmentIndex !== null && removal.segmentIndexes.includes(item.segmentIndex)))
    )
      removal.itemIds.push(item.itemId);
  return removal;
}

/** The refusal of a removal: a flown segment, an infant or a child left without an adult. */
export function removalRefusal(profile: AirlineProfile, b: Booking, removal: Removal, now: number): NdcErrorSpec | null {
  const errors = profile.errors;
  const touched = removal.paxIds.length > 0 ? activeIndexes(b) : removal.segmentIndexes;
  for (const i of touched) {
    const flight = b.journey.segments[i]?.flight;
    if (!flight) return errors.badRequest(`Segment ${i + 1} is not part of order ${b.orderId}`, 'OrderItemRefID');
    if (flight.depUtc <= now)
      return errors.badRequest(`Segment ${flight.key} has been flown and cannot be cancelled`, 'OrderItemRefID');
  }
  for (const id of removal.itemIds)
    if (!b.items.some((i) => i.itemId === id))
      return errors.badRequest(`Order item ${id} is not part of order ${b.orderId}`, 'OrderItemRefID');
  const staying = b.passengers.filter((p) => !removal.paxIds.includes(p.id));
  const adults = staying.filter((p) => p.ptc === 'ADT').length;
  const infants = staying.filter((p) => p.ptc === 'INF');
  if (staying.length > 0 && infants.length > adults)
    return errors.badRequest(`Infant ${infants.at(-1)!.id} cannot travel without an adult`, 'PaxRefID');
  if (staying.length > 0 && adults === 0)
    return errors.badRequest(`Passenger ${staying[0]!.id} cannot travel without an adult`, 'PaxRefID');
  return null;
}

/** Whether the removal leaves nothing booked: then it is the whole order's cancellation. */
export function removesEverything(b: Booking, r: Removal): boolean {
  return r.paxIds.length === b.passengers.length || r.segmentIndexes.length === activeIndexes(b).length;
}

/** A segment's great-circle length: the weight of its share of a fare (prorate). */
export const distanceOf = (profile: AirlineProfile, b: Booking, i: number): number => {
  const p = b.journey.segments[i]!.flight.pattern;
  const from = profile.network.airports.get(p.origin);
  const to = profile.network.airports.get(p.destination);
  return from && to ? Math.max(1, greatCircleKm(from.lat, from.lon, to.lat, to.lon)) : 1;
};

/**
 * What each flight item loses: a passenger's share of it; for whole journeys taken off, the fare
 * paid less the fare of the journeys that stay, re-priced on their own as of the ticketing day
 * (remaining-fare.ts: a one-way left of a round trip costs a one-way fare, never "half"); else
 * (part of a journey, or nothing to price it by) the segments' share by distance (IATA's
 * straight-rate prorate, without the tables of mileages).
 */
export function flightCuts(deps: RemainingFareDeps, b: Booking, r: Removal, now: number): Map<string, number> {
  const { profile } = deps;
  const cuts = new Map<string, number>();
  const active = activeIndexes(b);
  const total = active.reduce((s, i) => s + distanceOf(profile, b, i), 0);
  const removed = r.segmentIndexes.reduce((s, i) => s + distanceOf(profile, b, i), 0);
  const remaining = r.segmentIndexes.length > 0 ? remainingFare(deps, b, r.segmentIndexes, now) : null;
  for (const item of b.items.filter((i) => i.kind === 'flight')) {
    const leaving = item.paxIds.filter((p) => r.paxIds.includes(p)).length;
    const ptc = b.pax.find((p) => p.id === item.paxIds[0])?.ptc;
    const kept = remaining?.get(ptc ?? 'ADT');
    const cut =
      leaving > 0
        ? Math.round((item.cents / item.paxIds.length) * leaving)
        : kept !== undefined
          ? Math.max(0, item.cents - kept * item.paxIds.length)
          : Math.round((item.cents * removed) / total);
    if (cut > 0) cuts.set(item.itemId, cut);
  }
  return cuts;
}

/**
 * Refund, trip credit and penalty of the part, by the fare rules of its price class; the paid seats
 * and services it takes off go by their EMDs' own rule (emd-record.ts); `cuts` for the quote.
 */
export function partialTerms(
  deps: RemainingFareDeps,
  b: Booking,
  r: Removal,
  now: number,
): CancellationTerms & { emds: EmdOutcome[]; cuts: Record<string, number> } {
  const { profile } = deps;
  const cuts = flightCuts(deps, b, r, now);
  let value = 0;
  let base = 0;
  for (const [itemId, cut] of cuts) {
    const item = b.items.find((i) => i.itemId === itemId)!;
    const pax = item.paxIds.find((p) => r.paxIds.includes(p)) ?? item.paxIds[0];
    value += cut;
    base += fareShare(b, pax, cut);
  }
  const emds = openEmds(b, r.itemIds);
  for (const item of b.items) if (r.itemIds.includes(item.itemId)) value += item.cents;
  value -= emdCents(emds);
  // Whole passengers take their own seats off; whole segments every seated passenger's.
  const seated = r.paxIds.length > 0 ? b.passengers.filter((p) => r.paxIds.includes(p.id) && p.ptc !== 'INF').length : 0;
  const bySegment = r.segmentIndexes.length > 0 ? seatedPax(b).length : 0;
  const fare = termsForValue(profile, b, { valueCents: value, baseCents: base, seated: Math.max(seated, bySegment) }, now);
  return { ...withEmds(fare, emdTerms(profile, b, emds, now)), cuts: Object.fromEntries(cuts) };
}

/** Takes the part off the booking: items, passengers and their tickets, seats back to inventory. */
export function applyRemoval(
  deps: RemainingFareDeps,
  b: Booking,
  r: Removal & { cuts?: Record<string, number> },
  { terms, now }: { terms: CancellationTerms & { emds?: EmdOutcome[] }; now: number },
): void {
  const { inventory } = deps;
  settleEmds(b, terms.emds);
  // What was quoted is what is taken off.
  const cuts = r.cuts ? new Map(Object.entries(r.cuts)) : flightCuts(deps, b, r, now);
  // A fare that cancels to credit keeps the part's value on the tickets it came from (trip-credit.ts):
  // a passenger's own ticket when passengers go (the airline keeps it, with its coupons open, under
  // that ticket number), else the tickets that stay, by the value each paid.
  if (terms.creditCents > 0) {
    const leaving = b.tickets.filter((t) => r.paxIds.includes(t.paxId));
    const credited =
      leaving.length > 0 ? creditsOnCancel({ ...b, tickets: leaving }, terms.creditCents) : creditsOnCancel(b, terms.creditCents);
    b.credits = mergeCredits(b.credits ?? [], credited);
  }
  const removedValue = terms.refundCents + terms.creditCents + terms.penaltyCents;
  const leavingSeated = b.passengers.filter((p) => r.paxIds.includes(p.id) && p.ptc !== 'INF').length;
  if (leavingSeated > 0) releaseJourney(inventory, { segments: activeSegments(b) }, leavingSeated);
  if (r.segmentIndexes.length > 0)
    releaseJourney(inventory, { segments: r.segmentIndexes.map((i) => b.journey.segments[i]!) }, seatedPax(b).length);
  b.items = b.items
    .filter((i) => !r.itemIds.includes(i.itemId))
    .map((i) =>
      i.kind === 'flight'
        ? { ...i, paxIds: i.paxIds.filter((p) => !r.paxIds.includes(p)), cents: i.cents - (cuts.get(i.itemId) ?? 0) }
        : i,
    )
    .filter((i) => i.paxIds.length > 0);
  b.passengers = b.passengers.filter((p) => !r.paxIds.includes(p.id));
  b.pax = b.pax.filter((p) => !r.paxIds.includes(p.id));
  b.tickets = b.tickets.filter((t) => !r.paxIds.includes(t.paxId));
  if (b.emds) b.emds = b.emds.filter((e) => !r.paxIds.includes(e.paxId));
  if (r.segmentIndexes.length > 0) {
    b.cancelledSegments = [...(b.cancelledSegments ?? []), ...r.segmentIndexes].sort((x, y) => x - y);
    // Cash back refunds the coupons; a trip credit keeps them open (their value is the credit); a
    // forfeited fare leaves them void.
    const coupon = terms.refundCents > 0 ? 'RF' : terms.creditCents > 0 ? 'I' : 'V';
    for (const t of b.tickets) for (const i of r.segmentIndexes) t.segmentCoupons = { ...t.segmentCoupons, [i]: coupon };
  }
  b.ticketNumbers = b.tickets.map((t) => t.number);
  b.removedCents = (b.removedCents ?? 0) + removedValue;
  b.refundedCents += terms.refundCents;
  b.version++;
}
