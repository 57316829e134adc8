// Distances and wall-clock arithmetic. Flight times are planned in each airport's local time; the
// conversion to UTC goes through Intl so daylight saving follows the IANA rules of every zone.

import { zoneOffsetMs } from '../../../platform/wall-clock.js';

const EARTH_RADIUS_KM = 6371;

export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Offset of a zone from UTC at an instant, in minutes (e.g. -300 for New York in winter). */
const dayCache = new Map<string, number | null>();
const offsetCache = new Map<string, number>();

export function zoneOffsetMinutes(tz: string, epochMs: number): number {
  // Zones change offset at most once on any UTC day, so a day with equal offsets at both ends has that
  // offset throughout: two Intl lookups per zone and day instead of one per flight time.
  const day = Math.floor(epochMs / 86400000);
  const dayKey = `${tz}|${day}`;
  let constant = dayCache.get(dayKey);
  if (constant === undefined) {
    const start = computeOffset(tz, day * 86400000);
    constant = start === computeOffset(tz, (day + 1) * 86400000 - 1000) ? start : null;
    if (dayCache.size > 100_000) dayCache.clear();
    dayCache.set(dayKey, constant);
  }
  if (constant !== null) return constant;
  const cacheKey = `${tz}|${Math.floor(epochMs / 900000)}`;
  const cached = offsetCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const offset = computeOffset(tz, epochMs);
  if (offsetCache.size > 100_000) offsetCache.clear();
  offsetCache.set(cacheKey, offset);
  return offset;
}

function computeOffset(tz: string, epochMs: number): number {
  return Math.round(zoneOffsetMs(tz, epochMs) / 60000);
}

/** The UTC instant of a local wall-clock time; minutes may exceed 1440 to roll into the next day. */
export function localToUtc(date: string, minutes: number, tz: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d) + minutes * 60000;
  // Two passes settle the offset also on days when the zone changes between midnight and the flight.
  let utc = naive - zoneOffsetMinutes(tz, naive) * 60000;
  utc = naive - zoneOffsetMinutes(tz, utc) * 60000;
  return utc;
}

export interface LocalTime {
  /** YYYY-MM-DDTHH:MM:SS without offset, as NDC's AircraftScheduledDateTime carries it. */
  local: string;
  date: string;
  offsetMinutes: number;
}

export function utcToLocal(epochMs: number, tz: string): LocalTime {
  const offsetMinutes = zoneOffsetMinutes(tz, epochMs);
  const iso = new Date(epochMs + offsetMinutes * 60000).toISOString().slice(0, 19);
  return { local: iso, date: iso.slice(0, 10), offsetMinutes };
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday, Monday = 1 … Sunday = 7, as airline schedules count days of operation. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

export function daysBetween(fromDate: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86400000);
}

/** ISO 8601 duration as NDC writes it, e.g. PT2H35M. */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h}H${m}M`;
}

export function isValidDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));
}
