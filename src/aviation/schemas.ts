import { Type, type Static } from '@sinclair/typebox';
import { BODY_CLASSES } from './importers/body-class.js';
import { Nullable } from '../platform/http/responses.js';

const Str = Nullable(Type.String());
const Num = Nullable(Type.Number());
const Int = Nullable(Type.Integer());

export const AIRPORT_TYPES = [
  'large_airport',
  'medium_airport',
  'small_airport',
  'heliport',
  'seaplane_base',
  'closed',
  'balloonport',
] as const;

export const Airport = Type.Object(
  {
    id: Type.String({ description: 'Internal id (the OurAirports id)' }),
    ident: Type.String({ description: 'OurAirports ident (the ICAO code where one exists, else a local or made-up code)' }),
    type: Type.String({ description: `One of ${AIRPORT_TYPES.join(', ')}` }),
    name: Type.String(),
    iata: Str,
    icao: Str,
    gps_code: Str,
    local_code: Str,
    latitude: Type.Number(),
    longitude: Type.Number(),
    elevation_ft: Int,
    continent: Str,
    country_code: Str,
    country_name: Str,
    region_code: Nullable(
      Type.String({ description: 'ISO 3166-2; null where OurAirports has only an `XX-U-A` "unassigned" placeholder' }),
    ),
    region_name: Str,
    city: Str,
    scheduled_service: Type.Boolean(),
    timezone: Nullable(Type.String({ description: 'IANA zone derived from the coordinates' })),
    home_link: Str,
    wikipedia_link: Str,
    keywords: Type.Array(Type.String()),
    distance_km: Type.Optional(Type.Number({ description: 'Great-circle distance from lat/lon, in radius searches only' })),
  },
  { $id: 'Airport' },
);
export type Airport = Static<typeof Airport>;

const RunwayEnd = Type.Object({
  ident: Str,
  latitude: Num,
  longitude: Num,
  elevation_ft: Int,
  heading_deg_true: Num,
  displaced_threshold_ft: Int,
});

export const Runway = Type.Object(
  {
    id: Type.String(),
    airport_id: Type.String(),
    airport_ident: Str,
    length_ft: Int,
    width_ft: Int,
    surface: Str,
    lighted: Nullable(Type.Boolean()),
    closed: Nullable(Type.Boolean()),
    le: RunwayEnd,
    he: RunwayEnd,
  },
  { $id: 'Runway' },
);
export type Runway = Static<typeof Runway>;

export const Frequency = Type.Object(
  {
    id: Type.String(),
    airport_id: Type.String(),
    airport_ident: Str,
    type: Nullable(Type.String({ description: 'TWR, APP, GND, ATIS, CTAF, ...' })),
    description: Str,
    frequency_mhz: Num,
  },
  { $id: 'Frequency' },
);
export type Frequency = Static<typeof Frequency>;

export const Navaid = Type.Object(
  {
    id: Type.String(),
    ident: Str,
    name: Str,
    type: Nullable(Type.String({ description: 'VOR, VOR-DME, VORTAC, DME, NDB, NDB-DME, TACAN' })),
    frequency_khz: Num,
    latitude: Num,
    longitude: Num,
    elevation_ft: Int,
    country_code: Str,
    dme: Nullable(Type.Object({ frequency_khz: Num, channel: Str, latitude: Num, longitude: Num, elevation_ft: Int })),
    slaved_variation_deg: Num,
    magnetic_variation_deg: Num,
    usage_type: Str,
    power: Str,
    airport_id: Str,
    airport_ident: Str,
  },
  { $id: 'Navaid' },
);
export type Navaid = Static<typeof Navaid>;

export const AirportProfile = Type.Object(
  {
    airport: Airport,
    runways: Type.Array(Runway),
    frequencies: Type.Array(Frequency),
    navaids: Type.Array(Navaid),
  },
  { $id: 'AirportProfile' },
);

export const AIRLINE_STATUSES = ['active', 'inactive', 'defunct', 'unknown'] as const;

export const Airline = Type.Object(
  {
    id: Type.String({ description: 'Internal id (the OpenFlights id)' }),
    name: Type.String(),
    alias: Str,
    iata: Str,
    icao: Str,
    callsign: Str,
    country_name: Nullable(Type.String({ description: 'As OpenFlights names it' })),
    country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2, matched from the name' })),
    status: Type.Union(AIRLINE_STATUSES.map((s) => Type.Literal(s))),
    active_flag: Nullable(Type.String({ description: "OpenFlights' own Y/N flag the status is derived from" })),
    alliance: Nullable(Type.String({ description: 'oneworld, Star Alliance or SkyTeam (curated table)' })),
  },
  { $id: 'Airline' },
);
export type Airline = Static<typeof Airline>;

export const AircraftType = Type.Object(
  {
    icao: Type.String({ description: 'ICAO type designator (Doc 8643)' }),
    iata_codes: Type.Array(Type.String()),
    manufacturer: Type.String({ description: 'One normalized name per manufacturer' }),
    manufacturer_aliases: Type.Array(Type.String(), { description: 'Other makers the upstream names for this designator' }),
    model: Type.String(),
    models: Type.Array(Type.String()),
    family: Str,
    engine_count: Int,
    engine_type: Nullable(Type.String({ description: 'jet, turboprop, piston, electric, rocket' })),
    species: Str,
    wake_category: Nullable(Type.String({ description: 'L, M, H, J, or L/M, M/H where the upstream is unsure' })),
    body_class: Type.String({ description: `Derived: ${BODY_CLASSES.join(', ')}` }),
    in_service: Type.Boolean(),
  },
  { $id: 'AircraftType' },
);
export type AircraftType = Static<typeof AircraftType>;

export const Source = Type.Object(
  {
    name: Type.String(),
    group: Type.String(),
    description: Type.String(),
    homepage: Type.String(),
    licence: Type.String(),
    licence_url: Type.String(),
    url: Nullable(Type.String({ description: 'Where the last attempt read from' })),
    status: Type.Union([Type.Literal('never'), Type.Literal('running'), Type.Literal('ok'), Type.Literal('failed')]),
    last_attempt_at: Str,
    last_success_at: Str,
    error: Str,
    rows_read: Int,
    inserted: Int,
    updated: Int,
    unchanged: Int,
    deleted: Int,
    skipped: Int,
    skipped_reasons: Type.Record(Type.String(), Type.Integer()),
    row_count: Int,
  },
  { $id: 'DataSource' },
);
export type Source = Static<typeof Source>;

export const AirportTimezone = Type.Object({ airport_id: Type.String(), timezone: Str }, { $id: 'AirportTimezone' });
export const AirlineStatus = Type.Object({ airline_id: Type.String(), status: Type.String() }, { $id: 'AirlineStatus' });
