// One segment of a booking replaced by a connection of two (a cancelled non-stop re-accommodated over
// a hub): everything that names a segment by its index moves, as applySlice (partial-reissue.ts)
// moves them for a reissue. The new flights keep the segment's cabin, booking class and fare basis;
// the ticket's coupon of the old segment stands for both; seats and services of the old segment stay
// with the first flight; the airline's change records of the old segment are kept for both.

import type { DatedFlight } from '../network/schedule-service.js';
import type { Booking } from './booking-record.js';

/** Puts `flights` in place of segment `index`; the inventory is the caller's (released and sold already). */
export function splitSegment(b: Booking, index: number, flights: readonly [DatedFlight, DatedFlight]): void {
  const old = b.journey.segments[index];
  if (!old) return;
  const added = flights.length - 1;
  const move = (i: number) => (i > index ? i + added : i);
  let start = 0;
  const directions = b.journey.directions.map((n) => {
    const holds = index >= start && index < start + n;
    start += n;
    return holds ? n + added : n;
  });
  b.journey = {
    ...b.journey,
    segments: [
      ...b.journey.segments.slice(0, index),
      ...flights.map((flight) => ({ ...old, flight })),
      ...b.journey.segments.slice(index + 1),
    ],
    directions,
  };
  if (b.cancelledSegments) b.cancelledSegments = b.cancelledSegments.map(move);
  b.items = b.items.map((item) => (item.segmentIndex === null ? item : { ...item, segmentIndex: move(item.segmentIndex) }));
  for (const t of b.tickets)
    if (t.segmentCoupons)
      t.segmentCoupons = Object.fromEntries(
        Object.entries(t.segmentCoupons).flatMap(([i, status]) =>
          Number(i) === index
            ? flights.map((_, k) => [String(index + k), status] as const)
            : [[String(move(Number(i))), status] as const],
        ),
      );
  b.involuntaryChanges = (b.involuntaryChanges ?? []).flatMap((c) =>
    c.segmentIndex === index
      ? flights.map((_, k) => ({ ...c, segmentIndex: index + k }))
      : [{ ...c, segmentIndex: move(c.segmentIndex) }],
  );
  // Quotes name segments by index and price the old itinerary: none survives the change.
  b.quotes.clear();
}
