import type { Airport } from './schemas.js';

/** The keys of an airport's JSON, in the order `toAirport` writes them (`distance_km` is added per request). */
const KEYS = [
  'id',
  'ident',
  'type',
  'name',
  'iata',
  'icao',
  'gps_code',
  'local_code',
  'latitude',
  'longitude',
  'elevation_ft',
  'continent',
  'country_code',
  'country_name',
  'region_code',
  'region_name',
  'city',
  'scheduled_service',
  'timezone',
  'home_link',
  'wikipedia_link',
  'keywords',
] as const satisfies readonly (keyof Airport)[];

// JSON.stringify escapes every control character, so this one never occurs inside a value's JSON.
const SEPARATOR = '\u0001';
const OPENINGS = KEYS.map((key, i) => `${i === 0 ? '{' : ','}${JSON.stringify(key)}:`);

/**
 * An airport's JSON without its keys: each value's JSON, separated by a control character. The
 * keys are the same for every airport and were ~270 of each record's ~450 bytes (23 MB for the
 * full data); `unpackAirport` puts them back, giving exactly `JSON.stringify(airport)`.
 */
export function packAirport(airport: Airport): string {
  let text = '';
  for (let i = 0; i < KEYS.length; i++) text += (i === 0 ? '' : SEPARATOR) + JSON.stringify(airport[KEYS[i]!]);
  return text;
}

export function unpackAirport(packed: string): string {
  const values = packed.split(SEPARATOR);
  let json = '';
  for (let i = 0; i < OPENINGS.length; i++) json += OPENINGS[i]! + values[i]!;
  return `${json}}`;
}
