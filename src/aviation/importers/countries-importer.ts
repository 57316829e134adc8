import { BatchWriter, type TableSpec } from './batch-writer.js';
import { text } from './field-parsers.js';
import type { Importer } from './import-context.js';
import { readCsv } from './source-reader.js';

const TABLE: TableSpec = {
  table: 'aviation_countries',
  columns: [
    ['code', 'text'],
    ['id', 'int4'],
    ['name', 'text'],
    ['continent', 'text'],
    ['wikipedia_link', 'text'],
    ['keywords', 'text'],
  ],
};

/** OurAirports countries.csv: ISO 3166-1 alpha-2 code and name. */
export const importCountries: Importer = async ({ db, files, counter, onBytes }) => {
  const writer = new BatchWriter(db, TABLE, counter);
  for await (const r of readCsv(files[0]!, { columns: true }, onBytes)) {
    counter.rowsRead++;
    const code = text(r.code)?.toUpperCase();
    const name = text(r.name);
    if (!code || !name || !/^[A-Z]{2}$/.test(code)) {
      counter.skip('bad row: no country code or name');
      continue;
    }
    if (writer.has(code)) {
      counter.skip('duplicate country code');
      continue;
    }
    await writer.add([code, Number(r.id), name, text(r.continent), text(r.wikipedia_link), text(r.keywords)]);
  }
  return writer.finish();
};
