// Which flights each airline sells between two airports on a date. British Airways and Iberia fly
// their published JFK–LHR and LHR–MAD timetables (Iberia sells JFK–LHR on BA-operated codeshares,
// as it does); Duffel Airways flies every route three times a day, with the shapes Duffel's "Test
// your integration" page gives its scenario routes (a connection LHR→DXB, a stop DXB→AMS, nothing
// PVD→RAI). Times are local to each airport; the same route and date always give the same flights.

import { greatCircleKm, localToUtc } from '../../ndc/network/geo-time.js';
import { hashString } from '../../ndc/network/seeded-random.js';
import type { OwnerCode } from './airlines.js';
import { findAirport, type PlaceAirport } from './places.js';

export interface Leg {
  marketing: OwnerCode;
  number: string;
  operating: OwnerCode;
  operatingNumber: string;
  from: PlaceAirport;
  to: PlaceAirport;
  depUtc: number;
  arrUtc: number;
  aircraft: string;
  originTerminal: string | null;
  destinationTerminal: string | null;
  /** A technical stop inside the segment (the DXB→AMS scenario). */
  stop: { airport: PlaceAirport; arrUtc: number; depUtc: number } | null;
}

export type Itinerary = Leg[];

/** [marketing, number, operating, operating number, from, to, departure HHMM, minutes, aircraft, terminal from, terminal to]. */
type TimetableLine = [OwnerCode, string, OwnerCode, string, string, string, string, number, string, string, string];

const TIMETABLE: readonly TimetableLine[] = [
  ['BA', '178', 'BA', '178', 'JFK', 'LHR', '0825', 415, '77W', '8', '5'],
  ['BA', '112', 'BA', '112', 'JFK', 'LHR', '1830', 410, '35K', '8', '5'],
  ['BA', '174', 'BA', '174', 'JFK', 'LHR', '2245', 405, '772', '8', '5'],
  ['BA', '117', 'BA', '117', 'LHR', 'JFK', '0820', 485, '388', '5', '8'],
  ['BA', '177', 'BA', '177', 'LHR', 'JFK', '1125', 490, '77W', '5', '8'],
  ['BA', '173', 'BA', '173', 'LHR', 'JFK', '1425', 490, '35K', '5', '8'],
  ['IB', '4218', 'BA', '178', 'JFK', 'LHR', '0825', 415, '77W', '8', '5'],
  ['IB', '4220', 'BA', '112', 'JFK', 'LHR', '1830', 410, '35K', '8', '5'],
  ['IB', '4211', 'BA', '117', 'LHR', 'JFK', '0820', 485, '388', '5', '8'],
  ['IB', '4215', 'BA', '173', 'LHR', 'JFK', '1425', 490, '35K', '5', '8'],
  ['BA', '458', 'BA', '458', 'LHR', 'MAD', '0715', 140, '32N', '5', '4S'],
  ['BA', '460', 'BA', '460', 'LHR', 'MAD', '1035', 140, '320', '5', '4S'],
  ['BA', '466', 'BA', '466', 'LHR', 'MAD', '1810', 140, '32N', '5', '4S'],
  ['BA', '459', 'BA', '459', 'MAD', 'LHR', '1135', 150, '32N', '4S', '5'],
  ['BA', '461', 'BA', '461', 'MAD', 'LHR', '1500', 150, '320', '4S', '5'],
  ['BA', '467', 'BA', '467', 'MAD', 'LHR', '2130', 150, '32N', '4S', '5'],
  ['IB', '3163', 'IB', '3163', 'LHR', 'MAD', '0935', 140, '32Q', '5', '4'],
  ['IB', '3171', 'IB', '3171', 'LHR', 'MAD', '1305', 140, '320', '5', '4'],
  ['IB', '3179', 'IB', '3179', 'LHR', 'MAD', '2005', 140, '32Q', '5', '4'],
  ['IB', '3166', 'IB', '3166', 'MAD', 'LHR', '0725', 150, '32Q', '4', '5'],
  ['IB', '3170', 'IB', '3170', 'MAD', 'LHR', '1055', 150, '320', '4', '5'],
  ['IB', '3176', 'IB', '3176', 'MAD', 'LHR', '1700', 150, '32Q', '4', '5'],
];

const hhmm = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(2));

function timetabled(owner: OwnerCode, from: PlaceAirport, to: PlaceAirport, date: string): Itinerary[] {
  return TIMETABLE.filter((l) => l[0] === owner && l[4] === from.code && l[5] === to.code).map(
    ([marketing, number, operating, operatingNumber, , , dep, minutes, aircraft, termFrom, termTo]) => {
      const depUtc = localToUtc(date, hhmm(dep), from.tz);
      return [
        {
          marketing,
          number,
          operating,
          operatingNumber,
          from,
          to,
          depUtc,
          arrUtc: depUtc + minutes * 60_000,
          aircraft,
          originTerminal: termFrom,
          destinationTerminal: termTo,
          stop: null,
        },
      ];
    },
  );
}

const round5 = (minutes: number) => Math.round(minutes / 5) * 5;
export const blockMinutes = (from: PlaceAirport, to: PlaceAirport) =>
  round5(35 + (greatCircleKm(from.lat, from.lon, to.lat, to.lon) / 800) * 60);

function zzLeg(from: PlaceAirport, to: PlaceAirport, depUtc: number, seed: string): Leg {
  const km = greatCircleKm(from.lat, from.lon, to.lat, to.lon);
  const number = String(100 + (hashString(seed) % 8900));
  return {
    marketing: 'ZZ',
    number,
    operating: 'ZZ',
    operatingNumber: number,
    from,
    to,
    depUtc,
    arrUtc: depUtc + blockMinutes(from, to) * 60_000,
    aircraft: km > 4000 ? '789' : '320',
    originTerminal: '1',
    destinationTerminal: '1',
    stop: null,
  };
}

/** Duffel Airways' three daily departures on any route, shaped by the scenario routes. */
function duffelAirways(from: PlaceAirport, to: PlaceAirport, date: string): Itinerary[] {
  const route = `${from.code}${to.code}`;
  if (route === 'PVDRAI') return [];
  const via = findAirport('IST')!;
  return [6, 12, 18].map((hour, bank) => {
    const seed = `${route}|${bank}`;
    const minutes = hour * 60 + round5(hashString(`${seed}|dep`) % 120);
    const depUtc = localToUtc(date, minutes, from.tz);
    if (route === 'LHRDXB') {
      const first = zzLeg(from, via, depUtc, `${seed}|1`);
      return [first, zzLeg(via, to, first.arrUtc + 95 * 60_000, `${seed}|2`)];
    }
    if (route === 'DXBAMS') {
      const toStop = blockMinutes(from, via) * 60_000;
      const leg = zzLeg(from, to, depUtc, seed);
      const stopDep = depUtc + toStop + 60 * 60_000;
      return [
        {
          ...leg,
          arrUtc: stopDep + blockMinutes(via, to) * 60_000,
          stop: { airport: via, arrUtc: depUtc + toStop, depUtc: stopDep },
        },
      ];
    }
    return [zzLeg(from, to, depUtc, seed)];
  });
}

export function itineraries(owner: OwnerCode, from: PlaceAirport, to: PlaceAirport, date: string): Itinerary[] {
  return owner === 'ZZ' ? duffelAirways(from, to, date) : timetabled(owner, from, to, date);
}
