import { BatchWriter, type TableSpec } from './batch-writer.js';
import { int } from './field-parsers.js';
import { airportIdsByIdent, type Importer } from './import-context.js';
import { readCsv } from './source-reader.js';

type CsvRow = Record<string, string>;

export const ORPHAN = 'orphan: airport not in airports.csv';

/** The airport a row belongs to (null: to none, which is allowed), or why the row is skipped. */
export type AirportRef = { airportId: number | null } | { skip: string };

/**
 * The rows of runways.csv, airport-frequencies.csv and navaids.csv all hang off an airport. These
 * files are published on another day than airports.csv, so a row may name an airport we do not
 * hold: it is an orphan, skipped and counted, never a failure. Each row needs an id and is kept once.
 */
export function airportChildImporter(spec: {
  table: TableSpec;
  airportOf(row: CsvRow, airports: Map<string, number>, ids: Set<number>): AirportRef;
  toRow(row: CsvRow, id: number, airportId: number | null): unknown[];
}): Importer {
  return async ({ db, files, counter, onBytes }) => {
    const airports = await airportIdsByIdent(db);
    const ids = new Set(airports.values());
    const writer = new BatchWriter(db, spec.table, counter);
    for await (const row of readCsv(files[0]!, { columns: true }, onBytes)) {
      counter.rowsRead++;
      const id = int(row.id);
      const ref = id === null ? { skip: 'bad row: missing id' } : spec.airportOf(row, airports, ids);
      if ('skip' in ref) {
        counter.skip(ref.skip);
        continue;
      }
      if (writer.has(id!)) {
        counter.skip('duplicate id');
        continue;
      }
      await writer.add(spec.toRow(row, id!, ref.airportId));
    }
    return writer.finish();
  };
}

/** Rows that name their airport by OurAirports id in `airport_ref` (runways, frequencies). */
export function byAirportRef(row: CsvRow, _airports: Map<string, number>, ids: Set<number>): AirportRef {
  const airportId = int(row.airport_ref);
  if (airportId === null) return { skip: 'bad row: missing airport_ref' };
  return ids.has(airportId) ? { airportId } : { skip: ORPHAN };
}
