// Re-accommodation, as an airline's operations do it when they cancel a flight: the passengers of
// each booking holding it move to the next flight on the same route with seats for all of them in
// the same cabin (searching up to a day after the cancelled departure), or else to the latest
// earlier flight of the same local day. With no such non-stop, a one-stop connection over one of
// the airline's connecting points (its hubs, partners' flights in its schedule) with seats for all,
// keeping the hub's minimum connecting time, arriving as early as possible (for a non-stop journey
// only: a flight inside a connection is not made two). A segment inside a connection must still
// connect. Neither: the segment is cancelled with no alternative (the
// traveller is owed a refund).

import type { CabinCode } from '../network/aircraft.js';
import { connects, reasonable } from '../network/connection-builder.js';
import type { DatedFlight } from '../network/schedule-service.js';
import type { TestSystemDeps } from '../test-system-deps.js';

/** How far after the cancelled departure an alternative is looked for. */
const SEARCH_WINDOW_MS = 24 * 60 * 60_000;
/** The least connection time kept between the alternative and its neighbouring segments. */
const MIN_CONNECTION_MS = 45 * 60_000;

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export interface Neighbours {
  /** Arrival (UTC ms) of the segment before in the same journey, if any. */
  previousArrival: number | null;
  /** Departure (UTC ms) of the segment after in the same journey, if any. */
  nextDeparture: number | null;
}

export interface Reaccommodation {
  cancelled: DatedFlight;
  cabin: CabinCode;
  seats: number;
  around: Neighbours;
  excluded: ReadonlySet<string>;
}

type Deps = Pick<TestSystemDeps, 'schedule' | 'inventory'>;

/** A flight the passengers could move to: it operates, is not the cancelled one, and has seats for them all in the cabin. */
const open = (deps: Deps, r: Reaccommodation) => (f: DatedFlight) =>
  f.key !== r.cancelled.key &&
  !r.excluded.has(f.key) &&
  deps.schedule.operates(f.key) &&
  (deps.inventory.cabin(f, r.cabin)?.remaining ?? 0) >= r.seats;

/** The flights of the cancelled one's local day and the next from an airport. */
const departuresAround = (deps: Deps, from: string, date: string) =>
  [date, dayAfter(date)].flatMap((d) => deps.schedule.departures(from, d));

/** The flight the passengers move to, or null when no same-route non-stop within a day has seats for them all. */
export function alternativeFlight(deps: Deps, r: Reaccommodation): DatedFlight | null {
  const { cancelled, around } = r;
  const { origin, destination } = cancelled.pattern;
  const candidates = departuresAround(deps, origin, cancelled.date)
    .filter((f) => f.pattern.destination === destination)
    .filter(open(deps, r))
    .filter((f) => around.previousArrival === null || f.depUtc >= around.previousArrival + MIN_CONNECTION_MS)
    .filter((f) => around.nextDeparture === null || f.arrUtc + MIN_CONNECTION_MS <= around.nextDeparture);
  const later = candidates
    .filter((f) => f.depUtc > cancelled.depUtc && f.depUtc <= cancelled.depUtc + SEARCH_WINDOW_MS)
    .sort((a, b) => a.depUtc - b.depUtc);
  if (later[0]) return later[0];
  const earlier = candidates
    .filter((f) => f.date === cancelled.date && f.depUtc < cancelled.depUtc)
    .sort((a, b) => b.depUtc - a.depUtc);
  return earlier[0] ?? null;
}

/**
 * The one-stop connection the passengers move to when no non-stop will do: over one of the airline's
 * connecting points, both flights with seats for them all in the cabin, the hub's minimum connecting
 * time kept (connection-builder.ts: 60 minutes unless the hub files its own, more across a border)
 * and no detour a search would not sell. The first flight leaves after the cancelled departure,
 * within a day; the one arriving first is taken. Else, as for a non-stop, the latest-leaving
 * connection of the same local day before it. Null when there is none, and for a flight that is
 * itself part of a connection (the journey sold would become three flights).
 */
export function alternativeConnection(deps: Deps, r: Reaccommodation): [DatedFlight, DatedFlight] | null {
  const { cancelled, around } = r;
  // A flight already inside a connection is not made two stops of three flights.
  if (around.previousArrival !== null || around.nextDeparture !== null) return null;
  const { origin, destination } = cancelled.pattern;
  const { network } = deps.schedule;
  const usable = open(deps, r);
  const connections = departuresAround(deps, origin, cancelled.date)
    .filter((first) => first.pattern.destination !== destination && network.connectPoints.includes(first.pattern.destination))
    .filter((first) => around.previousArrival === null || first.depUtc >= around.previousArrival + MIN_CONNECTION_MS)
    .filter(usable)
    .flatMap((first) =>
      departuresAround(deps, first.pattern.destination, first.arrLocal.slice(0, 10))
        .filter((second) => second.pattern.destination === destination && connects(network, first, second))
        .filter((second) => around.nextDeparture === null || second.arrUtc + MIN_CONNECTION_MS <= around.nextDeparture)
        .filter((second) => reasonable([first, second], cancelled.pattern.distanceKm))
        .filter(usable)
        .map((second): [DatedFlight, DatedFlight] => [first, second]),
    );
  const later = connections
    .filter(([first]) => first.depUtc > cancelled.depUtc && first.depUtc <= cancelled.depUtc + SEARCH_WINDOW_MS)
    .sort((a, b) => a[1].arrUtc - b[1].arrUtc || b[0].depUtc - a[0].depUtc);
  if (later[0]) return later[0];
  const earlier = connections
    .filter(([first]) => first.date === cancelled.date && first.depUtc < cancelled.depUtc)
    .sort((a, b) => b[0].depUtc - a[0].depUtc || a[1].arrUtc - b[1].arrUtc);
  return earlier[0] ?? null;
}
