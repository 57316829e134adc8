import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packAirport, unpackAirport } from './airport-json.js';
import { toAirport } from './record-mappers.js';

// A row as the snapshot store reads it, with texts JSON must escape and non-ASCII letters.
const row = {
  id: 3622,
  ident: 'KJFK',
  type: 'large_airport',
  name: 'John F. "JFK" Kennedy \\ Intl, São Paulo\u2028 line \u0001',
  iata_code: 'JFK',
  icao_code: 'KJFK',
  gps_code: null,
  local_code: 'JFK',
  latitude: 40.639447,
  longitude: -73.779317,
  elevation_ft: null,
  continent: 'NA',
  country_code: 'US',
  country_name: 'United States',
  region_code: 'US-NY',
  region_name: 'New York',
  city: 'New York\tCity',
  scheduled_service: true,
  timezone: 'America/New_York',
  home_link: null,
  wikipedia_link: 'https://en.wikipedia.org/wiki/John_F._Kennedy_International_Airport',
  keywords: 'Manhattan, New York City, NYC, Idlewild, 東京',
};

describe('packed airport JSON', () => {
  it('gives back exactly the JSON of the airport', () => {
    const airport = toAirport(row);
    expect(unpackAirport(packAirport(airport))).toBe(JSON.stringify(airport));
  });

  it('gives back the JSON for any texts and numbers', () => {
    const text = fc.option(fc.string({ unit: 'grapheme' }), { nil: null });
    fc.assert(
      fc.property(text, text, text, fc.double({ noNaN: true, noDefaultInfinity: true }), (name, city, keywords, latitude) => {
        const airport = toAirport({ ...row, name: name ?? '', city, keywords, latitude });
        expect(unpackAirport(packAirport(airport))).toBe(JSON.stringify(airport));
      }),
    );
  });

  it('keeps empty keywords, negative zero and placeholder regions as JSON writes them', () => {
    const airport = toAirport({ ...row, keywords: null, latitude: -0, region_code: 'US-U-A', scheduled_service: false });
    expect(unpackAirport(packAirport(airport))).toBe(JSON.stringify(airport));
  });

  it('stores fewer bytes than the JSON with its keys', () => {
    const airport = toAirport(row);
    expect(Buffer.byteLength(packAirport(airport))).toBeLessThan(Buffer.byteLength(JSON.stringify(airport)) - 200);
  });
});
