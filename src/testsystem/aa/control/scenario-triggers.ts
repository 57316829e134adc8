// Deterministic ways to make the test system misbehave, keyed on the searched route, documented in
// docs/aa-test-system.md. Route triggers stay on obscure-but-real city pairs so ordinary searches
// between hubs and big markets always behave normally.

import type { DatedFlight } from '../network/schedule-service.js';
import type { FlightPattern } from '../network/timetable-builder.js';

export type RouteFault = 'slow' | 'timeout' | 'http5xx' | 'malformed';

export const ROUTE_FAULTS: Readonly<Record<string, RouteFault>> = {
  'DFW-ABI': 'slow',
  'DFW-SJT': 'timeout',
  'DFW-TXK': 'http5xx',
  'DFW-LAW': 'malformed',
};

/** Offers on this route are created already expired, so OfferPrice always answers "Invalid or Expired Offer". */
export const EXPIRED_OFFER_ROUTE = 'MIA-TPA';
/** OfferPrice on offers for this route comes back dearer than the shopping price, with a warning. */
export const PRICE_CHANGE_ROUTE = 'ORD-BOS';
export const PRICE_CHANGE_PCT = 8;
/** Every non-stop on this route is sold out; only connections are offered. */
export const SOLD_OUT_ROUTE = 'PHX-BOS';
/** The first non-stop of each day on this route is published but does not operate: booking it fails. */
export const GHOST_FLIGHT_ROUTE = 'DFW-SAT';

export function routeKey(origin: string, destination: string): string {
  return `${origin}-${destination}`;
}

export function isSoldOutFlight(flight: DatedFlight): boolean {
  return routeKey(flight.pattern.origin, flight.pattern.destination) === SOLD_OUT_ROUTE;
}

/**
 * The DFW-SAT ghost: the earliest DFW-SAT departure in the timetable. Computed from the timetable so
 * it stays right if the network data changes.
 */
export function createGhostFlightRule(patterns: () => readonly FlightPattern[]): (flight: DatedFlight) => boolean {
  let ghostNumber: number | undefined;
  const [origin, destination] = GHOST_FLIGHT_ROUTE.split('-') as [string, string];
  return (flight) => {
    if (flight.pattern.origin !== origin || flight.pattern.destination !== destination) return false;
    ghostNumber ??= [...patterns()]
      .filter((p) => p.origin === origin && p.destination === destination)
      .sort((a, b) => a.depMinutes - b.depMinutes)[0]?.flightNumber;
    return flight.pattern.flightNumber === ghostNumber;
  };
}
