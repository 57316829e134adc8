import type { Static } from '@sinclair/typebox';
import { buildId } from '../platform/build-id.js';
import { badRequest, notFound } from '../platform/errors.js';
import type { AirportFilter, AirportProfile } from './airport-index.js';
import { airportKey, type AirportKey } from './id-resolution.js';
import { derivedEtag, type CachedBody } from './response-cache.js';
import type { AirportListQuery } from './route-schemas.js';
import { envelopeOf, jsonEnvelopeOf, pageMeta, writtenEnvelopeOf, type AviationContext } from './context.js';
import type { Airport } from './schemas.js';
import { foldText } from './text-fold.js';

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

/** The answer of each per-airport endpoint, cut from the one profile kept as JSON. */
function partOf(profile: AirportProfile, part: AirportPart): CachedBody {
  if (part === 'airport') return jsonEnvelopeOf(profile.airport);
  const airport = JSON.parse(profile.airport) as Airport;
  const codes = { airport_id: airport.id, airport_iata: airport.iata, airport_icao: airport.icao };
  switch (part) {
    case 'timezone':
      return envelopeOf({ airport_id: airport.id, timezone: airport.timezone });
    case 'runways':
      return jsonEnvelopeOf(profile.runways, codes);
    case 'frequencies':
      return jsonEnvelopeOf(profile.frequencies, codes);
    case 'navaids':
      return jsonEnvelopeOf(profile.navaids, codes);
    case 'full':
      return jsonEnvelopeOf(
        `{"airport":${profile.airport},"runways":${profile.runways},"frequencies":${profile.frequencies},"navaids":${profile.navaids}}`,
        { airport_iata: airport.iata, airport_icao: airport.icao },
      );
  }
}

/** Airport reads, answered from the in-memory data of the current sync. */
export function createAirportService(ctx: AviationContext): AirportService {
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
        nameContains: q.name === undefined ? undefined : foldText(q.name.trim()),
        near: hasLat ? { lat: q.lat!, lon: q.lon!, radiusKm: q.radius_km ?? DEFAULT_RADIUS_KM } : undefined,
      };
      const offset = (q.page - 1) * q.limit;
      // The version is read just before the page is made, in the same synchronous step (derivedEtag).
      const etag = derivedEtag(ctx.state.version, q, buildId());
      const airports = ctx.state.data.airports;
      const page = airports.list({ filter, sort: { field, descending: sort.startsWith('-') }, limit: q.limit, offset });
      return writtenEnvelopeOf(airports.jsonBytes(page), etag, (out) => {
        airports.writeJson(page, out);
        return pageMeta(q.page, q.limit, page.positions.length, page.total);
      });
    },

    airport(id, lookup, part) {
      return ctx.remember(`airport:${lookup}:${id.toUpperCase()}:${part}`, 'airports', () => {
        const key = keyFor(id, lookup);
        const profile = key ? ctx.state.data.airports.profile(key) : null;
        if (!profile) throw notFound(`airport ${id} not found`, 'airport_not_found');
        return partOf(profile, part);
      });
    },
  };
}
