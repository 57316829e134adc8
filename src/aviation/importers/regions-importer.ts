import { BatchWriter, type TableSpec } from './batch-writer.js';
import { text } from './field-parsers.js';
import type { Importer } from './import-context.js';
import { readCsv } from './source-reader.js';

const TABLE: TableSpec = {
  table: 'aviation_regions',
  columns: [
    ['code', 'text'],
    ['id', 'int4'],
    ['local_code', 'text'],
    ['name', 'text'],
    ['continent', 'text'],
    ['country_code', 'text'],
    ['wikipedia_link', 'text'],
    ['keywords', 'text'],
  ],
};

/**
 * OurAirports regions.csv: ISO 3166-2 codes, plus one `XX-U-A` "(unassigned)" placeholder per
 * country. The placeholders are kept here (airports point at them) and hidden by the API.
 */
export const importRegions: Importer = async ({ db, files, counter, onBytes }) => {
  const writer = new BatchWriter(db, TABLE, counter);
  for await (const r of readCsv(files[0]!, { columns: true }, onBytes)) {
    counter.rowsRead++;
    const code = text(r.code)?.toUpperCase();
    const name = text(r.name);
    if (!code || !name) {
      counter.skip('bad row: no region code or name');
      continue;
    }
    if (writer.has(code)) {
      counter.skip('duplicate region code');
      continue;
    }
    await writer.add([
      code,
      Number(r.id),
      text(r.local_code),
      name,
      text(r.continent),
      text(r.iso_country)?.toUpperCase() ?? null,
      text(r.wikipedia_link),
      text(r.keywords),
    ]);
  }
  return writer.finish();
};
