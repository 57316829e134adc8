import { airportChildImporter, byAirportRef } from './airport-child-importer.js';
import type { TableSpec } from './batch-writer.js';
import { flag, float, int, text } from './field-parsers.js';

const END_COLUMNS = ['ident', 'latitude', 'longitude', 'elevation_ft', 'heading_deg_true', 'displaced_threshold_ft'] as const;
const END_TYPES = ['text', 'float8', 'float8', 'int4', 'float8', 'int4'] as const;

const TABLE: TableSpec = {
  table: 'aviation_runways',
  columns: [
    ['id', 'int4'],
    ['airport_id', 'int4'],
    ['airport_ident', 'text'],
    ['length_ft', 'int4'],
    ['width_ft', 'int4'],
    ['surface', 'text'],
    ['lighted', 'bool'],
    ['closed', 'bool'],
    ...(['le', 'he'] as const).flatMap((end) => END_COLUMNS.map((c, i) => [`${end}_${c}`, END_TYPES[i]!] as const)),
  ],
};

function runwayEnd(r: Record<string, string>, end: 'le' | 'he'): unknown[] {
  return [
    text(r[`${end}_ident`]),
    float(r[`${end}_latitude_deg`]),
    float(r[`${end}_longitude_deg`]),
    int(r[`${end}_elevation_ft`]),
    float(r[`${end}_heading_degT`]),
    int(r[`${end}_displaced_threshold_ft`]),
  ];
}

/**
 * OurAirports runways.csv. It is published on another day than airports.csv, so a few runways
 * name an airport we do not hold: those are skipped and counted as orphans.
 */
export const importRunways = airportChildImporter({
  table: TABLE,
  airportOf: byAirportRef,
  toRow: (r, id, airportId) => [
    id,
    airportId,
    text(r.airport_ident),
    int(r.length_ft),
    int(r.width_ft),
    text(r.surface),
    flag(r.lighted),
    flag(r.closed),
    ...runwayEnd(r, 'le'),
    ...runwayEnd(r, 'he'),
  ],
});
