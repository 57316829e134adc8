import type { Static } from '@sinclair/typebox';
import { badRequest, notFound } from '../platform/errors.js';
import { findAirportProfile, listAirports, countAirports, type AirportFilter, type AirportProfileRow } from './airport-store.js';
import { airportKey, type AirportKey } from './id-resolution.js';
import { toAirport, toFrequency, toNavaid, toRunway } from './record-mappers.js';
import type { CachedBody } from './response-cache.js';
import type { AirportListQuery } from './route-schemas.js';
import { envelopeOf, pageMeta, type AviationContext } from './context.js';
import { containsPattern, foldText } from './text-fold.js';

/** How a path names the airport: `{id}` (any form), or the exact `/iata/{iata}` and `/icao/{icao}`. */
export type AirportLookup = 'any' | 'iata' | 'icao';
export type AirportPart = 'airport' | 'full' | 'runways' | 'frequencies' | 'navaids' | 'timezone';

export interface AirportService {
  listAirports(query: Static<typeof AirportListQuery>): Promise<CachedBody>;
  airport(id: string, lookup: AirportLookup, part: AirportPart): Promise<CachedBody>;
}

const DEFAULT_RADIUS_KM = 100;

function keyFor(raw: string, lookup: AirportLookup): AirportKey | null {
  const value = raw.trim().toUpperCase();
  if (lookup === 'iata') return /^[A-Z]{3}$/.test(value) ? { kind: 'iata', value } : null;
  if (lookup === 'icao') return /^[A-Z0-9]{4}$/.test(value) ? { kind: 'icao_code', value } : null;
  return airportKey(raw);
}

/** The data and meta of each per-airport endpoint, all cut from the one-round-trip profile. */
function partOf(profile: AirportProfileRow, part: AirportPart): [unknown, object?] {
  const airport = toAirport(profile.airport);
  switch (part) {
    case 'airport':
      return [airport];
    case 'timezone':
      return [{ airport_id: airport.id, timezone: airport.timezone }];
    case 'runways':
      return [profile.runways.map(toRunway), { airport_id: airport.id, airport_iata: airport.iata, airport_icao: airport.icao }];
    case 'frequencies':
      return [
        profile.frequencies.map(toFrequency),
        { airport_id: airport.id, airport_iata: airport.iata, airport_icao: airport.icao },
      ];
    case 'navaids':
      return [profile.navaids.map(toNavaid), { airport_id: airport.id, airport_iata: airport.iata, airport_icao: airport.icao }];
    case 'full':
      return [
        {
          airport,
          runways: profile.runways.map(toRunway),
          frequencies: profile.frequencies.map(toFrequency),
          navaids: profile.navaids.map(toNavaid),
        },
        { airport_iata: airport.iata, airport_icao: airport.icao },
      ];
  }
}

export function createAirportService(ctx: AviationContext): AirportService {
  const { db } = ctx.platform;
  return {
    async listAirports(q) {
      await ctx.ensure('airports');
      const hasLat = q.lat !== undefined;
      if (hasLat !== (q.lon !== undefined)) throw badRequest('lat and lon must be given together');
      if (q.radius_km !== undefined && !hasLat) throw badRequest('radius_km needs lat and lon');
      const sort = q.sort ?? (hasLat ? 'distance' : 'name');
      const field = sort.replace(/^-/, '');
      if (field === 'distance' && !hasLat) throw badRequest('sort=distance needs lat and lon');
      const filter: AirportFilter = {
        iata: q.iata,
        icao: q.icao,
        country: q.country,
        region: q.region,
        city: q.city === undefined ? undefined : foldText(q.city.trim()),
        type: q.type,
        namePattern: q.name === undefined ? undefined : containsPattern(q.name.trim()),
        near: hasLat ? { lat: q.lat!, lon: q.lon!, radiusKm: q.radius_km ?? DEFAULT_RADIUS_KM } : undefined,
      };
      const offset = (q.page - 1) * q.limit;
      const rows = await listAirports(db, { filter, sort: { field, descending: sort.startsWith('-') }, limit: q.limit, offset });
      // Past the last page no row carries the total, so it is counted on its own.
      const total = rows[0] ? Number(rows[0].total) : offset > 0 ? await countAirports(db, filter) : 0;
      return envelopeOf(rows.map(toAirport), pageMeta(q.page, q.limit, rows.length, total));
    },

    airport(id, lookup, part) {
      return ctx.remember(`airport:${lookup}:${id.toUpperCase()}:${part}`, 'airports', async () => {
        const key = keyFor(id, lookup);
        const profile = key ? await findAirportProfile(db, key) : null;
        if (!profile) throw notFound(`airport ${id} not found`, 'airport_not_found');
        return partOf(profile, part);
      });
    },
  };
}
