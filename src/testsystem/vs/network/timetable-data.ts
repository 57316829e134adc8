// Virgin Atlantic's timetable, hand-written: one row per flight and direction, local departure time at
// the origin, block time, aircraft, ISO days of operation. Times and blocks from the samples where they
// show the flight (samples-21.3, 2023-2026 dates: VS3, VS9, VS25, VS45, VS137, VS153 LHR-JFK; VS10,
// VS138, VS154 JFK-LHR; VS103/104 ATL; VS135 MCO; VS165 MBJ; VS185/186 BGI; VS300-303 DEL; VS354/355
// BOM; VS449/450 JNB; VS453/454/457 TLV; Delta's DL2, DL4, DL31 and the ATL-EWR, JFK-MBJ legs);
// the rest from VS's published timetable and route map, winter 2025/26 and summer 2026 seasons, as
// docs/vs-test-system.md lists per route. Eastbound blocks are shorter than westbound (jet stream).
// Delta-operated legs VS sells under its own number (VS4xxx) carry operatingCarrier 'DL'.

import type { FlightPattern } from '../../ndc/network/flight-pattern.js';
import { greatCircleKm } from '../../ndc/network/geo-time.js';
import { VS_AIRPORTS } from './airports-data.js';

const DAILY = '1234567';

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h as number) * 60 + (m as number);
}

function distance(from: string, to: string): number {
  const a = VS_AIRPORTS.get(from);
  const b = VS_AIRPORTS.get(to);
  if (!a || !b) throw new Error(`VS timetable: airport ${a ? to : from} missing from airports-data`);
  return Math.round(greatCircleKm(a.lat, a.lon, b.lat, b.lon));
}

type Row = [number, string, string, string, string, string, string];
type PartnerRow = [number, number, string, string, string, string, string, string];

/** [VS number, from, to, local departure, block h:mm, aircraft, days] */
const VS_ROWS: Row[] = [
  // London Heathrow - New York JFK: VS's largest route, six daily each way (A350-1000, 787-9, A330-900neo).
  [3, 'LHR', 'JFK', '09:20', '7:45', 'A35K', DAILY],
  [45, 'LHR', 'JFK', '13:20', '8:05', 'B789', DAILY],
  [9, 'LHR', 'JFK', '14:40', '8:05', 'A35K', DAILY],
  [153, 'LHR', 'JFK', '16:25', '7:45', 'A339', DAILY],
  [137, 'LHR', 'JFK', '18:35', '7:35', 'A35K', DAILY],
  [25, 'LHR', 'JFK', '20:15', '8:05', 'B789', DAILY],
  [4, 'JFK', 'LHR', '08:30', '7:00', 'A35K', DAILY],
  [26, 'JFK', 'LHR', '17:45', '7:15', 'B789', DAILY],
  [10, 'JFK', 'LHR', '20:30', '7:20', 'A35K', DAILY],
  [154, 'JFK', 'LHR', '21:00', '7:20', 'A339', DAILY],
  [46, 'JFK', 'LHR', '22:15', '7:10', 'B789', DAILY],
  [138, 'JFK', 'LHR', '23:00', '7:10', 'A35K', DAILY],
  // Boston, Washington
  [11, 'LHR', 'BOS', '11:50', '7:30', 'A339', DAILY],
  [12, 'BOS', 'LHR', '18:35', '6:35', 'A339', DAILY],
  [21, 'LHR', 'IAD', '11:35', '8:35', 'A339', DAILY],
  [22, 'IAD', 'LHR', '18:00', '7:25', 'A339', DAILY],
  // Atlanta (Delta's hub: the joint venture's connections)
  [103, 'LHR', 'ATL', '11:20', '9:15', 'A339', DAILY],
  [104, 'ATL', 'LHR', '17:10', '8:00', 'A339', DAILY],
  [127, 'MAN', 'ATL', '10:05', '9:15', 'A333', '1357'],
  [128, 'ATL', 'MAN', '19:05', '8:05', 'A333', '1357'],
  // Florida
  [135, 'LHR', 'MCO', '16:30', '9:20', 'A333', DAILY],
  [136, 'MCO', 'LHR', '20:15', '8:25', 'A333', DAILY],
  [73, 'MAN', 'MCO', '11:00', '9:25', 'A333', DAILY],
  [74, 'MCO', 'MAN', '18:10', '8:20', 'A333', DAILY],
  [5, 'LHR', 'MIA', '10:05', '9:50', 'B789', DAILY],
  [6, 'MIA', 'LHR', '18:10', '8:45', 'B789', DAILY],
  [129, 'LHR', 'TPA', '12:15', '9:55', 'A333', '2467'],
  [130, 'TPA', 'LHR', '18:55', '8:45', 'A333', '2467'],
  // US West
  [7, 'LHR', 'LAX', '11:00', '11:20', 'A35K', DAILY],
  [8, 'LAX', 'LHR', '17:10', '10:30', 'A35K', DAILY],
  [23, 'LHR', 'LAX', '16:00', '11:20', 'B789', DAILY],
  [24, 'LAX', 'LHR', '21:00', '10:30', 'B789', DAILY],
  [19, 'LHR', 'SFO', '11:30', '11:10', 'A35K', DAILY],
  [20, 'SFO', 'LHR', '16:25', '10:20', 'A35K', DAILY],
  [105, 'LHR', 'SEA', '12:40', '9:55', 'A339', DAILY],
  [106, 'SEA', 'LHR', '19:00', '9:25', 'A339', DAILY],
  [155, 'LHR', 'LAS', '13:05', '10:50', 'B789', '13567'],
  [156, 'LAS', 'LHR', '19:10', '10:00', 'B789', '13567'],
  // Caribbean
  [185, 'LHR', 'BGI', '12:05', '9:05', 'A339', DAILY],
  [186, 'BGI', 'LHR', '22:20', '8:40', 'A339', DAILY],
  [77, 'MAN', 'BGI', '10:30', '8:55', 'A333', '246'],
  [78, 'BGI', 'MAN', '18:40', '8:20', 'A333', '246'],
  [33, 'LHR', 'ANU', '11:15', '8:50', 'A333', '135'],
  [34, 'ANU', 'LHR', '19:30', '8:05', 'A333', '135'],
  [165, 'LHR', 'MBJ', '13:00', '9:45', 'A333', '2467'],
  [166, 'MBJ', 'LHR', '19:05', '9:15', 'A333', '2467'],
  // Africa and the Middle East
  [449, 'LHR', 'JNB', '22:00', '11:00', 'B789', DAILY],
  [450, 'JNB', 'LHR', '18:55', '11:05', 'B789', DAILY],
  [411, 'LHR', 'LOS', '11:00', '6:30', 'B789', DAILY],
  [412, 'LOS', 'LHR', '22:30', '6:40', 'B789', DAILY],
  [457, 'LHR', 'TLV', '08:20', '5:20', 'A339', DAILY],
  [458, 'TLV', 'LHR', '16:40', '5:35', 'A339', DAILY],
  [453, 'LHR', 'TLV', '22:10', '4:55', 'B789', DAILY],
  [454, 'TLV', 'LHR', '06:55', '5:35', 'B789', DAILY],
  [461, 'LHR', 'RUH', '21:00', '6:10', 'B789', DAILY],
  [462, 'RUH', 'LHR', '02:10', '7:05', 'B789', DAILY],
  // India
  [302, 'LHR', 'DEL', '10:30', '8:55', 'B789', DAILY],
  [300, 'LHR', 'DEL', '19:40', '8:55', 'A35K', DAILY],
  [301, 'DEL', 'LHR', '11:30', '9:50', 'B789', DAILY],
  [303, 'DEL', 'LHR', '03:00', '9:50', 'A35K', DAILY],
  [354, 'LHR', 'BOM', '17:50', '9:15', 'B789', DAILY],
  [355, 'BOM', 'LHR', '10:50', '10:05', 'B789', DAILY],
];

/**
 * Delta-operated legs VS sells as its own (contract rule 7 withholds them from the gateway's answers):
 * [VS number, DL number, from, to, local departure, block h:mm, aircraft, days]. Samples: VS4029/DL4
 * and VS4007/DL2 LHR-JFK, VS4045/DL31 LHR-ATL, VS4451/4496 EWR-ATL-EWR, VS4853/4780 JFK-MBJ-JFK.
 */
const DELTA_ROWS: PartnerRow[] = [
  [4029, 4, 'LHR', 'JFK', '11:15', '7:55', 'DL339', DAILY],
  [4007, 2, 'LHR', 'JFK', '17:50', '7:55', 'DL339', DAILY],
  [4030, 1, 'JFK', 'LHR', '19:00', '7:05', 'DL339', DAILY],
  [4045, 31, 'LHR', 'ATL', '12:30', '9:21', 'DL339', DAILY],
  [4046, 30, 'ATL', 'LHR', '21:45', '8:10', 'DL339', DAILY],
  [4451, 2178, 'EWR', 'ATL', '14:00', '2:16', 'DL739', DAILY],
  [4496, 3082, 'ATL', 'EWR', '18:39', '2:19', 'DL739', DAILY],
  [4853, 1955, 'JFK', 'MBJ', '08:15', '4:07', 'DL321', DAILY],
  [4780, 1957, 'MBJ', 'JFK', '12:45', '3:53', 'DL321', DAILY],
  [4510, 1234, 'ATL', 'MSY', '18:05', '1:40', 'DL739', DAILY],
  [4511, 1235, 'MSY', 'ATL', '07:10', '1:35', 'DL739', DAILY],
  [4520, 1460, 'ATL', 'DEN', '17:55', '3:10', 'DL321', DAILY],
  [4521, 1461, 'DEN', 'ATL', '08:05', '3:05', 'DL321', DAILY],
  [4530, 2290, 'BOS', 'MSP', '16:50', '3:05', 'DL739', DAILY],
  [4531, 2291, 'MSP', 'BOS', '07:30', '2:45', 'DL739', DAILY],
];

export const VS_OPERATOR = { code: 'VS', name: 'Virgin Atlantic Airways' } as const;
export const DELTA_OPERATOR = { code: 'DL', name: 'Delta Air Lines' } as const;

function pattern(
  number: number,
  operator: { code: string; name: string },
  operatingNumber: number,
  [from, to, dep, block, aircraft, days]: [string, string, string, string, string, string],
): FlightPattern {
  return {
    flightNumber: number,
    operatingCarrier: operator.code,
    operatingFlightNumber: operatingNumber,
    operatorName: operator.name,
    origin: from,
    destination: to,
    depMinutes: minutes(dep),
    blockMinutes: minutes(block),
    aircraft,
    days,
    distanceKm: distance(from, to),
  };
}

export const VS_TIMETABLE: readonly FlightPattern[] = [
  ...VS_ROWS.map(([number, ...leg]) => pattern(number, VS_OPERATOR, number, leg)),
  ...DELTA_ROWS.map(([number, dlNumber, ...leg]) => pattern(number, DELTA_OPERATOR, dlNumber, leg)),
];
