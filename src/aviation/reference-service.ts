import type { Static } from '@sinclair/typebox';
import { badRequest, notFound } from '../platform/errors.js';
import { airlineKey, type AirlineKey } from './id-resolution.js';
import { SOURCES } from './importers/source-catalog.js';
import type { AirlineFilter } from './reference-index.js';
import type { CachedBody } from './response-cache.js';
import type { AircraftTypeListQuery, AirlineListQuery } from './route-schemas.js';
import type { Source } from './schemas.js';
import { envelopeOf, pageMeta, type AviationContext } from './context.js';
import { foldText } from './text-fold.js';

export type AirlineLookup = 'any' | 'iata' | 'icao';

export interface ReferenceService {
  listAirlines(query: Static<typeof AirlineListQuery>): Promise<CachedBody>;
  airline(id: string, lookup: AirlineLookup, part: 'airline' | 'status'): Promise<CachedBody>;
  listAircraftTypes(query: Static<typeof AircraftTypeListQuery>): Promise<CachedBody>;
  aircraftType(icao: string): Promise<CachedBody>;
  manufacturers(): Promise<CachedBody>;
  manufacturerAircraftTypes(name: string, page: number, limit: number): Promise<CachedBody>;
  sources(): Promise<CachedBody>;
}

// Query spellings of each alliance (folded, letters only) and the name records carry.
const ALLIANCE_NAMES: Record<string, string | null> = {
  oneworld: 'oneworld',
  staralliance: 'Star Alliance',
  star: 'Star Alliance',
  skyteam: 'SkyTeam',
  none: null,
};

function allianceFilter(raw: string | undefined): string | null | undefined {
  if (raw === undefined) return undefined;
  const key = foldText(raw).replace(/[^a-z]/g, '');
  if (!(key in ALLIANCE_NAMES)) throw badRequest('alliance must be one of: oneworld, star_alliance, skyteam, none');
  return ALLIANCE_NAMES[key];
}

function keyFor(raw: string, lookup: AirlineLookup): AirlineKey | null {
  const value = raw.trim().toUpperCase();
  if (lookup === 'iata') return /^[A-Z0-9]{2}$/.test(value) ? { kind: 'iata', value } : null;
  if (lookup === 'icao') return /^[A-Z]{3}$/.test(value) ? { kind: 'icao', value } : null;
  return airlineKey(raw);
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Airline, aircraft-type and source reads, answered from the in-memory state of the current sync. */
export function createReferenceService(ctx: AviationContext): ReferenceService {
  return {
    async listAirlines(q) {
      await ctx.ensure('airlines');
      const country = q.country?.trim();
      const filter: AirlineFilter = {
        iata: q.iata,
        icao: q.icao,
        countryCode: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined,
        countryName: country && !/^[A-Za-z]{2}$/.test(country) ? country.toLowerCase() : undefined,
        alliance: allianceFilter(q.alliance),
        status: q.status,
        nameContains: q.name === undefined ? undefined : foldText(q.name.trim()),
      };
      const sort = q.sort ?? 'name';
      const offset = (q.page - 1) * q.limit;
      const { rows, total } = ctx.state.data.airlines.list(
        filter,
        { field: sort.replace(/^-/, ''), descending: sort.startsWith('-') },
        q.limit,
        offset,
      );
      return envelopeOf(rows, pageMeta(q.page, q.limit, rows.length, total));
    },

    airline(id, lookup, part) {
      return ctx.remember(`airline:${lookup}:${id.toUpperCase()}:${part}`, 'airlines', () => {
        const key = keyFor(id, lookup);
        const airline = key ? ctx.state.data.airlines.find(key) : null;
        if (!airline) throw notFound(`airline ${id} not found`, 'airline_not_found');
        return envelopeOf(part === 'status' ? { airline_id: airline.id, status: airline.status } : airline);
      });
    },

    async listAircraftTypes(q) {
      await ctx.ensure('aircraft');
      const offset = (q.page - 1) * q.limit;
      const filter = {
        manufacturer: q.manufacturer === undefined ? undefined : foldText(q.manufacturer.trim()),
        bodyClass: q.class,
      };
      const { rows, total } = ctx.state.data.aircraftTypes.list(filter, q.limit, offset);
      return envelopeOf(rows, pageMeta(q.page, q.limit, rows.length, total));
    },

    aircraftType(icao) {
      const designator = icao.trim().toUpperCase();
      return ctx.remember(`aircraft-type:${designator}`, 'aircraft', () => {
        const type = /^[A-Z0-9]{2,4}$/.test(designator) ? ctx.state.data.aircraftTypes.find(designator) : null;
        if (!type) throw notFound(`aircraft type ${icao} not found`, 'aircraft_type_not_found');
        return envelopeOf(type);
      });
    },

    manufacturers() {
      return ctx.remember('manufacturers', 'aircraft', () => {
        const names = ctx.state.data.aircraftTypes.manufacturers;
        return envelopeOf(names, { total: names.length });
      });
    },

    manufacturerAircraftTypes(name, page, limit) {
      const folded = foldText(name.trim());
      return ctx.remember(`manufacturer:${folded}:${page}:${limit}`, 'aircraft', () => {
        const { rows, total } = ctx.state.data.aircraftTypes.list({ manufacturer: folded }, limit, (page - 1) * limit);
        if (total === 0) throw notFound(`manufacturer ${name} not found`, 'manufacturer_not_found');
        return envelopeOf(rows, pageMeta(page, limit, rows.length, total));
      });
    },

    async sources() {
      await ctx.state.settled();
      const rows = new Map(ctx.state.sources.map((r) => [r.name, r]));
      const data: Source[] = SOURCES.map((s) => {
        const r = rows.get(s.name);
        return {
          name: s.name,
          group: s.group,
          description: s.description,
          homepage: s.homepage,
          licence: s.licence,
          licence_url: s.licenceUrl,
          url: r?.url ?? null,
          status: r?.status ?? 'never',
          last_attempt_at: iso(r?.last_attempt_at ?? null),
          last_success_at: iso(r?.last_success_at ?? null),
          error: r?.error ?? null,
          rows_read: r?.rows_read ?? null,
          inserted: r?.inserted ?? null,
          updated: r?.updated ?? null,
          unchanged: r?.unchanged ?? null,
          deleted: r?.deleted ?? null,
          skipped: r?.skipped ?? null,
          skipped_reasons: r?.skipped_reasons ?? {},
          row_count: r?.row_count ?? null,
        };
      });
      return envelopeOf(data);
    },
  };
}
