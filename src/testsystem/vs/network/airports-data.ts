// Hand-written network data for the VS test system: Virgin Atlantic's UK gateways (LHR, MAN), the
// points it flies to non-stop, and the few US points reached only on Delta-operated codeshare legs.
// Coordinates are airport reference points (two decimals, enough for block times; checked against
// OurAirports by test/testsystem/vs/network-data.test.ts); zones are IANA names. The row shape is the
// core's (`AirportLine`, here one text line each): `hubs` lists the VS gateways that fly non-stop to the airport
// ('' for partner-only points), `weight` the market size (3 big, 2 medium, 1 small).
// Which routes VS flies, and from which season, is in docs/vs-test-system.md ("Network").

import { airportLines, airportTable, type NetworkAirport } from '../../ndc/network/airport-table.js';

/** A VS airport; `hubs` are the VS gateways flying to it. */
export type AirportRow = NetworkAirport;

export const VS_GATEWAYS = ['LHR', 'MAN'] as const;

/** code | city | country | lat | lon | IANA zone | VS gateways flying there | market size (1-3); # a comment. */
const TABLE = `
  # UK gateways
  LHR | London Heathrow | GB | 51.47 | -0.45 | Europe/London |  | 3
  MAN | Manchester | GB | 53.35 | -2.27 | Europe/London |  | 2
  # North America
  JFK | New York Kennedy | US | 40.64 | -73.78 | America/New_York | LHR | 3
  BOS | Boston | US | 42.36 | -71.01 | America/New_York | LHR | 2
  IAD | Washington Dulles | US | 38.94 | -77.46 | America/New_York | LHR | 2
  ATL | Atlanta | US | 33.64 | -84.43 | America/New_York | LHR MAN | 3
  MCO | Orlando | US | 28.43 | -81.31 | America/New_York | LHR MAN | 3
  MIA | Miami | US | 25.8 | -80.29 | America/New_York | LHR | 2
  TPA | Tampa | US | 27.98 | -82.53 | America/New_York | LHR | 1
  LAX | Los Angeles | US | 33.94 | -118.41 | America/Los_Angeles | LHR | 3
  SFO | San Francisco | US | 37.62 | -122.38 | America/Los_Angeles | LHR | 2
  SEA | Seattle | US | 47.45 | -122.31 | America/Los_Angeles | LHR | 1
  LAS | Las Vegas | US | 36.08 | -115.15 | America/Los_Angeles | LHR | 1
  # Caribbean
  BGI | Barbados | BB | 13.07 | -59.49 | America/Barbados | LHR MAN | 2
  ANU | Antigua | AG | 17.14 | -61.79 | America/Antigua | LHR | 1
  MBJ | Montego Bay | JM | 18.5 | -77.91 | America/Jamaica | LHR | 1
  # Africa, Middle East, India
  JNB | Johannesburg | ZA | -26.13 | 28.24 | Africa/Johannesburg | LHR | 2
  LOS | Lagos | NG | 6.58 | 3.32 | Africa/Lagos | LHR | 2
  TLV | Tel Aviv | IL | 32.01 | 34.89 | Asia/Jerusalem | LHR | 2
  RUH | Riyadh | SA | 24.96 | 46.7 | Asia/Riyadh | LHR | 1
  DEL | Delhi | IN | 28.56 | 77.1 | Asia/Kolkata | LHR | 3
  BOM | Mumbai | IN | 19.09 | 72.87 | Asia/Kolkata | LHR | 2
  # Partner-only points: Delta-operated legs VS sells under its own code (samples: VS4496 ATL-EWR).
  EWR | Newark | US | 40.69 | -74.17 | America/New_York |  | 1
  MSY | New Orleans | US | 29.99 | -90.26 | America/Chicago |  | 1
  DEN | Denver | US | 39.86 | -104.67 | America/Denver |  | 1
  MSP | Minneapolis | US | 44.88 | -93.22 | America/Chicago |  | 1
`;

export const VS_AIRPORTS: ReadonlyMap<string, AirportRow> = airportTable(airportLines(TABLE));

export function vsAirport(code: string): AirportRow | undefined {
  return VS_AIRPORTS.get(code);
}
