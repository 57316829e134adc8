// Duffel's places: the airports (and their cities) a search may name. The world is the AA and VS
// test systems' airport tables (the same coordinates and zones) plus the airports Duffel's test
// scenarios use; an airport's Duffel id is derived from its IATA code, so it never changes.

import { AIRPORTS as AA_AIRPORTS } from '../../aa/network/airports-data.js';
import { VS_AIRPORTS } from '../../vs/network/airports-data.js';
import type { Airport as CoreAirport } from '../../ndc/network/airport.js';
import { derivedId } from '../wire/ids.js';

/** [code, airport name, city, city code, country, lat, lon, zone, ICAO]: names Duffel shows and airports the scenarios need. */
const NAMED: readonly [string, string, string, string, string, number, number, string, string][] = [
  ['JFK', 'John F. Kennedy International Airport', 'New York', 'NYC', 'US', 40.64, -73.78, 'America/New_York', 'KJFK'],
  ['EWR', 'Newark Liberty International Airport', 'New York', 'NYC', 'US', 40.69, -74.17, 'America/New_York', 'KEWR'],
  ['LGA', 'LaGuardia Airport', 'New York', 'NYC', 'US', 40.78, -73.87, 'America/New_York', 'KLGA'],
  ['LHR', 'Heathrow Airport', 'London', 'LON', 'GB', 51.47, -0.45, 'Europe/London', 'EGLL'],
  ['LGW', 'Gatwick Airport', 'London', 'LON', 'GB', 51.15, -0.18, 'Europe/London', 'EGKK'],
  ['STN', 'London Stansted Airport', 'London', 'LON', 'GB', 51.88, 0.24, 'Europe/London', 'EGSS'],
  ['MAD', 'Adolfo Suárez Madrid–Barajas Airport', 'Madrid', 'MAD', 'ES', 40.47, -3.56, 'Europe/Madrid', 'LEMD'],
  ['BCN', 'Josep Tarradellas Barcelona-El Prat Airport', 'Barcelona', 'BCN', 'ES', 41.3, 2.08, 'Europe/Madrid', 'LEBL'],
  ['CDG', 'Paris Charles de Gaulle Airport', 'Paris', 'PAR', 'FR', 49.01, 2.55, 'Europe/Paris', 'LFPG'],
  ['AMS', 'Amsterdam Airport Schiphol', 'Amsterdam', 'AMS', 'NL', 52.31, 4.76, 'Europe/Amsterdam', 'EHAM'],
  ['DXB', 'Dubai International Airport', 'Dubai', 'DXB', 'AE', 25.25, 55.36, 'Asia/Dubai', 'OMDB'],
  ['PVD', 'Rhode Island T. F. Green International Airport', 'Providence', 'PVD', 'US', 41.72, -71.43, 'America/New_York', 'KPVD'],
  ['RAI', 'Nelson Mandela International Airport', 'Praia', 'RAI', 'CV', 14.92, -23.49, 'Atlantic/Cape_Verde', 'GVNP'],
  ['BTS', 'M. R. Štefánik Airport', 'Bratislava', 'BTS', 'SK', 48.17, 17.21, 'Europe/Bratislava', 'LZIB'],
  ['MRU', 'Sir Seewoosagur Ramgoolam International Airport', 'Mauritius', 'MRU', 'MU', -20.43, 57.68, 'Indian/Mauritius', 'FIMP'],
  ['IST', 'Istanbul Airport', 'Istanbul', 'IST', 'TR', 41.26, 28.74, 'Europe/Istanbul', 'LTFM'],
  ['LAX', 'Los Angeles International Airport', 'Los Angeles', 'LAX', 'US', 33.94, -118.41, 'America/Los_Angeles', 'KLAX'],
  ['BOS', 'Boston Logan International Airport', 'Boston', 'BOS', 'US', 42.36, -71.01, 'America/New_York', 'KBOS'],
  ['MIA', 'Miami International Airport', 'Miami', 'MIA', 'US', 25.8, -80.29, 'America/New_York', 'KMIA'],
  ['DFW', 'Dallas/Fort Worth International Airport', 'Dallas', 'DFW', 'US', 32.9, -97.04, 'America/Chicago', 'KDFW'],
  ['ORD', "O'Hare International Airport", 'Chicago', 'CHI', 'US', 41.98, -87.9, 'America/Chicago', 'KORD'],
];

export interface PlaceAirport extends CoreAirport {
  name: string;
  cityCode: string;
  icao: string;
}

const AIRPORTS = new Map<string, PlaceAirport>();
for (const table of [AA_AIRPORTS, VS_AIRPORTS])
  for (const a of table.values())
    AIRPORTS.set(a.code, {
      code: a.code,
      city: a.city,
      country: a.country,
      lat: a.lat,
      lon: a.lon,
      tz: a.tz,
      name: `${a.city} Airport`,
      cityCode: a.code,
      icao: a.country === 'US' ? `K${a.code}` : '',
    });
for (const [code, name, city, cityCode, country, lat, lon, tz, icao] of NAMED)
  AIRPORTS.set(code, { code, name, city, cityCode, country, lat, lon, tz, icao });

export function findAirport(code: string): PlaceAirport | undefined {
  return AIRPORTS.get(code);
}

/** Duffel's Airport object (with its city, as offers and orders show it). */
export function wireAirport(a: PlaceAirport) {
  const city = {
    id: derivedId('city', `city|${a.cityCode}`),
    iata_code: a.cityCode,
    iata_country_code: a.country,
    name: a.city,
    type: 'city' as const,
  };
  return {
    id: derivedId('airport', `airport|${a.code}`),
    type: 'airport' as const,
    iata_code: a.code,
    icao_code: a.icao,
    name: a.name,
    city_name: a.city,
    iata_city_code: a.cityCode,
    iata_country_code: a.country,
    latitude: a.lat,
    longitude: a.lon,
    time_zone: a.tz,
    city,
  };
}
