import { airportChildImporter, ORPHAN } from './airport-child-importer.js';
import type { TableSpec } from './batch-writer.js';
import { float, int, text } from './field-parsers.js';

const TABLE: TableSpec = {
  table: 'aviation_navaids',
  columns: [
    ['id', 'int4'],
    ['filename', 'text'],
    ['ident', 'text'],
    ['name', 'text'],
    ['type', 'text'],
    ['frequency_khz', 'float8'],
    ['latitude', 'float8'],
    ['longitude', 'float8'],
    ['elevation_ft', 'int4'],
    ['country_code', 'text'],
    ['dme_frequency_khz', 'float8'],
    ['dme_channel', 'text'],
    ['dme_latitude', 'float8'],
    ['dme_longitude', 'float8'],
    ['dme_elevation_ft', 'int4'],
    ['slaved_variation_deg', 'float8'],
    ['magnetic_variation_deg', 'float8'],
    ['usage_type', 'text'],
    ['power', 'text'],
    ['associated_airport', 'text'],
    ['airport_id', 'int4'],
  ],
};

/**
 * OurAirports navaids.csv. A navaid names its airport by ident (or none at all, which is fine);
 * one naming an airport we do not hold is an orphan, skipped and counted.
 */
export const importNavaids = airportChildImporter({
  table: TABLE,
  airportOf(r, airports) {
    const associated = text(r.associated_airport);
    if (!associated) return { airportId: null };
    const airportId = airports.get(associated);
    return airportId === undefined ? { skip: ORPHAN } : { airportId };
  },
  toRow: (r, id, airportId) => [
    id,
    text(r.filename),
    text(r.ident),
    text(r.name),
    text(r.type),
    float(r.frequency_khz),
    float(r.latitude_deg),
    float(r.longitude_deg),
    int(r.elevation_ft),
    text(r.iso_country)?.toUpperCase() ?? null,
    float(r.dme_frequency_khz),
    text(r.dme_channel),
    float(r.dme_latitude_deg),
    float(r.dme_longitude_deg),
    int(r.dme_elevation_ft),
    float(r.slaved_variation_deg),
    float(r.magnetic_variation_deg),
    text(r.usageType),
    text(r.power),
    text(r.associated_airport),
    airportId,
  ],
});
