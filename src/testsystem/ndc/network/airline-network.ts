// What the core asks of an airline's network (AirlineProfile.network). In a file of its own so
// that the schedule and connection builders, which read it, do not import the whole profile.

import type { AircraftType } from './aircraft.js';
import type { Airport } from './airport.js';
import type { FlightPattern } from './flight-pattern.js';

export interface AirlineNetwork {
  /** Every airport the airline (and its partners) flies, by IATA code. */
  airports: ReadonlyMap<string, Airport>;
  /** Aircraft by the code a FlightPattern names. */
  aircraft: Readonly<Record<string, AircraftType>>;
  /** The static timetable; built once per test-system instance (how is the airline's business). */
  timetable(): FlightPattern[];
  /** Airports where itineraries may connect (hubs, partner gateways). */
  connectPoints: readonly string[];
  /** Minimum connecting time by airport in minutes (60 where not listed); crossing a border adds 30. */
  minConnectMinutes: Readonly<Record<string, number>>;
  /** Countries a trip within is domestic (bags, child fares, seat-fee tax). */
  homeCountries: ReadonlySet<string>;
  /** Names of operating carriers as answers show them (partners; the airline itself). */
  carrierNames: Readonly<Record<string, string>>;
}
