import { sql } from 'kysely';
import { foldText } from '../text-fold.js';
import { allianceOf } from './airline-alliances.js';
import { deriveStatuses } from './airline-status.js';
import { BatchWriter, type TableSpec } from './batch-writer.js';
import { code, IATA_AIRLINE, ICAO_AIRLINE, int, text } from './field-parsers.js';
import type { Importer } from './import-context.js';
import { readCsv } from './source-reader.js';

const TABLE: TableSpec = {
  table: 'aviation_airlines',
  columns: [
    ['id', 'int4'],
    ['name', 'text'],
    ['alias', 'text'],
    ['iata_code', 'text'],
    ['icao_code', 'text'],
    ['callsign', 'text'],
    ['country_name', 'text'],
    ['country_code', 'text'],
    ['active_flag', 'text'],
    ['status', 'text'],
    ['alliance', 'text'],
    ['search_name', 'text'],
  ],
};

// OpenFlights names a few countries unlike ISO / OurAirports does.
const COUNTRY_ALIASES: Record<string, string> = {
  'south korea': 'KR',
  'north korea': 'KP',
  russia: 'RU',
  'democratic republic of the congo': 'CD',
  'republic of the congo': 'CG',
  'congo (kinshasa)': 'CD',
  'congo (brazzaville)': 'CG',
  "cote d'ivoire": 'CI',
  'ivory coast': 'CI',
  'czech republic': 'CZ',
  macedonia: 'MK',
  burma: 'MM',
  'hong kong sar of china': 'HK',
  'macao sar of china': 'MO',
  'lao peoples democratic republic': 'LA',
  laos: 'LA',
  'syrian arab republic': 'SY',
  'east timor': 'TL',
  'cape verde': 'CV',
  swaziland: 'SZ',
  'netherlands antilles': 'AN',
  'virgin islands': 'VI',
  'united states': 'US',
  'united kingdom': 'GB',
  'palestinian territory': 'PS',
};

interface Parsed {
  id: number;
  name: string;
  alias: string | null;
  iata: string | null;
  icao: string | null;
  callsign: string | null;
  country: string | null;
  activeFlag: string | null;
}

/**
 * OpenFlights airlines.dat: no header, `\N` for null, quoting not always consistent. The file is
 * small (about 6k rows) and the status of one airline depends on the others (a reassigned code),
 * so rows are collected first and written in batches after.
 */
export const importAirlines: Importer = async ({ db, files, counter, onBytes }) => {
  const countries = await countryCodesByName(db);
  const parsed: Parsed[] = [];
  const ids = new Set<number>();
  for await (const r of readCsv<string[]>(files[0]!, { columns: false, relax_quotes: true }, onBytes)) {
    counter.rowsRead++;
    const id = int(r[0]);
    const name = text(r[1]);
    if (r.length < 8 || id === null || !name) {
      counter.skip('bad row: not the 8 columns of airlines.dat');
      continue;
    }
    // Row -1 "Unknown" is OpenFlights' placeholder for routes without a known airline.
    if (id < 0) {
      counter.skip('placeholder row');
      continue;
    }
    if (ids.has(id)) {
      counter.skip('duplicate id');
      continue;
    }
    ids.add(id);
    parsed.push({
      id,
      name,
      alias: text(r[2]),
      iata: code(r[3], IATA_AIRLINE),
      icao: code(r[4], ICAO_AIRLINE),
      callsign: text(r[5]),
      country: text(r[6]),
      activeFlag: text(r[7])?.toUpperCase() ?? null,
    });
  }
  const statuses = deriveStatuses(parsed);
  const writer = new BatchWriter(db, TABLE, counter);
  for (const [i, a] of parsed.entries()) {
    const countryCode = a.country ? (countries.get(foldText(a.country)) ?? COUNTRY_ALIASES[foldText(a.country)] ?? null) : null;
    await writer.add([
      a.id,
      a.name,
      a.alias,
      a.iata,
      a.icao,
      a.callsign,
      a.country,
      countryCode,
      a.activeFlag,
      statuses[i],
      allianceOf(a.icao),
      foldText(a.name),
    ]);
  }
  return writer.finish();
};

async function countryCodesByName(db: Parameters<Importer>[0]['db']): Promise<Map<string, string>> {
  const { rows } = await sql<{ code: string; name: string }>`select code, name from aviation_countries`.execute(db);
  return new Map(rows.map((r) => [foldText(r.name), r.code]));
}
