// The VS network data is consistent: airports with real coordinates and zones, routes between known
// airports, block times that fit the distance and the jet stream, aircraft that exist.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { capacityByCabin } from '../../../src/testsystem/ndc/network/aircraft.js';
import { VS_AIRPORTS, VS_GATEWAYS } from '../../../src/testsystem/vs/network/airports-data.js';
import { VS_FLEET, VS_OWN_TYPES } from '../../../src/testsystem/vs/network/fleet-data.js';
import { VS_TIMETABLE } from '../../../src/testsystem/vs/network/timetable-data.js';
import { AVIATION_DATA_DIR, needsUpstream } from '../../helpers/upstream.js';

/** The fields of one CSV line: quoted fields may hold commas. */
function csvFields(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"([^"]*)"|([^,]*))/g)].map((m) => m[1] ?? m[2] ?? '');
}

const longHaul = VS_TIMETABLE.filter((p) => p.distanceKm > 2500);

describe('VS airports', () => {
  it('match OurAirports: coordinates within 0.05°, country, a scheduled-service airport', () => {
    needsUpstream('aviation-data');
    const csv = fs.readFileSync(path.join(AVIATION_DATA_DIR, 'ourairports', 'airports.csv'), 'utf8');
    const byIata = new Map<string, string[]>();
    for (const line of csv.split('\n')) {
      const cols = csvFields(line);
      // Closed airports keep their old codes in OurAirports: only airports with scheduled service count.
      if (cols[13] && cols[11] === 'yes') byIata.set(cols[13], cols);
    }
    for (const a of VS_AIRPORTS.values()) {
      const row = byIata.get(a.code);
      expect(row, a.code).toBeDefined();
      const [lat, lon, country] = [Number(row?.[4]), Number(row?.[5]), row?.[8]];
      expect(Math.abs(lat - a.lat), `${a.code} lat`).toBeLessThan(0.05);
      expect(Math.abs(lon - a.lon), `${a.code} lon`).toBeLessThan(0.05);
      expect(country, `${a.code} country`).toBe(a.country);
    }
  });

  it('name real IANA zones', () => {
    for (const a of VS_AIRPORTS.values()) expect(() => new Intl.DateTimeFormat('en', { timeZone: a.tz }), a.code).not.toThrow();
  });

  it('include LHR, MAN and every airport the samples show VS flying to', () => {
    for (const code of [...VS_GATEWAYS, 'JFK', 'BOS', 'ATL', 'BGI', 'MBJ', 'ANU', 'JNB', 'DEL', 'BOM', 'TLV']) {
      expect(VS_AIRPORTS.has(code), code).toBe(true);
    }
  });
});

describe('VS timetable', () => {
  it('flies between known airports, on known aircraft, with valid days and times', () => {
    for (const p of VS_TIMETABLE) {
      const id = `VS${p.flightNumber} ${p.origin}-${p.destination}`;
      expect(VS_AIRPORTS.has(p.origin) && VS_AIRPORTS.has(p.destination), id).toBe(true);
      expect(VS_FLEET[p.aircraft], id).toBeDefined();
      expect(p.days, id).toMatch(/^1?2?3?4?5?6?7?$/);
      expect(p.days.length, id).toBeGreaterThan(0);
      expect(p.depMinutes, id).toBeGreaterThanOrEqual(0);
      expect(p.depMinutes, id).toBeLessThan(1440);
    }
  });

  it('flies every non-stop route the airports list, each way, VS-operated on VS aircraft', () => {
    for (const a of VS_AIRPORTS.values()) {
      for (const gateway of a.hubs) {
        for (const [from, to] of [
          [gateway, a.code],
          [a.code, gateway],
        ]) {
          const own = VS_TIMETABLE.filter((p) => p.origin === from && p.destination === to && p.operatingCarrier === 'VS');
          expect(own.length, `${from}-${to}`).toBeGreaterThan(0);
          for (const p of own) expect((VS_OWN_TYPES as readonly string[]).includes(p.aircraft), `VS${p.flightNumber}`).toBe(true);
        }
      }
    }
  });

  it('gives each flight number one route and direction', () => {
    const routes = new Map<number, string>();
    for (const p of VS_TIMETABLE) {
      const route = `${p.origin}-${p.destination}`;
      expect(routes.get(p.flightNumber) ?? route, `VS${p.flightNumber}`).toBe(route);
      routes.set(p.flightNumber, route);
    }
  });

  it('has block times a jet flies: 650-950 km/h over the ground after 30 minutes of taxi', () => {
    for (const p of VS_TIMETABLE) {
      const speed = p.distanceKm / ((p.blockMinutes - 30) / 60);
      expect(speed, `VS${p.flightNumber} ${p.origin}-${p.destination}`).toBeGreaterThan(p.distanceKm > 2500 ? 650 : 550);
      expect(speed, `VS${p.flightNumber} ${p.origin}-${p.destination}`).toBeLessThan(950);
    }
  });

  it('is faster eastbound than westbound on routes that cross the jet stream', () => {
    const mean = (from: string, to: string): number => {
      const flights = longHaul.filter((p) => p.origin === from && p.destination === to && p.operatingCarrier === 'VS');
      return flights.reduce((s, p) => s + p.blockMinutes, 0) / flights.length;
    };
    for (const a of VS_AIRPORTS.values()) {
      for (const gateway of a.hubs) {
        const g = VS_AIRPORTS.get(gateway);
        if (!g || Math.abs(a.lon - g.lon) < 25) continue; // north-south (JNB, LOS): no steady wind either way
        const [east, west] =
          a.lon > g.lon ? [mean(gateway, a.code), mean(a.code, gateway)] : [mean(a.code, gateway), mean(gateway, a.code)];
        expect(east, `${gateway}-${a.code}`).toBeLessThan(west);
      }
    }
  });

  it('marks Delta-operated legs as partner-operated under VS4xxx numbers, never on VS aircraft', () => {
    const delta = VS_TIMETABLE.filter((p) => p.operatingCarrier !== 'VS');
    expect(delta.length).toBeGreaterThanOrEqual(5);
    for (const p of delta) {
      expect(p.operatingCarrier).toBe('DL');
      expect(p.operatorName).toBe('Delta Air Lines');
      expect(p.flightNumber).toBeGreaterThanOrEqual(4000);
      expect(p.flightNumber).toBeLessThan(5000);
      expect((VS_OWN_TYPES as readonly string[]).includes(p.aircraft)).toBe(false);
    }
    // Points only Delta reaches (EWR, MSY, DEN, MSP) are reached, and only on Delta legs.
    for (const a of [...VS_AIRPORTS.values()].filter((x) => x.hubs.length === 0 && x.country !== 'GB')) {
      const legs = VS_TIMETABLE.filter((p) => p.origin === a.code || p.destination === a.code);
      expect(legs.length, a.code).toBeGreaterThan(0);
      expect(
        legs.every((p) => p.operatingCarrier === 'DL'),
        a.code,
      ).toBe(true);
    }
  });
});

describe('VS fleet', () => {
  it('has the four VS types with their IATA codes and three cabins each', () => {
    expect(Object.fromEntries(VS_OWN_TYPES.map((t) => [t, VS_FLEET[t]?.iataCode]))).toEqual({
      B789: '789',
      A35K: '351',
      A339: '339',
      A333: '333',
    });
    for (const t of VS_OWN_TYPES) {
      const seats = capacityByCabin(VS_FLEET[t] as NonNullable<(typeof VS_FLEET)[string]>);
      expect(Object.keys(seats).sort(), t).toEqual(['J', 'W', 'Y']);
      expect((seats.J ?? 0) + (seats.W ?? 0) + (seats.Y ?? 0), t).toBeGreaterThan(250);
    }
  });

  it('lays cabins out in increasing, non-overlapping rows with exit rows inside their cabin', () => {
    for (const type of Object.values(VS_FLEET)) {
      let last = 0;
      for (const cabin of type.cabins) {
        expect(cabin.firstRow, type.code).toBeGreaterThan(last);
        expect(cabin.lastRow, type.code).toBeGreaterThanOrEqual(cabin.firstRow);
        for (const r of cabin.exitRows ?? [])
          expect(r >= cabin.firstRow && r <= cabin.lastRow, `${type.code} exit ${r}`).toBe(true);
        last = cabin.lastRow;
      }
    }
  });
});
