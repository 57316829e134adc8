// Builds the static AA timetable from the network data: which routes exist, how often and when they
// fly, with what aircraft, under which flight numbers. Pure and deterministic: the same data always
// yields the same timetable, so dated schedules are the same on every machine.

import type { FlightPattern } from '../../ndc/network/flight-pattern.js';
import { blockMinutes } from '../../ndc/network/block-time.js';
import { greatCircleKm, localToUtc, zoneOffsetMinutes } from '../../ndc/network/geo-time.js';
import { seededRandom } from '../../ndc/network/seeded-random.js';
import { AIRPORTS, HUBS, type AirportRow } from './airports-data.js';
import { aircraftType } from './aircraft-data.js';
import { eagleCarrier, PARTNERS } from './partners-data.js';
import {
  GATEWAY_BANKS,
  HUB_BANKS,
  HUB_FREQUENCY_FACTOR,
  BLOCK_PADDING_MINUTES,
  longHaulWindows,
  NO_ARRIVALS,
  RED_EYE_ARRIVAL,
  TRUNK_FREQUENCIES,
  type Window,
} from './timetable-data.js';

const LONG_HAUL_KM = 4500;
const TRANSCON_PREMIUM = new Set(['JFK-LAX', 'JFK-SFO', 'LAX-JFK', 'SFO-JFK']);
// A summer reference instant fixes the zone difference used to time return flights into hub banks.
const REFERENCE_DATE = '2026-07-01';

function ap(code: string): AirportRow {
  const row = AIRPORTS.get(code);
  if (!row) throw new Error(`airport ${code} missing from airports-data`);
  return row;
}

function isHub(code: string): boolean {
  return (HUBS as readonly string[]).includes(code);
}

function isHawaii(a: AirportRow): boolean {
  return a.tz === 'Pacific/Honolulu';
}

function isDomestic(a: AirportRow, b: AirportRow): boolean {
  const us = ['US', 'PR', 'VI'];
  return us.includes(a.country) && us.includes(b.country);
}

/** Which of AA's fleets flies a route (both ways alike): by stage length, market size and a seeded draw. */
function aircraftFor(from: AirportRow, to: AirportRow, distanceKm: number): string {
  if (TRANSCON_PREMIUM.has(`${from.code}-${to.code}`)) return 'A321T';
  const weight = Math.min(from.weight, to.weight);
  if (isHawaii(from) || isHawaii(to)) return distanceKm > 5500 ? 'B772' : 'A321';
  if (distanceKm > LONG_HAUL_KM) {
    if (distanceKm > 11000) return 'B789';
    if (weight === 3) return 'B77W';
    return weight === 2 ? 'B772' : 'B788';
  }
  // AA's narrow-body mix: about a quarter of its A321s are A321neos, a fifth of its 737-800-sized
  // fleet 737 MAX 8s; which routes get them is a draw seeded by the route, the same both ways.
  const draw = seededRandom(`fleet|${[from.code, to.code].sort().join('-')}`)();
  const a321 = draw < 0.3 ? 'A21N' : 'A321';
  const b738 = draw < 0.25 ? 'B38M' : 'B738';
  if (distanceKm < 900) return weight === 3 ? a321 : weight === 2 && distanceKm > 600 ? 'A319' : REGIONAL;
  if (distanceKm < 2000) return weight === 1 && distanceKm < 1500 ? REGIONAL : weight === 3 ? a321 : b738;
  return weight === 3 ? a321 : b738;
}

// A route flown by American Eagle; the regional jet is chosen by who flies it (regionalJet).
const REGIONAL = 'E175';

/**
 * The regional jet an Eagle carrier flies on a route (aa.com American Eagle fleet): PSA the
 * CRJ-700 and, on longer routes, the CRJ-900; SkyWest the CRJ-700 on short routes and the E175;
 * Envoy, Republic and Piedmont the E175 here.
 */
function regionalJet(carrier: string, distanceKm: number): string {
  if (carrier === 'OH') return distanceKm > 700 ? 'CRJ9' : 'CRJ7';
  if (carrier === 'OO') return distanceKm < 700 ? 'CRJ7' : 'E175';
  return 'E175';
}

function dailyFrequency(hub: AirportRow, other: AirportRow, distanceKm: number): number {
  const trunk = TRUNK_FREQUENCIES[[hub.code, other.code].sort().join('-')];
  if (trunk !== undefined) return trunk;
  if (isHawaii(other) || isHawaii(hub)) return 1;
  if (distanceKm > LONG_HAUL_KM) return other.weight === 3 && ['DFW', 'JFK', 'MIA', 'ORD'].includes(hub.code) ? 2 : 1;
  const factor = Math.max(
    HUB_FREQUENCY_FACTOR[hub.code] ?? 0.8,
    isHub(other.code) ? (HUB_FREQUENCY_FACTOR[other.code] ?? 0.8) : 0,
  );
  if (!isDomestic(hub, other)) return Math.max(1, Math.round(other.weight * factor * 0.9));
  let base = isHub(other.code) || other.weight === 3 ? 5 : other.weight === 2 ? 3 : 2;
  if (distanceKm > 3000) base = Math.ceil(base * 0.75);
  return Math.max(1, Math.round(base * factor));
}

function daysFor(hub: AirportRow, other: AirportRow, distanceKm: number, index: number): string {
  const draw = seededRandom(`days|${hub.code}|${other.code}`)();
  if (distanceKm > LONG_HAUL_KM && other.weight === 1 && !isHawaii(other)) {
    return draw < 0.5 ? '1234567' : draw < 0.7 ? '13567' : draw < 0.85 ? '12457' : '1357';
  }
  // Small domestic markets lose their second and later frequencies on Saturdays, as AA's schedule does.
  if (other.weight === 1 && index > 0 && isDomestic(hub, other)) return '123457';
  return '1234567';
}

function pick(banks: readonly number[], index: number, count: number, shift: number): number {
  // More flights than banks (a trunk route out of a small bank structure): spread through the
  // banked day instead, about hourly, as AA's shuttles and transcons leave.
  if (count > banks.length) {
    const first = banks[0] as number;
    return inWindow({ start: first, end: (banks.at(-1) as number) + 60 }, index, count);
  }
  const slot = Math.floor(((index + 0.5) * banks.length) / count + shift) % banks.length;
  return banks[slot] as number;
}

function inWindow(window: Window, index: number, count: number): number {
  const span = window.end - window.start;
  return window.start + Math.round(((index + 0.5) * span) / count / 5) * 5;
}

/** Minutes to add to a local time at `from` to get the local time at `to`, at the reference date. */
function zoneShift(from: AirportRow, to: AirportRow): number {
  const instant = localToUtc(REFERENCE_DATE, 720, from.tz);
  return zoneOffsetMinutes(to.tz, instant) - zoneOffsetMinutes(from.tz, instant);
}

const wrap = (minutes: number): number => ((minutes % 1440) + 1440) % 1440;

interface Counter {
  next: number;
  limit: number;
}

function routePair(
  hub: AirportRow,
  other: AirportRow,
  counters: { longHaul: Counter; mainline: Counter; regional: Counter },
  out: FlightPattern[],
): void {
  const distanceKm = Math.round(greatCircleKm(hub.lat, hub.lon, other.lat, other.lon));
  let outbound = aircraftFor(hub, other, distanceKm);
  let inbound = aircraftFor(other, hub, distanceKm);
  // American Eagle flights are operated by the regional airline of the hub, under AA's number.
  const regional = outbound === REGIONAL ? eagleCarrier(hub.code) : null;
  if (regional) outbound = inbound = regionalJet(regional.code, distanceKm);
  const count = dailyFrequency(hub, other, distanceKm);
  const random = seededRandom(`route|${hub.code}|${other.code}`);
  const banks = HUB_BANKS[hub.code] ?? GATEWAY_BANKS;
  const otherBanks = HUB_BANKS[other.code];
  const longHaul = distanceKm > LONG_HAUL_KM && !isHawaii(other);
  const windows = longHaulWindows(other.lat, other.lon);
  const shift = random();
  for (let i = 0; i < count; i++) {
    const counter = longHaul ? counters.longHaul : regional ? counters.regional : counters.mainline;
    const number = counter.next;
    counter.next += 2;
    if (number >= counter.limit) throw new Error(`flight number range exhausted at ${hub.code}-${other.code}`);
    const jitter = Math.floor(random() * 3) * 5;
    const padding = BLOCK_PADDING_MINUTES[[hub.code, other.code].sort().join('-')] ?? 0;
    const outBlock = blockMinutes(distanceKm, aircraftType(outbound), hub, other) + padding;
    const backBlock = blockMinutes(distanceKm, aircraftType(inbound), other, hub) + padding;
    const outDep = longHaul ? inWindow(windows.out, i, count) : pick(banks, i, count, shift) + jitter;
    let backDep: number;
    if (longHaul) backDep = inWindow(windows.back, i, count);
    else if (otherBanks) backDep = pick(otherBanks, i, count, (shift + 0.5) % 1) + jitter;
    else {
      // Spoke departures are timed to land about 45 minutes before a hub bank, local hours permitting.
      const targetArrival = pick(banks, i, count, (shift + 0.5) % 1) - 45 - jitter;
      backDep = wrap(targetArrival - backBlock + zoneShift(hub, other));
      if (backDep < 330 || backDep > 1380) backDep = 330 + ((i * 157 + jitter) % 900);
    }
    const days = daysFor(hub, other, distanceKm, i);
    const operator = regional
      ? { code: regional.code, name: `${regional.name} as American Eagle` }
      : { code: 'AA', name: 'American Airlines' };
    out.push(
      pattern({
        flightNumber: number,
        from: hub,
        to: other,
        depMinutes: outDep,
        block: outBlock,
        aircraft: outbound,
        days,
        distanceKm,
        operator,
      }),
    );
    out.push(
      pattern({
        flightNumber: number + 1,
        from: other,
        to: hub,
        depMinutes: backDep,
        block: backBlock,
        aircraft: inbound,
        days,
        distanceKm,
        operator,
      }),
    );
  }
}

function pattern({
  flightNumber,
  from,
  to,
  depMinutes,
  block,
  aircraft,
  days,
  distanceKm,
  operator,
}: {
  flightNumber: number;
  from: AirportRow;
  to: AirportRow;
  depMinutes: number;
  block: number;
  aircraft: string;
  days: string;
  distanceKm: number;
  operator: { code: string; name: string };
}): FlightPattern {
  return {
    flightNumber,
    operatingCarrier: operator.code,
    operatingFlightNumber: flightNumber,
    operatorName: operator.name,
    origin: from.code,
    destination: to.code,
    depMinutes: wrap(depMinutes),
    blockMinutes: block,
    aircraft,
    days,
    distanceKm,
  };
}

function partnerPatterns(out: FlightPattern[]): void {
  for (const partner of PARTNERS) {
    const gateway = ap(partner.gateway);
    let aaNumber = partner.codeshareBase;
    let ownNumber = partner.operatingBase;
    // Partners fly their trunk and beyond routes daily.
    const add = (from: AirportRow, to: AirportRow, dep: number, aircraft: string): void => {
      const days = '1234567';
      const distanceKm = Math.round(greatCircleKm(from.lat, from.lon, to.lat, to.lon));
      out.push({
        flightNumber: aaNumber++,
        operatingCarrier: partner.code,
        operatingFlightNumber: ownNumber++,
        operatorName: partner.name,
        origin: from.code,
        destination: to.code,
        depMinutes: wrap(dep),
        blockMinutes: blockMinutes(distanceKm, aircraftType(aircraft), from, to),
        aircraft,
        days,
        distanceKm,
      });
    };
    for (const hubCode of partner.trunkFrom) {
      const hub = ap(hubCode);
      const windows = longHaulWindows(gateway.lat, gateway.lon);
      const count = hubCode === 'JFK' ? 2 : 1;
      for (let i = 0; i < count; i++) {
        add(hub, gateway, inWindow(windows.out, i, count) + 15, partner.longHaulAircraft);
        add(gateway, hub, inWindow(windows.back, i, count) + 25, partner.longHaulAircraft);
      }
    }
    for (const beyondCode of partner.beyond) {
      const beyond = ap(beyondCode);
      for (let i = 0; i < 3; i++) {
        add(gateway, beyond, pick(GATEWAY_BANKS, i, 3, 0.3) + 10, partner.shortHaulAircraft);
        add(beyond, gateway, pick(GATEWAY_BANKS, i, 3, 0.8) + 5, partner.shortHaulAircraft);
      }
    }
  }
}

export function buildTimetable(): FlightPattern[] {
  const patterns: FlightPattern[] = [];
  const counters = {
    longHaul: { next: 2, limit: 200 },
    mainline: { next: 200, limit: 3000 },
    regional: { next: 3000, limit: 6000 },
  };
  // AA numbering: long-haul below 200, mainline 200-2999, American Eagle 3000-5999.
  const seen = new Set<string>();
  for (const hubCode of HUBS) {
    const hub = ap(hubCode);
    const others = [...AIRPORTS.values()]
      .filter((a) => a.code !== hubCode && a.hubs.includes(hubCode))
      .sort((a, b) => a.code.localeCompare(b.code));
    for (const other of others) {
      const key = [hubCode, other.code].sort().join('-');
      if (seen.has(key)) continue;
      seen.add(key);
      routePair(hub, other, counters, patterns);
    }
  }
  partnerPatterns(patterns);
  return patterns.map(clearOfNoArrivalHours);
}

// A winter and a summer date: an arrival is checked under both zones' daylight-saving regimes.
const ZONE_CHECK_DATES = ['2026-01-15', REFERENCE_DATE];

/** Local arrival minutes of a pattern on each check date. */
function localArrivals(p: FlightPattern): number[] {
  const from = ap(p.origin);
  const to = ap(p.destination);
  return ZONE_CHECK_DATES.map((date) => {
    const instant = localToUtc(date, p.depMinutes, from.tz) + p.blockMinutes * 60_000;
    return wrap(Math.round(instant / 60_000) + zoneOffsetMinutes(to.tz, instant));
  });
}

/**
 * A flight due to land in its destination's no-arrival hours (NO_ARRIVALS) leaves earlier, to land
 * at least five minutes before they start, when it would land in their first half; later, as a
 * red-eye landing at RED_EYE_ARRIVAL or after, when in their second half (or when earlier would cross
 * midnight). Out of a hub it keeps to the hub's banks: the bank before, or the bank after.
 */
function clearOfNoArrivalHours(p: FlightPattern): FlightPattern {
  const quiet = NO_ARRIVALS[p.destination];
  if (!quiet) return p;
  const inside = localArrivals(p).filter((m) => m >= quiet.start && m < quiet.end);
  if (inside.length === 0) return p;
  const banks = HUB_BANKS[p.origin] ?? [];
  const middle = (quiet.start + quiet.end) / 2;
  const earliest = p.depMinutes - (Math.max(...inside) - quiet.start + 5);
  const earlier = banks.filter((b) => b <= earliest).at(-1) ?? earliest;
  const latest = p.depMinutes + (RED_EYE_ARRIVAL - Math.min(...inside));
  const later = banks.find((b) => b >= latest) ?? latest;
  const depMinutes = Math.min(...inside) < middle && earlier >= 0 ? earlier : later;
  return { ...p, depMinutes: wrap(depMinutes) };
}
