import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { foldText } from '../text-fold.js';
import { BatchWriter, type TableSpec } from './batch-writer.js';
import { bodyClassOf } from './body-class.js';
import { text } from './field-parsers.js';
import type { Importer } from './import-context.js';
import { canonicalSpellings, chooseNames, type VariantRow } from './manufacturer-names.js';
import { readCsv } from './source-reader.js';

const TABLE: TableSpec = {
  table: 'aviation_aircraft_types',
  columns: [
    ['icao_code', 'text'],
    ['manufacturer', 'text'],
    ['model', 'text'],
    ['models', 'jsonb'],
    ['manufacturer_aliases', 'jsonb'],
    ['engine_count', 'int4'],
    ['engine_type', 'text'],
    ['species', 'text'],
    ['wake_category', 'text'],
    ['body_class', 'text'],
    ['in_service', 'bool'],
    ['iata_codes', 'jsonb'],
    ['family', 'text'],
    ['search_manufacturer', 'text'],
  ],
};

const ENGINE_TYPES: Record<string, string> = { J: 'jet', T: 'turboprop', P: 'piston', E: 'electric', R: 'rocket' };
const SPECIES: Record<string, string> = {
  A: 'amphibian',
  G: 'gyrocopter',
  H: 'helicopter',
  L: 'landplane',
  S: 'seaplane',
  T: 'tiltwing',
};

interface Variant extends VariantRow {
  engines: string | null;
  engineType: string | null;
  species: string | null;
  wake: string | null;
}

/**
 * vradarserver model types: one file per first letter, one row per variant, a byte-order mark on
 * each. Rows are grouped by designator (about 11k rows, so in memory) into one record each.
 */
export const importAircraftTypes: Importer = async ({ db, files, counter, onBytes }) => {
  const byDesignator = new Map<string, Variant[]>();
  for (const file of files) {
    for await (const r of readCsv(file, { columns: true }, onBytes)) {
      counter.rowsRead++;
      const icao = text(r.ICAO)?.toUpperCase();
      const manufacturer = text(r.Manufacturer);
      const model = text(r.Model);
      if (icao?.startsWith('-')) {
        counter.skip('not an aircraft type (vradarserver pseudo code)');
        continue;
      }
      if (!icao || !manufacturer || !model) {
        counter.skip('bad row: missing designator, manufacturer or model');
        continue;
      }
      const variants = byDesignator.get(icao) ?? [];
      variants.push({
        manufacturer,
        model,
        active: text(r.IsActive) === '1',
        engines: text(r.Engines),
        engineType: text(r.EngineTypeCode)?.toUpperCase() ?? null,
        species: text(r.SpeciesCode)?.toUpperCase() ?? null,
        wake: text(r.WakeTurbulenceCode)?.toUpperCase() ?? null,
      });
      byDesignator.set(icao, variants);
    }
  }
  const airliners = await airlinersByIcao(db);
  const spellings = canonicalSpellings([...byDesignator.values()].flat());
  const writer = new BatchWriter(db, TABLE, counter);
  for (const [icao, variants] of [...byDesignator].sort(([a], [b]) => a.localeCompare(b))) {
    const names = chooseNames(variants, spellings);
    const main = variants.find((v) => v.model === names.model) ?? variants[0]!;
    // `C` means several engines driving one propeller: a count the data does not give.
    const engineCount = main.engines && /^\d+$/.test(main.engines) ? Number(main.engines) : null;
    const airliner = airliners.get(icao);
    const bodyClass = bodyClassOf({
      icao,
      manufacturer: names.manufacturer,
      model: names.model,
      engineCount,
      engineType: main.engineType,
      species: main.species,
      wake: main.wake,
      isAirliner: airliner !== undefined,
    });
    await writer.add([
      icao,
      names.manufacturer,
      names.model,
      JSON.stringify(names.models),
      JSON.stringify(names.aliases),
      engineCount,
      main.engineType ? (ENGINE_TYPES[main.engineType] ?? null) : null,
      main.species ? (SPECIES[main.species] ?? null) : null,
      main.wake,
      bodyClass,
      variants.some((v) => v.active),
      JSON.stringify(airliner?.iataCodes ?? []),
      airliner?.family ?? null,
      foldText(names.manufacturer),
    ]);
  }
  return writer.finish();
};

async function airlinersByIcao(db: Db): Promise<Map<string, { iataCodes: string[]; family: string | null }>> {
  const { rows } = await sql<{ icao_code: string; iata_code: string; family: string | null }>`
    select icao_code, iata_code, family from aviation_airliner_types where icao_code is not null order by iata_code`.execute(db);
  const map = new Map<string, { iataCodes: string[]; family: string | null }>();
  for (const r of rows) {
    const entry = map.get(r.icao_code) ?? { iataCodes: [], family: r.family };
    entry.iataCodes.push(r.iata_code);
    entry.family ??= r.family;
    map.set(r.icao_code, entry);
  }
  return map;
}
