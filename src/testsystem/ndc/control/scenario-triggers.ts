// Deterministic ways to make a test system misbehave, keyed on the searched route: the airline's
// profile names the routes (profile.scenarios, listed in its docs); this applies them. Route triggers
// stay on obscure-but-real city pairs so ordinary searches always behave normally.

import type { AirlineScenarios } from '../airline-profile.js';
import type { FlightPattern } from '../network/flight-pattern.js';
import type { DatedFlight } from '../network/schedule-service.js';

export function routeKey(origin: string, destination: string): string {
  return `${origin}-${destination}`;
}

/** Every non-stop on the sold-out route is full. */
export function soldOutRule(scenarios: AirlineScenarios): (flight: DatedFlight) => boolean {
  return (flight) => routeKey(flight.pattern.origin, flight.pattern.destination) === scenarios.soldOutRoute;
}

/**
 * The ghost: the earliest departure of the ghost-flight route in the timetable is published but does
 * not operate. Computed from the timetable so it stays right if the network data changes.
 */
export function createGhostFlightRule(
  scenarios: AirlineScenarios,
  patterns: () => readonly FlightPattern[],
): (flight: DatedFlight) => boolean {
  let ghostNumber: number | undefined;
  const [origin, destination] = scenarios.ghostFlightRoute.split('-') as [string, string];
  return (flight) => {
    if (flight.pattern.origin !== origin || flight.pattern.destination !== destination) return false;
    ghostNumber ??= [...patterns()]
      .filter((p) => p.origin === origin && p.destination === destination)
      .sort((a, b) => a.depMinutes - b.depMinutes)[0]?.flightNumber;
    return flight.pattern.flightNumber === ghostNumber;
  };
}
