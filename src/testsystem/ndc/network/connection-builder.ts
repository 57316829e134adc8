// Itineraries from an origin to a destination on a local departure date: non-stops, then one- and
// two-stop connections over the airline's connecting points (hubs, partner gateways) that respect
// minimum connecting times.

import type { AirlineNetwork } from './airline-network.js';
import { addDays, greatCircleKm } from './geo-time.js';
import type { DatedFlight, ScheduleService } from './schedule-service.js';

export interface Itinerary {
  legs: DatedFlight[];
  elapsedMinutes: number;
}

// Itineraries per search: with AA's trunk frequencies a busy pair has more than this on its own,
// and an answer prices every brand of each (about six offers an itinerary).
const MAX_RESULTS = 14;
const US = new Set(['US', 'PR', 'VI']);
/** Minutes added to the minimum connecting time when the connection crosses a border. */
export const INTERNATIONAL_CONNECT_EXTRA = 30;
export const MAX_CONNECT_MINUTES = 6 * 60;
export const MAX_CONNECT_LONG_HAUL_MINUTES = 9 * 60;

function minConnect(network: AirlineNetwork, arriving: DatedFlight, departing: DatedFlight): number {
  const at = arriving.pattern.destination;
  const base = network.minConnectMinutes[at] ?? 60;
  const from = network.airports.get(arriving.pattern.origin);
  const to = network.airports.get(departing.pattern.destination);
  const here = network.airports.get(at);
  // Arriving into the US from abroad means immigration and customs before the onward flight.
  const crossesBorder = from && to && here && (US.has(here.country) ? !US.has(from.country) : from.country !== to.country);
  return base + (crossesBorder ? INTERNATIONAL_CONNECT_EXTRA : 0);
}

/** Whether the onward flight keeps the connecting point's minimum connecting time, and no more than the longest wait sold. */
export function connects(network: AirlineNetwork, arriving: DatedFlight, departing: DatedFlight): boolean {
  const gap = (departing.depUtc - arriving.arrUtc) / 60000;
  const longHaul = arriving.pattern.distanceKm > 4500 || departing.pattern.distanceKm > 4500;
  return (
    gap >= minConnect(network, arriving, departing) && gap <= (longHaul ? MAX_CONNECT_LONG_HAUL_MINUTES : MAX_CONNECT_MINUTES)
  );
}

function directKm(network: AirlineNetwork, origin: string, destination: string): number {
  const a = network.airports.get(origin);
  const b = network.airports.get(destination);
  return a && b ? greatCircleKm(a.lat, a.lon, b.lat, b.lon) : 0;
}

/** Rejects backtracking: a connection may fly at most 60% (plus 600 km) further than the straight line. */
export function reasonable(legs: DatedFlight[], direct: number): boolean {
  const flown = legs.reduce((sum, leg) => sum + leg.pattern.distanceKm, 0);
  const airports = new Set([legs[0]?.pattern.origin, ...legs.map((l) => l.pattern.destination)]);
  return airports.size === legs.length + 1 && flown <= direct * 1.6 + 600;
}

export function buildItineraries(schedule: ScheduleService, origin: string, destination: string, date: string): Itinerary[] {
  const { network } = schedule;
  const connectPoints = network.connectPoints;
  const direct = directKm(network, origin, destination);
  const firstLegs = schedule.departures(origin, date);
  const onwardCache = new Map<string, DatedFlight[]>();
  // Departures from `from` on the arrival day and the next, only those to `to` when it is given: a
  // one-stop needs just the flights into the destination, which keeps a search cheap on busy hubs.
  const onward = (from: string, arriving: DatedFlight, to?: string): DatedFlight[] => {
    const arrivalDate = arriving.arrLocal.slice(0, 10);
    const dates = [arrivalDate, addDays(arrivalDate, 1)];
    return dates.flatMap((d) => {
      const cacheKey = `${from}|${d}|${to ?? ''}`;
      let list = onwardCache.get(cacheKey);
      if (!list) {
        list = schedule.departures(from, d);
        if (to !== undefined) list = list.filter((f) => f.pattern.destination === to);
        onwardCache.set(cacheKey, list);
      }
      return list.filter((f) => connects(network, arriving, f));
    });
  };

  const results: DatedFlight[][] = firstLegs.filter((f) => f.pattern.destination === destination).map((f) => [f]);
  const oneStops: DatedFlight[][] = [];
  for (const first of firstLegs) {
    const via = first.pattern.destination;
    if (via === destination || !connectPoints.includes(via)) continue;
    for (const second of onward(via, first, destination)) oneStops.push([first, second]);
  }
  results.push(...oneStops.filter((legs) => reasonable(legs, direct)));
  if (results.length < 6) {
    for (const first of firstLegs) {
      const via1 = first.pattern.destination;
      if (via1 === destination || !connectPoints.includes(via1)) continue;
      for (const second of onward(via1, first)) {
        const via2 = second.pattern.destination;
        if (via2 === destination || via2 === origin || !connectPoints.includes(via2)) continue;
        for (const third of onward(via2, second, destination)) {
          const legs = [first, second, third];
          if (reasonable(legs, direct)) results.push(legs);
        }
      }
    }
  }
  const itineraries = results.map((legs) => ({
    legs,
    elapsedMinutes: Math.round(((legs.at(-1) as DatedFlight).arrUtc - (legs[0] as DatedFlight).depUtc) / 60000),
  }));
  // Non-stops first, then by stops and elapsed time; per first departure keep only the quickest option.
  itineraries.sort((a, b) => a.legs.length - b.legs.length || a.elapsedMinutes - b.elapsedMinutes);
  const seenFirst = new Set<string>();
  const kept: Itinerary[] = [];
  for (const it of itineraries) {
    const signature =
      it.legs.length === 1 ? it.legs[0]?.key : it.legs.map((l) => l.pattern.destination).join('>') + (it.legs[0]?.key ?? '');
    if (seenFirst.has(signature ?? '')) continue;
    seenFirst.add(signature ?? '');
    kept.push(it);
    if (kept.length >= MAX_RESULTS) break;
  }
  return kept.sort((a, b) => a.legs.length - b.legs.length || (a.legs[0]?.depUtc ?? 0) - (b.legs[0]?.depUtc ?? 0));
}
