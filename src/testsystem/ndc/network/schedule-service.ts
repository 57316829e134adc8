// Dated flights: the airline's static timetable applied to a calendar date in each origin's local
// time zone. A flight is identified by its marketing carrier and number and local departure date
// ("AA2687/2026-12-01").

import type { AirlineNetwork } from './airline-network.js';
import type { FlightPattern } from './flight-pattern.js';
import { isoWeekday, localToUtc, utcToLocal } from './geo-time.js';

export interface DatedFlight {
  key: string;
  pattern: FlightPattern;
  date: string;
  depUtc: number;
  arrUtc: number;
  depLocal: string;
  arrLocal: string;
}

export interface ScheduleService {
  /** The marketing carrier of every flight in it. */
  readonly carrier: string;
  readonly network: AirlineNetwork;
  readonly patterns: readonly FlightPattern[];
  departures(origin: string, date: string): DatedFlight[];
  flight(key: string): DatedFlight | undefined;
  /** Whether the flight really operates on its date; the orders issue refuses bookings when it does not. */
  operates(key: string): boolean;
  routeCount(): number;
}

export function flightKey(carrier: string, flightNumber: number, date: string): string {
  return `${carrier}${flightNumber}/${date}`;
}

export function createScheduleService(
  airline: { code: string; network: AirlineNetwork },
  options: { ghostFlights?: (flight: DatedFlight) => boolean } = {},
): ScheduleService {
  const { network } = airline;
  const carrier = airline.code;
  const patterns = network.timetable();
  const keyPattern = new RegExp(`^${carrier}(\\d{1,4})\\/(\\d{4}-\\d{2}-\\d{2})$`);
  const byOrigin = new Map<string, FlightPattern[]>();
  const byNumber = new Map<number, FlightPattern>();
  for (const p of patterns) {
    const list = byOrigin.get(p.origin) ?? [];
    list.push(p);
    byOrigin.set(p.origin, list);
    byNumber.set(p.flightNumber, p);
  }
  for (const list of byOrigin.values()) list.sort((a, b) => a.depMinutes - b.depMinutes);
  const departuresCache = new Map<string, DatedFlight[]>();

  function dated(p: FlightPattern, date: string): DatedFlight {
    const origin = network.airports.get(p.origin);
    const dest = network.airports.get(p.destination);
    if (!origin || !dest) throw new Error(`flight ${p.flightNumber} references an unknown airport`);
    const depUtc = localToUtc(date, p.depMinutes, origin.tz);
    const arrUtc = depUtc + p.blockMinutes * 60000;
    return {
      key: flightKey(carrier, p.flightNumber, date),
      pattern: p,
      date,
      depUtc,
      arrUtc,
      depLocal: utcToLocal(depUtc, origin.tz).local,
      arrLocal: utcToLocal(arrUtc, dest.tz).local,
    };
  }

  return {
    carrier,
    network,
    patterns,
    departures(origin, date) {
      const cacheKey = `${origin}|${date}`;
      const cached = departuresCache.get(cacheKey);
      if (cached) return cached;
      const weekday = String(isoWeekday(date));
      const list = (byOrigin.get(origin) ?? []).filter((p) => p.days.includes(weekday)).map((p) => dated(p, date));
      // Dated flights are pure functions of the timetable, so a bounded cache only saves time.
      if (departuresCache.size > 5000) departuresCache.clear();
      departuresCache.set(cacheKey, list);
      return list;
    },
    flight(key) {
      const match = keyPattern.exec(key);
      if (!match) return undefined;
      const p = byNumber.get(Number(match[1]));
      const date = match[2] as string;
      if (!p || !p.days.includes(String(isoWeekday(date)))) return undefined;
      return dated(p, date);
    },
    operates(key) {
      const flight = this.flight(key);
      return flight !== undefined && !(options.ghostFlights?.(flight) ?? false);
    },
    routeCount() {
      return new Set(patterns.map((p) => `${p.origin}-${p.destination}`)).size;
    },
  };
}
