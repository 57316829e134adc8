// One flight of an airline's timetable: who sells and flies it, between which airports, when, on
// which aircraft and on which days. How a timetable is made is the airline profile's business.

export interface FlightPattern {
  flightNumber: number;
  operatingCarrier: string;
  operatingFlightNumber: number;
  operatorName: string;
  origin: string;
  destination: string;
  /** Local departure time at the origin, minutes after midnight. */
  depMinutes: number;
  blockMinutes: number;
  aircraft: string;
  /** ISO days of operation, e.g. "1234567" or "1357". */
  days: string;
  distanceKm: number;
}
