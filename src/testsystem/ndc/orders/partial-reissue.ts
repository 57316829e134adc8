// Changing one journey (PaxJourney, one way of a round trip) of a booking, as AA exchanges it:
// 21.3 OrderReshop ServiceOrder with AddOfferItems (the new flights' criteria) and DeleteOrderItem
// per flight item, RetainServiceID naming the services of the journeys that stay. The reshop
// offer replaces that journey only; the fare difference is the new journey's fare against the old
// journey's share of the fare paid (straight-rate prorate by distance, as partial cancellation
// values a segment), per passenger, plus the change fee of the price class per seated passenger.

import type { AirlineProfile } from '../airline-profile.js';
import type { PricedJourney, PtcPrice } from '../fares/fare-pricing.js';
import type { NdcErrorSpec } from '../wire/ndc-errors.js';
import type { Booking, SliceReplace } from './booking-record.js';
import { distanceOf, flightServiceId, type Deletion } from './partial-cancellation.js';
import type { DeletedItem } from './reshop-builder.js';

/** The journey a reshop replaces: its place in journey.segments, as the booking stood (version). */
/** Where each one-way trip of the journey starts and how many segments it has. */
export function tripRanges(journey: Pick<PricedJourney, 'directions'>): { first: number; count: number }[] {
  let first = 0;
  return journey.directions.map((count) => {
    const range = { first, count };
    first += count;
    return range;
  });
}

const activeIndexes = (b: Booking) => b.journey.segments.map((_, i) => i).filter((i) => !b.cancelledSegments?.includes(i));

/**
 * What the DeleteOrderItems of a reshop replace: everything (no service retained: the whole
 * itinerary, as before), one whole journey, or the airline's refusal: services of some passengers only, part
 * of a journey (a connection is changed whole), several journeys but not all, a flown journey.
 */
export function replacedSlice(
  profile: AirlineProfile,
  b: Booking,
  deletions: Deletion[],
  now: number,
): 'all' | SliceReplace | NdcErrorSpec {
  const errors = profile.errors;
  const active = activeIndexes(b);
  const pairs = new Set<string>();
  for (const d of deletions) {
    const item = b.items.find((i) => i.itemId === d.itemId);
    if (!item) return errors.badRequest(`Order item ${d.itemId} is not part of order ${b.orderId}`, 'OrderItemRefID');
    if (item.kind !== 'flight') return errors.badRequest(`Order item ${d.itemId} is not a flight`, 'OrderItemRefID');
    for (const i of active)
      for (const pax of item.paxIds) if (!d.retain.includes(flightServiceId(item, i, pax))) pairs.add(`${pax}|${i}`);
  }
  const everyone = b.passengers.map((p) => p.id);
  const segments = active.filter((i) => everyone.every((p) => pairs.has(`${p}|${i}`)));
  if (segments.length === 0 || segments.length * everyone.length !== pairs.size)
    return errors.badRequest('A reissue changes whole journeys for every passenger', 'RetainServiceID');
  const ranges = tripRanges(b.journey);
  const touched = ranges
    .map((r, trip) => ({ ...r, trip }))
    .filter((r) => segments.some((i) => i >= r.first && i < r.first + r.count));
  for (const r of touched) {
    const missing = active.filter((i) => i >= r.first && i < r.first + r.count && !segments.includes(i));
    if (missing.length > 0)
      return errors.badRequest(
        `Segment ${b.journey.segments[missing[0]!]!.flight.key} is part of the journey being changed: a journey is reissued whole`,
        'RetainServiceID',
      );
    // A journey flown or partly flown is not exchanged: its coupons are used in order.
    const left = active.find((i) => i >= r.first && i < r.first + r.count && b.journey.segments[i]!.flight.depUtc <= now);
    if (left !== undefined)
      return errors.badRequest(
        `Segment ${b.journey.segments[left]!.flight.key} has been flown and cannot be changed`,
        'OrderItemRefID',
      );
  }
  if (segments.length === active.length) return 'all';
  if (touched.length > 1)
    return errors.badRequest('One journey is reissued per request, or the whole itinerary', 'OriginDestCriteria');
  const r = touched[0]!;
  return { trip: r.trip, first: r.first, count: r.count, version: b.version };
}

/** The flights a new journey must fit between: the journeys before and after it. */
export function fitsBetween(b: Booking, s: SliceReplace, flights: Pick<PricedJourney, 'segments'>): boolean {
  const before = b.journey.segments[s.first - 1]?.flight;
  const after = b.journey.segments[s.first + s.count]?.flight;
  const first = flights.segments[0]!.flight;
  const last = flights.segments.at(-1)!.flight;
  return (!before || first.depUtc > before.arrUtc) && (!after || last.arrUtc < after.depUtc);
}

/** The share of the booking's live flown distance the journey replaced makes up. */
function shareOf(profile: AirlineProfile, b: Booking, s: SliceReplace): number {
  const active = activeIndexes(b);
  const total = active.reduce((sum, i) => sum + distanceOf(profile, b, i), 0);
  const replaced = active
    .filter((i) => i >= s.first && i < s.first + s.count)
    .reduce((sum, i) => sum + distanceOf(profile, b, i), 0);
  return total > 0 ? replaced / total : 0;
}

export interface SlicePrice {
  /** The whole journey once the slice is replaced: kept journeys and the new flights in their place. */
  journey: PricedJourney;
  /** Each flight item's price after the change, by item id. */
  itemCents: Record<string, number>;
  /** New flight total minus old, summed over the passengers (before the change fee). */
  diffCents: number;
  newCents: number;
}

/**
 * Prices replacing the slice with `slice` (a one-way journey of the same price class): per flight
 * item (one per passenger type), its fare loses the old journey's share and gains the new journey's
 * fare for its passengers.
 */
export function priceSlice(profile: AirlineProfile, b: Booking, s: SliceReplace, slice: PricedJourney): SlicePrice {
  const share = shareOf(profile, b, s);
  const itemCents: Record<string, number> = {};
  let diffCents = 0;
  let newCents = 0;
  for (const item of b.items.filter((i) => i.kind === 'flight')) {
    const ptc = b.pax.find((p) => p.id === item.paxIds[0])?.ptc;
    const fare = (slice.perPtc.find((p) => p.ptc === ptc)?.totalCents ?? 0) * item.paxIds.length;
    const cents = item.cents - Math.round(item.cents * share) + fare;
    itemCents[item.itemId] = cents;
    diffCents += cents - item.cents;
    newCents += cents;
  }
  const segments = [...b.journey.segments.slice(0, s.first), ...slice.segments, ...b.journey.segments.slice(s.first + s.count)];
  const directions = b.journey.directions.map((n, i) => (i === s.trip ? slice.segments.length : n));
  const perPtc = b.journey.perPtc.map((old): PtcPrice => {
    const add = slice.perPtc.find((p) => p.ptc === old.ptc);
    const keep = (c: number) => Math.round(c * (1 - share));
    const baseCents = keep(old.baseCents) + (add?.baseCents ?? 0);
    const taxCents = keep(old.taxCents) + (add?.taxCents ?? 0);
    return { ...old, baseCents, taxCents, totalCents: baseCents + taxCents };
  });
  const journey: PricedJourney = {
    ...b.journey,
    segments,
    directions,
    perPtc,
    totalCents: perPtc.reduce((sum, p) => sum + p.totalCents * p.count, 0),
    international: b.journey.international || slice.international,
  };
  return { journey, itemCents, diffCents, newCents };
}

/** The services a slice change takes off: every passenger's on the old journey's live segments. */
export function replacedServices(b: Booking, s: SliceReplace): DeletedItem[] {
  const gone = activeIndexes(b).filter((i) => i >= s.first && i < s.first + s.count);
  return b.items
    .filter((i) => i.kind === 'flight')
    .map((item) => ({
      itemId: item.itemId,
      serviceIds: gone.flatMap((i) => item.paxIds.map((p) => flightServiceId(item, i, p))),
    }));
}

/**
 * Where a segment index of the booking lands once the slice is replaced by `newCount` segments:
 * the same before it, shifted after it, null for the replaced journey's own segments.
 */
export function remapIndex(s: SliceReplace, newCount: number): (i: number) => number | null {
  return (i) => (i < s.first ? i : i >= s.first + s.count ? i + newCount - s.count : null);
}

/**
 * Puts the new journey in the booking once inventory is sold: flight items repriced and renamed
 * (their services are new), seats and per-segment services of the old journey dropped, those of the
 * journeys kept moved to their new segment index, as are segments cancelled on their own.
 */
export function applySlice(
  b: Booking,
  replace: SliceReplace & { itemCents: Record<string, number> },
  journey: PricedJourney,
): void {
  const newCount = journey.directions[replace.trip] ?? replace.count;
  const move = remapIndex(replace, newCount);
  const cancelled = (b.cancelledSegments ?? []).map(move).filter((i): i is number => i !== null);
  b.journey = journey;
  if (cancelled.length > 0) b.cancelledSegments = cancelled;
  else delete b.cancelledSegments;
  let n = 0;
  b.items = b.items.flatMap((item) => {
    if (item.kind === 'flight')
      return [{ ...item, itemId: `${b.orderId}-R${b.version}-${++n}`, cents: replace.itemCents[item.itemId] ?? item.cents }];
    if (item.segmentIndex === null) return [item];
    const to = move(item.segmentIndex);
    return to === null ? [] : [{ ...item, segmentIndex: to }];
  });
  // Coupons of segments cancelled alone keep their status on the journeys kept.
  for (const t of b.tickets)
    if (t.segmentCoupons) {
      const kept = Object.entries(t.segmentCoupons).flatMap(([i, status]) => {
        const to = move(Number(i));
        return to === null ? [] : [[String(to), status] as const];
      });
      t.segmentCoupons = kept.length > 0 ? Object.fromEntries(kept) : undefined;
      if (!t.segmentCoupons) delete t.segmentCoupons;
    }
}
