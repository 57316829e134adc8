// An airline's hand-written airport list, one line per airport, as a lookup: where it is, its zone,
// which of the airline's hubs or gateways fly to it and its market size (1 small to 3 big).

import type { Airport } from './airport.js';

/** An airport of an airline's network: the core's Airport, with the hubs flying to it and its market size. */
export interface NetworkAirport extends Airport {
  hubs: readonly string[];
  weight: 1 | 2 | 3;
}

/** [code, city, country, lat, lon, IANA zone, hubs separated by spaces ('' for none), weight]. */
export type AirportLine = [string, string, string, number, number, string, string, 1 | 2 | 3];

export function airportTable(lines: readonly AirportLine[]): ReadonlyMap<string, NetworkAirport> {
  return new Map(
    lines.map(([code, city, country, lat, lon, tz, hubs, weight]) => [
      code,
      { code, city, country, lat, lon, tz, hubs: hubs ? hubs.split(' ') : [], weight },
    ]),
  );
}

/** Airport lines from a text table, one airport a line: `code | city | country | lat | lon | zone | hubs | weight`; `#` comments. */
export function airportLines(table: string): AirportLine[] {
  return table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [code, city, country, lat, lon, tz, hubs, weight] = line.split('|').map((f) => f.trim()) as string[];
      return [code!, city!, country!, Number(lat), Number(lon), tz!, hubs ?? '', Number(weight) as 1 | 2 | 3];
    });
}
