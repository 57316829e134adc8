// Timetable rules: connecting banks per hub in local minutes after midnight, minimum connecting times,
// and the departure windows long-haul flights keep so they arrive at sensible hours.

export const HUB_BANKS: Readonly<Record<string, readonly number[]>> = {
  DFW: [360, 435, 510, 585, 660, 740, 820, 900, 980, 1060, 1140, 1220, 1295],
  CLT: [370, 450, 530, 610, 690, 770, 850, 930, 1010, 1090, 1170, 1250],
  ORD: [360, 450, 540, 630, 720, 810, 900, 990, 1080, 1170, 1260],
  MIA: [420, 510, 600, 690, 780, 870, 960, 1050, 1140, 1230],
  PHX: [375, 465, 555, 645, 735, 825, 915, 1005, 1095, 1185, 1290],
  PHL: [380, 470, 560, 650, 740, 830, 920, 1010, 1100, 1190],
  LAX: [375, 480, 585, 690, 795, 900, 1005, 1110, 1260, 1350],
  JFK: [420, 540, 660, 780, 900, 1020, 1140, 1260],
  DCA: [360, 450, 540, 630, 720, 810, 900, 990, 1080, 1170, 1260],
};

/** Partner gateways bank their short-haul departures evenly through the day. */
export const GATEWAY_BANKS: readonly number[] = [420, 540, 660, 780, 900, 1020, 1140, 1260];

/** How much each hub scales a route's frequency: DFW and CLT are AA's largest connecting complexes. */
export const HUB_FREQUENCY_FACTOR: Readonly<Record<string, number>> = {
  DFW: 1.3,
  CLT: 1.2,
  ORD: 1.0,
  MIA: 0.9,
  PHX: 0.9,
  PHL: 0.9,
  LAX: 0.8,
  JFK: 0.8,
  DCA: 0.8,
};

/**
 * Daily non-stops each way on AA's trunk routes, rounded from AA's published timetable (aa.com
 * flight schedules; weekday counts of late 2025): approximations for realism, not a copy of a
 * season's schedule. Keyed by the two airports in alphabetical order; a route not listed follows
 * the market-size rule of timetable-builder.ts.
 */
export const TRUNK_FREQUENCIES: Readonly<Record<string, number>> = {
  'BOS-CLT': 8,
  'BOS-DCA': 10,
  'BOS-DFW': 7,
  'BOS-ORD': 7,
  'CLT-DCA': 10,
  'CLT-DFW': 10,
  'CLT-LGA': 10,
  'CLT-MIA': 8,
  'CLT-ORD': 8,
  'CLT-PHL': 9,
  'DCA-DFW': 9,
  'DCA-MIA': 8,
  'DCA-ORD': 8,
  'DFW-LAX': 12,
  'DFW-LGA': 9,
  'DFW-MIA': 10,
  'DFW-ORD': 12,
  'DFW-PHL': 8,
  'DFW-PHX': 10,
  'JFK-LAX': 10,
  'JFK-MIA': 8,
  'JFK-SFO': 6,
  'LAX-ORD': 8,
  'LAX-PHX': 9,
  'LGA-MIA': 10,
  'LGA-ORD': 10,
  'MIA-ORD': 7,
  'ORD-PHL': 7,
  'ORD-PHX': 7,
};

/**
 * Minutes AA's published schedule adds to the flying time on congested hub routes (both ways),
 * keyed like TRUNK_FREQUENCIES: DFW-ORD about 2h20 southbound-to-north and 2h40 back, DFW-AUS
 * about 1h05, where distance and speed alone give 2h00/2h20 and 0h50 (aa.com flight schedules).
 */
export const BLOCK_PADDING_MINUTES: Readonly<Record<string, number>> = {
  'AUS-DFW': 15,
  'DFW-ORD': 20,
};

/**
 * Local hours an airport takes no scheduled AA arrival, as minutes after midnight [start, end):
 * AA schedules no JFK arrival between 01:00 and 03:00 (aa.com flight schedules: its late
 * transcons land before 01:00, its red-eyes from 05:00).
 */
export const NO_ARRIVALS: Readonly<Record<string, Window>> = {
  JFK: { start: 60, end: 180 },
};

/** Where a flight landing in a quiet window lands at the earliest when moved later: a red-eye's morning arrival. */
export const RED_EYE_ARRIVAL = 345;

/** Minimum connecting time in minutes, domestic-to-domestic; international adds customs time. */
export const MIN_CONNECT_MINUTES: Readonly<Record<string, number>> = {
  DFW: 45,
  CLT: 40,
  ORD: 50,
  MIA: 50,
  PHX: 40,
  PHL: 45,
  LAX: 60,
  JFK: 75,
  DCA: 40,
  LHR: 90,
  MAD: 75,
  HND: 90,
  SYD: 90,
  HEL: 60,
};

export interface Window {
  start: number;
  end: number;
}

/** Local departure windows for long-haul flights by region, outbound from the US and back. */
export function longHaulWindows(lat: number, lon: number): { out: Window; back: Window } {
  if (lat < -10 && lon > 100) return { out: { start: 1260, end: 1380 }, back: { start: 600, end: 900 } };
  if (lon >= 90) return { out: { start: 600, end: 810 }, back: { start: 960, end: 1140 } };
  if (lon > -30) return { out: { start: 1020, end: 1320 }, back: { start: 480, end: 840 } };
  return { out: { start: 1230, end: 1410 }, back: { start: 1260, end: 1430 } };
}
