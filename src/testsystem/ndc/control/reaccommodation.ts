// Re-accommodation, as an airline's operations do it when they cancel a flight: the passengers of
// each booking holding it move to the next flight on the same route with seats for all of them in
// the same cabin (searching up to a day after the cancelled departure), or else to the latest
// earlier flight of the same local day. A segment inside a connection must still connect. No such
// flight: the segment is cancelled with no alternative (the traveller is owed a refund).

import type { CabinCode } from '../network/aircraft.js';
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

/** The flight the passengers move to, or null when none within a day has seats for them all. */
export function alternativeFlight(
  deps: Pick<TestSystemDeps, 'schedule' | 'inventory'>,
  {
    cancelled,
    cabin,
    seats,
    around,
    excluded,
  }: { cancelled: DatedFlight; cabin: CabinCode; seats: number; around: Neighbours; excluded: ReadonlySet<string> },
): DatedFlight | null {
  const { origin, destination } = cancelled.pattern;
  const candidates = [cancelled.date, dayAfter(cancelled.date)]
    .flatMap((date) => deps.schedule.departures(origin, date))
    .filter((f) => f.pattern.destination === destination && f.key !== cancelled.key && !excluded.has(f.key))
    .filter((f) => deps.schedule.operates(f.key))
    .filter((f) => around.previousArrival === null || f.depUtc >= around.previousArrival + MIN_CONNECTION_MS)
    .filter((f) => around.nextDeparture === null || f.arrUtc + MIN_CONNECTION_MS <= around.nextDeparture)
    .filter((f) => (deps.inventory.cabin(f, cabin)?.remaining ?? 0) >= seats);
  const later = candidates
    .filter((f) => f.depUtc > cancelled.depUtc && f.depUtc <= cancelled.depUtc + SEARCH_WINDOW_MS)
    .sort((a, b) => a.depUtc - b.depUtc);
  if (later[0]) return later[0];
  const earlier = candidates
    .filter((f) => f.date === cancelled.date && f.depUtc < cancelled.depUtc)
    .sort((a, b) => b.depUtc - a.depUtc);
  return earlier[0] ?? null;
}
