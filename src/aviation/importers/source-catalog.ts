import fs from 'node:fs';
import { badRequest } from '../../platform/errors.js';
import { importAircraftTypes } from './aircraft-types-importer.js';
import { importAirlines } from './airlines-importer.js';
import { importAirlinerTypes } from './airliner-types-importer.js';
import { importAirports } from './airports-importer.js';
import { importCountries } from './countries-importer.js';
import { importFrequencies } from './frequencies-importer.js';
import type { Importer } from './import-context.js';
import { importNavaids } from './navaids-importer.js';
import { importRegions } from './regions-importer.js';
import { importRunways } from './runways-importer.js';
import { isUrl, locate } from './source-reader.js';

export type SourceGroup = 'ourairports' | 'openflights' | 'aircraft';

export interface SourceDefinition {
  name: string;
  group: SourceGroup;
  description: string;
  homepage: string;
  licence: string;
  licenceUrl: string;
  /** Where the files are: under `--from` (a directory or base URL) or at the upstream address. */
  files(from: string | null): Promise<string[]>;
  /** The table whose rows the source writes (what the API serves from it). */
  table: string;
  run: Importer;
}

const OURAIRPORTS_UPSTREAM = 'https://davidmegginson.github.io/ourairports-data';
const OPENFLIGHTS_UPSTREAM = 'https://raw.githubusercontent.com/jpatokal/openflights/master/data';
const EXPLORE_FLIGHTS_UPSTREAM = 'https://raw.githubusercontent.com/explore-flights/reference-data/main';
const VRADARSERVER_UPSTREAM = 'https://raw.githubusercontent.com/vradarserver/standing-data/main/model-type/schema-01';
// vradarserver publishes one file per first character of the designator; `-` holds pseudo codes.
const VRADARSERVER_FILES = ['-', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => `${c}.csv`);

const OURAIRPORTS = {
  group: 'ourairports' as const,
  homepage: 'https://ourairports.com/data/',
  licence: 'Public Domain',
  licenceUrl: 'https://ourairports.com/data/',
};

function ourAirports({
  file,
  name,
  description,
  table,
  run,
}: {
  file: string;
  name: string;
  description: string;
  table: string;
  run: Importer;
}): SourceDefinition {
  return {
    ...OURAIRPORTS,
    name: `ourairports-${name}`,
    description,
    table,
    run,
    files: async (from) => [from ? locate(from, `ourairports/${file}`) : `${OURAIRPORTS_UPSTREAM}/${file}`],
  };
}

async function vradarserverFiles(from: string | null): Promise<string[]> {
  if (!from) return VRADARSERVER_FILES.map((f) => `${VRADARSERVER_UPSTREAM}/${f}`);
  const dir = locate(from, 'aircraft/vradarserver-model-type');
  if (isUrl(dir)) return VRADARSERVER_FILES.map((f) => `${dir}/${f}`);
  const names = await fs.promises.readdir(dir).catch(() => {
    throw new Error(`no such directory: ${dir}`);
  });
  return names
    .filter((f) => /^[-A-Z0-9]\.csv$/i.test(f))
    .sort()
    .map((f) => locate(dir, f));
}

/** Every upstream source, in the order a full sync reads them (referenced data first). */
export const SOURCES: readonly SourceDefinition[] = [
  ourAirports({
    file: 'countries.csv',
    name: 'countries',
    description: 'Countries (ISO 3166-1)',
    table: 'aviation_countries',
    run: importCountries,
  }),
  ourAirports({
    file: 'regions.csv',
    name: 'regions',
    description: 'Regions (ISO 3166-2, plus XX-U-A "unassigned" placeholders)',
    table: 'aviation_regions',
    run: importRegions,
  }),
  ourAirports({
    file: 'airports.csv',
    name: 'airports',
    description: 'Airports, heliports, seaplane bases, balloonports and closed fields',
    table: 'aviation_airports',
    run: importAirports,
  }),
  ourAirports({
    file: 'runways.csv',
    name: 'runways',
    description: 'Runways of the airports',
    table: 'aviation_runways',
    run: importRunways,
  }),
  ourAirports({
    file: 'airport-frequencies.csv',
    name: 'frequencies',
    description: 'Radio frequencies of the airports',
    table: 'aviation_frequencies',
    run: importFrequencies,
  }),
  ourAirports({
    file: 'navaids.csv',
    name: 'navaids',
    description: 'Radio navigation aids (VOR, DME, NDB, ...)',
    table: 'aviation_navaids',
    run: importNavaids,
  }),
  {
    name: 'openflights-airlines',
    group: 'openflights',
    description: 'Airlines with IATA/ICAO codes, callsign, country and an active flag',
    homepage: 'https://openflights.org/data.php',
    licence: 'ODbL 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
    table: 'aviation_airlines',
    run: importAirlines,
    files: async (from) => [from ? locate(from, 'openflights/airlines.dat') : `${OPENFLIGHTS_UPSTREAM}/airlines.dat`],
  },
  {
    name: 'explore-flights-aircraft',
    group: 'aircraft',
    description: 'Airliner types with IATA and ICAO codes and families',
    homepage: 'https://github.com/explore-flights/reference-data',
    licence: 'CC0 1.0',
    licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    table: 'aviation_airliner_types',
    run: importAirlinerTypes,
    files: async (from) =>
      ['aircraft_types.csv', 'aircraft_families.csv'].map((f) =>
        from ? locate(from, `aircraft/explore-flights/${f}`) : `${EXPLORE_FLIGHTS_UPSTREAM}/${f}`,
      ),
  },
  {
    name: 'vradarserver-aircraft-types',
    group: 'aircraft',
    description: 'ICAO aircraft type designators with manufacturer, model, engines and wake category',
    homepage: 'https://github.com/vradarserver/standing-data',
    licence: 'CC0 1.0',
    licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    table: 'aviation_aircraft_types',
    run: importAircraftTypes,
    files: vradarserverFiles,
  },
];

/** The sources a `--source` value names: one source by name, or every source of a group. */
export function selectSources(selector: string | null): SourceDefinition[] {
  if (!selector) return [...SOURCES];
  const wanted = selector.split(',').map((s) => s.trim().toLowerCase());
  const picked = SOURCES.filter((s) => wanted.includes(s.name) || wanted.includes(s.group));
  const known = new Set(SOURCES.flatMap((s) => [s.name, s.group]));
  const unknown = wanted.filter((w) => !known.has(w));
  if (unknown.length > 0 || picked.length === 0) {
    throw badRequest(`unknown source ${unknown.join(', ')}; known: ${[...known].sort().join(', ')}`, 'unknown_source');
  }
  return picked;
}
