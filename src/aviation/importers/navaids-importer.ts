import { BatchWriter, type TableSpec } from './batch-writer.js';
import { float, int, text } from './field-parsers.js';
import { airportIdsByIdent, type Importer } from './import-context.js';
import { readCsv } from './source-reader.js';

const TABLE: TableSpec = {
  table: 'aviation_navaids',
  columns: [
    ['id', 'int4'], ['filename', 'text'], ['ident', 'text'], ['name', 'text'], ['type', 'text'], ['frequency_khz', 'float8'],
    ['latitude', 'float8'], ['longitude', 'float8'], ['elevation_ft', 'int4'], ['country_code', 'text'],
    ['dme_frequency_khz', 'float8'], ['dme_channel', 'text'], ['dme_latitude', 'float8'], ['dme_longitude', 'float8'],
    ['dme_elevation_ft', 'int4'], ['slaved_variation_deg', 'float8'], ['magnetic_variation_deg', 'float8'],
    ['usage_type', 'text'], ['power', 'text'], ['associated_airport', 'text'], ['airport_id', 'int4'],
  ],
};

/**
 * OurAirports navaids.csv. A navaid names its airport by ident (or none at all, which is fine);
 * one naming an airport we do not hold is an orphan, skipped and counted.
 */
export const importNavaids: Importer = async ({ db, files, counter, onBytes }) => {
  const airports = await airportIdsByIdent(db);
  const writer = new BatchWriter(db, TABLE, counter);
  for await (const r of readCsv(files[0]!, { columns: true }, onBytes)) {
    counter.rowsRead++;
    const id = int(r.id);
    if (id === null) {
      counter.skip('bad row: missing id');
      continue;
    }
    const associated = text(r.associated_airport);
    const airportId = associated ? airports.get(associated) : null;
    if (airportId === undefined) {
      counter.skip('orphan: airport not in airports.csv');
      continue;
    }
    if (writer.has(id)) {
      counter.skip('duplicate id');
      continue;
    }
    await writer.add([
      id, text(r.filename), text(r.ident), text(r.name), text(r.type), float(r.frequency_khz), float(r.latitude_deg),
      float(r.longitude_deg), int(r.elevation_ft), text(r.iso_country)?.toUpperCase() ?? null, float(r.dme_frequency_khz),
      text(r.dme_channel), float(r.dme_latitude_deg), float(r.dme_longitude_deg), int(r.dme_elevation_ft),
      float(r.slaved_variation_deg), float(r.magnetic_variation_deg), text(r.usageType), text(r.power), associated, airportId,
    ]);
  }
  return writer.finish();
};
