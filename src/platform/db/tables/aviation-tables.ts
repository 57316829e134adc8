import type { Generated, GeneratedAlways } from 'kysely';
import type { Json, JsonWithDefault } from './column-types.js';

/** The aviation reference data and its sources (declared by hand from the migrations named; ../tables.ts says how). */
export interface AviationTables {
  // 0002_aviation, 0006_aviation_geo (aviation_airports.lat_band)
  aviation_sources: {
    name: string;
    url: string | null;
    status: Generated<'never' | 'running' | 'ok' | 'failed'>;
    last_attempt_at: Date | null;
    last_success_at: Date | null;
    error: string | null;
    rows_read: number | null;
    inserted: number | null;
    updated: number | null;
    unchanged: number | null;
    deleted: number | null;
    skipped: number | null;
    /** Rows skipped per reason. */
    skipped_reasons: JsonWithDefault<Record<string, number>>;
    row_count: number | null;
  };
  aviation_countries: {
    code: string;
    id: number;
    name: string;
    continent: string | null;
    wikipedia_link: string | null;
    keywords: string | null;
  };
  aviation_regions: {
    code: string;
    id: number;
    local_code: string | null;
    name: string;
    continent: string | null;
    country_code: string | null;
    wikipedia_link: string | null;
    keywords: string | null;
  };
  aviation_airports: {
    id: number;
    ident: string;
    type: string;
    name: string;
    latitude: number;
    longitude: number;
    elevation_ft: number | null;
    continent: string | null;
    country_code: string | null;
    region_code: string | null;
    city: string | null;
    scheduled_service: boolean;
    icao_code: string | null;
    iata_code: string | null;
    gps_code: string | null;
    local_code: string | null;
    home_link: string | null;
    wikipedia_link: string | null;
    keywords: string | null;
    timezone: string | null;
    search_name: string;
    search_city: string | null;
    /** floor(latitude), computed by PostgreSQL: never written. */
    lat_band: GeneratedAlways<number>;
  };
  aviation_runways: {
    id: number;
    airport_id: number;
    airport_ident: string | null;
    length_ft: number | null;
    width_ft: number | null;
    surface: string | null;
    lighted: boolean | null;
    closed: boolean | null;
    le_ident: string | null;
    le_latitude: number | null;
    le_longitude: number | null;
    le_elevation_ft: number | null;
    le_heading_deg_true: number | null;
    le_displaced_threshold_ft: number | null;
    he_ident: string | null;
    he_latitude: number | null;
    he_longitude: number | null;
    he_elevation_ft: number | null;
    he_heading_deg_true: number | null;
    he_displaced_threshold_ft: number | null;
  };
  aviation_frequencies: {
    id: number;
    airport_id: number;
    airport_ident: string | null;
    type: string | null;
    description: string | null;
    frequency_mhz: number | null;
  };
  aviation_navaids: {
    id: number;
    filename: string | null;
    ident: string | null;
    name: string | null;
    type: string | null;
    frequency_khz: number | null;
    latitude: number | null;
    longitude: number | null;
    elevation_ft: number | null;
    country_code: string | null;
    dme_frequency_khz: number | null;
    dme_channel: string | null;
    dme_latitude: number | null;
    dme_longitude: number | null;
    dme_elevation_ft: number | null;
    slaved_variation_deg: number | null;
    magnetic_variation_deg: number | null;
    usage_type: string | null;
    power: string | null;
    associated_airport: string | null;
    airport_id: number | null;
  };
  aviation_airlines: {
    id: number;
    name: string;
    alias: string | null;
    iata_code: string | null;
    icao_code: string | null;
    callsign: string | null;
    country_name: string | null;
    country_code: string | null;
    active_flag: string | null;
    status: 'active' | 'inactive' | 'defunct' | 'unknown';
    alliance: string | null;
    search_name: string;
  };
  aviation_airliner_types: {
    iata_code: string;
    icao_code: string | null;
    name: string;
    family: string | null;
    wake_category: string | null;
    engine_count: number | null;
    engine_type: string | null;
  };
  aviation_aircraft_types: {
    icao_code: string;
    manufacturer: string;
    model: string;
    models: Json<string[]>;
    manufacturer_aliases: Json<string[]>;
    engine_count: number | null;
    engine_type: string | null;
    species: string | null;
    wake_category: string | null;
    body_class: string;
    in_service: boolean;
    iata_codes: Json<string[]>;
    family: string | null;
    search_manufacturer: string;
  };
}
