// What stays of a booking when whole journeys of it are cancelled, re-priced as airlines do it: the
// journeys kept are fared on their own (a one-way left of a round trip costs a one-way fare), in the
// booking's brand and currency, as of the day it was ticketed. The refund is then the fare paid less
// that fare, not a share of the fare by distance.

import { joinJourneys, priceJourney, type Ptc } from '../fares/fare-pricing.js';
import type { TestSystemDeps } from '../test-system-deps.js';
import type { Booking } from './booking-record.js';

export type RemainingFareDeps = Pick<TestSystemDeps, 'profile' | 'inventory'>;

/** The segment indexes of each one-way trip of the booking, in order. */
function tripIndexes(b: Booking): number[][] {
  let first = 0;
  return b.journey.directions.map((count) => {
    const indexes = Array.from({ length: count }, (_, k) => first + k);
    first += count;
    return indexes;
  });
}

/**
 * The fare per passenger type of the journeys that stay once `removed` segments go, or null when
 * the removal is not of whole journeys, leaves none, or the kept flights no longer price in the
 * brand (sold out): the caller then prorates.
 */
export function remainingFare(deps: RemainingFareDeps, b: Booking, removed: number[], now: number): Map<Ptc, number> | null {
  const gone = new Set([...(b.cancelledSegments ?? []), ...removed]);
  const trips = tripIndexes(b);
  const staying = trips.filter((t) => t.every((i) => !gone.has(i)));
  const leaving = trips.filter((t) => t.every((i) => gone.has(i)));
  if (staying.length === 0 || staying.length + leaving.length !== trips.length) return null;
  const party: Record<Ptc, number> = { ADT: 0, CHD: 0, INF: 0 };
  for (const p of b.pax) party[p.ptc] += 1;
  const priced = staying.map((t) => {
    const legs = t.map((i) => b.journey.segments[i]!.flight);
    return priceJourney({
      profile: deps.profile,
      itinerary: { legs, elapsedMinutes: Math.round((legs.at(-1)!.arrUtc - legs[0]!.depUtc) / 60_000) },
      priceClass: b.journey.priceClass,
      party,
      inventory: deps.inventory,
      now: b.ticketedAt ?? now,
      currency: b.journey.currency,
    });
  });
  if (priced.some((p) => p === null)) return null;
  const kept = joinJourneys(deps.profile, priced as NonNullable<(typeof priced)[number]>[], false);
  return new Map(kept.perPtc.map((p) => [p.ptc, p.totalCents]));
}
