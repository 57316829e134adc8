import { airportChildImporter, byAirportRef } from './airport-child-importer.js';
import type { TableSpec } from './batch-writer.js';
import { float, text } from './field-parsers.js';

const TABLE: TableSpec = {
  table: 'aviation_frequencies',
  columns: [
    ['id', 'int4'],
    ['airport_id', 'int4'],
    ['airport_ident', 'text'],
    ['type', 'text'],
    ['description', 'text'],
    ['frequency_mhz', 'float8'],
  ],
};

/** OurAirports airport-frequencies.csv; frequencies of airports we do not hold are orphans. */
export const importFrequencies = airportChildImporter({
  table: TABLE,
  airportOf: byAirportRef,
  toRow: (r, id, airportId) => [
    id,
    airportId,
    text(r.airport_ident),
    text(r.type)?.toUpperCase() ?? null,
    text(r.description),
    float(r.frequency_mhz),
  ],
});
