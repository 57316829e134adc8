import { sql } from 'kysely';
import { BatchWriter, type TableSpec } from './batch-writer.js';
import { float, int, text } from './field-parsers.js';
import type { Importer } from './import-context.js';
import { readCsv } from './source-reader.js';

const TABLE: TableSpec = {
  table: 'aviation_frequencies',
  columns: [['id', 'int4'], ['airport_id', 'int4'], ['airport_ident', 'text'], ['type', 'text'], ['description', 'text'], ['frequency_mhz', 'float8']],
};

/** OurAirports airport-frequencies.csv; frequencies of airports we do not hold are orphans. */
export const importFrequencies: Importer = async ({ db, files, counter, onBytes }) => {
  const { rows } = await sql<{ id: number }>`select id from aviation_airports`.execute(db);
  const airports = new Set(rows.map((row) => row.id));
  const writer = new BatchWriter(db, TABLE, counter);
  for await (const r of readCsv(files[0]!, { columns: true }, onBytes)) {
    counter.rowsRead++;
    const id = int(r.id);
    const airportId = int(r.airport_ref);
    if (id === null || airportId === null) {
      counter.skip('bad row: missing id or airport_ref');
      continue;
    }
    if (!airports.has(airportId)) {
      counter.skip('orphan: airport not in airports.csv');
      continue;
    }
    if (writer.has(id)) {
      counter.skip('duplicate id');
      continue;
    }
    await writer.add([id, airportId, text(r.airport_ident), text(r.type)?.toUpperCase() ?? null, text(r.description), float(r.frequency_mhz)]);
  }
  return writer.finish();
};
