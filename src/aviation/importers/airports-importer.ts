import tzlookup from '@photostructure/tz-lookup';
import { foldText } from '../text-fold.js';
import { BatchWriter, type TableSpec } from './batch-writer.js';
import { code, flag, float, IATA_AIRPORT, ICAO_AIRPORT, int, text } from './field-parsers.js';
import type { Importer } from './import-context.js';
import { readCsv } from './source-reader.js';

const TABLE: TableSpec = {
  table: 'aviation_airports',
  columns: [
    ['id', 'int4'],
    ['ident', 'text'],
    ['type', 'text'],
    ['name', 'text'],
    ['latitude', 'float8'],
    ['longitude', 'float8'],
    ['elevation_ft', 'int4'],
    ['continent', 'text'],
    ['country_code', 'text'],
    ['region_code', 'text'],
    ['city', 'text'],
    ['scheduled_service', 'bool'],
    ['icao_code', 'text'],
    ['iata_code', 'text'],
    ['gps_code', 'text'],
    ['local_code', 'text'],
    ['home_link', 'text'],
    ['wikipedia_link', 'text'],
    ['keywords', 'text'],
    ['timezone', 'text'],
    ['search_name', 'text'],
    ['search_city', 'text'],
  ],
};

/** The zone holding the point; null only for coordinates the lookup refuses. */
function timezoneAt(latitude: number, longitude: number): string | null {
  try {
    return tzlookup(latitude, longitude);
  } catch {
    return null;
  }
}

/**
 * OurAirports airports.csv. Every type is kept as published, `balloonport` included; the time zone
 * is derived from the coordinates since the file has no such column.
 */
export const importAirports: Importer = async ({ db, files, counter, onBytes }) => {
  const writer = new BatchWriter(db, TABLE, counter);
  for await (const r of readCsv(files[0]!, { columns: true }, onBytes)) {
    counter.rowsRead++;
    const id = int(r.id);
    const ident = text(r.ident);
    const type = text(r.type);
    const name = text(r.name);
    const latitude = float(r.latitude_deg);
    const longitude = float(r.longitude_deg);
    if (id === null || !ident || !type || !name) {
      counter.skip('bad row: missing id, ident, type or name');
      continue;
    }
    if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      counter.skip('bad row: missing or impossible coordinates');
      continue;
    }
    if (writer.has(id)) {
      counter.skip('duplicate id');
      continue;
    }
    const city = text(r.municipality);
    await writer.add([
      id,
      ident,
      type,
      name,
      latitude,
      longitude,
      int(r.elevation_ft),
      text(r.continent),
      text(r.iso_country)?.toUpperCase() ?? null,
      text(r.iso_region)?.toUpperCase() ?? null,
      city,
      flag(r.scheduled_service) ?? false,
      code(r.icao_code, ICAO_AIRPORT),
      code(r.iata_code, IATA_AIRPORT),
      text(r.gps_code),
      text(r.local_code),
      text(r.home_link),
      text(r.wikipedia_link),
      text(r.keywords),
      timezoneAt(latitude, longitude),
      foldText(name),
      city ? foldText(city) : null,
    ]);
  }
  return writer.finish();
};
