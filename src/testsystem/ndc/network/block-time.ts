// Block time of a flight: still-air time at the aircraft's block speed, corrected for the jet stream,
// plus taxi; rounded to 5 minutes as timetables show it. Any airline's timetable can use it.

import type { AircraftType } from './aircraft.js';
import type { Airport } from './airport.js';

const LONG_HAUL_KM = 4500;

export function blockMinutes(distanceKm: number, aircraft: AircraftType, origin: Airport, dest: Airport): number {
  // Jet stream: eastbound flights run ~4% faster, westbound ~16% slower than still-air time: JFK→LAX
  // 6h15 (AA publishes 6h20–6h35), LAX→JFK 5h15 (5h20–5h35), LHR→JFK 7h50 (about 8h), ORD→LAX 4h35.
  const eastbound = ((dest.lon - origin.lon + 540) % 360) - 180 > 0;
  const wind = eastbound ? 0.96 : 1.16;
  const airborne = (distanceKm / aircraft.speedKmh) * 60 * wind;
  const taxi = distanceKm > LONG_HAUL_KM ? 35 : 25;
  return Math.round((airborne + taxi) / 5) * 5;
}
