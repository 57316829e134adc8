import type { AircraftType, Airline, Airport, Frequency, Navaid, Runway } from './schemas.js';

/** Rows come from the driver or from `json_agg` (the one-round-trip profile); both map alike. */
type Row = Record<string, any>;

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const UNASSIGNED_REGION = /^[A-Z]{2}-U-A$/;

export function toAirport(r: Row): Airport {
  const placeholderRegion = typeof r.region_code === 'string' && UNASSIGNED_REGION.test(r.region_code);
  const airport: Airport = {
    id: String(r.id),
    ident: r.ident,
    type: r.type,
    name: r.name,
    iata: r.iata_code ?? null,
    icao: r.icao_code ?? null,
    gps_code: r.gps_code ?? null,
    local_code: r.local_code ?? null,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    elevation_ft: num(r.elevation_ft),
    continent: r.continent ?? null,
    country_code: r.country_code ?? null,
    country_name: r.country_name ?? null,
    region_code: placeholderRegion ? null : (r.region_code ?? null),
    region_name: placeholderRegion ? null : (r.region_name ?? null),
    city: r.city ?? null,
    scheduled_service: Boolean(r.scheduled_service),
    timezone: r.timezone ?? null,
    home_link: r.home_link ?? null,
    wikipedia_link: r.wikipedia_link ?? null,
    keywords:
      typeof r.keywords === 'string'
        ? r.keywords
            .split(',')
            .map((k: string) => k.trim())
            .filter(Boolean)
        : [],
  };
  if (r.distance_km !== null && r.distance_km !== undefined)
    airport.distance_km = Math.round(Number(r.distance_km) * 1000) / 1000;
  return airport;
}

const runwayEnd = (r: Row, end: 'le' | 'he') => ({
  ident: r[`${end}_ident`] ?? null,
  latitude: num(r[`${end}_latitude`]),
  longitude: num(r[`${end}_longitude`]),
  elevation_ft: num(r[`${end}_elevation_ft`]),
  heading_deg_true: num(r[`${end}_heading_deg_true`]),
  displaced_threshold_ft: num(r[`${end}_displaced_threshold_ft`]),
});

export const toRunway = (r: Row): Runway => ({
  id: String(r.id),
  airport_id: String(r.airport_id),
  airport_ident: r.airport_ident ?? null,
  length_ft: num(r.length_ft),
  width_ft: num(r.width_ft),
  surface: r.surface ?? null,
  lighted: r.lighted ?? null,
  closed: r.closed ?? null,
  le: runwayEnd(r, 'le'),
  he: runwayEnd(r, 'he'),
});

export const toFrequency = (r: Row): Frequency => ({
  id: String(r.id),
  airport_id: String(r.airport_id),
  airport_ident: r.airport_ident ?? null,
  type: r.type ?? null,
  description: r.description ?? null,
  frequency_mhz: num(r.frequency_mhz),
});

export const toNavaid = (r: Row): Navaid => ({
  id: String(r.id),
  ident: r.ident ?? null,
  name: r.name ?? null,
  type: r.type ?? null,
  frequency_khz: num(r.frequency_khz),
  latitude: num(r.latitude),
  longitude: num(r.longitude),
  elevation_ft: num(r.elevation_ft),
  country_code: r.country_code ?? null,
  dme:
    r.dme_frequency_khz === null && r.dme_channel === null
      ? null
      : {
          frequency_khz: num(r.dme_frequency_khz),
          channel: r.dme_channel ?? null,
          latitude: num(r.dme_latitude),
          longitude: num(r.dme_longitude),
          elevation_ft: num(r.dme_elevation_ft),
        },
  slaved_variation_deg: num(r.slaved_variation_deg),
  magnetic_variation_deg: num(r.magnetic_variation_deg),
  usage_type: r.usage_type ?? null,
  power: r.power ?? null,
  airport_id: str(r.airport_id),
  airport_ident: r.associated_airport ?? null,
});

export const toAirline = (r: Row): Airline => ({
  id: String(r.id),
  name: r.name,
  alias: r.alias ?? null,
  iata: r.iata_code ?? null,
  icao: r.icao_code ?? null,
  callsign: r.callsign ?? null,
  country_name: r.country_name ?? null,
  country_code: r.country_code ?? null,
  status: r.status,
  active_flag: r.active_flag ?? null,
  alliance: r.alliance ?? null,
});

export const toAircraftType = (r: Row): AircraftType => ({
  icao: r.icao_code,
  iata_codes: r.iata_codes ?? [],
  manufacturer: r.manufacturer,
  manufacturer_aliases: r.manufacturer_aliases ?? [],
  model: r.model,
  models: r.models ?? [],
  family: r.family ?? null,
  engine_count: num(r.engine_count),
  engine_type: r.engine_type ?? null,
  species: r.species ?? null,
  wake_category: r.wake_category ?? null,
  body_class: r.body_class,
  in_service: Boolean(r.in_service),
});
