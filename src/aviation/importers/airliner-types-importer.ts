import { BatchWriter, type TableSpec } from './batch-writer.js';
import { code, int, text } from './field-parsers.js';
import type { Importer } from './import-context.js';
import { readCsv } from './source-reader.js';

const TABLE: TableSpec = {
  table: 'aviation_airliner_types',
  columns: [
    ['iata_code', 'text'],
    ['icao_code', 'text'],
    ['name', 'text'],
    ['family', 'text'],
    ['wake_category', 'text'],
    ['engine_count', 'int4'],
    ['engine_type', 'text'],
  ],
};

/**
 * explore-flights aircraft_types.csv (files[0]) with its aircraft_families.csv (files[1]): the
 * airliner types with IATA codes and family names. Aircraft types take their IATA codes and
 * family from here, and the body-class rules use it to tell airliners from other jets.
 */
export const importAirlinerTypes: Importer = async ({ db, files, counter, onBytes }) => {
  const families = new Map<string, string>();
  if (files[1]) {
    for await (const f of readCsv(files[1], { columns: true })) {
      const id = text(f.id);
      const name = text(f.name);
      if (id && name) families.set(id, name);
    }
  }
  const writer = new BatchWriter(db, TABLE, counter);
  for await (const r of readCsv(files[0]!, { columns: true }, onBytes)) {
    counter.rowsRead++;
    const iata = text(r.id)?.toUpperCase();
    const name = text(r.name);
    if (!iata || !name) {
      counter.skip('bad row: missing code or name');
      continue;
    }
    if (writer.has(iata)) {
      counter.skip('duplicate code');
      continue;
    }
    const familyId = text(r.family_id);
    await writer.add([
      iata,
      code(r.icao, /^[A-Z0-9]{2,4}$/),
      name,
      familyId ? (families.get(familyId) ?? null) : null,
      text(r.wtc),
      int(r.engine_count),
      text(r.engine_type),
    ]);
  }
  return writer.finish();
};
