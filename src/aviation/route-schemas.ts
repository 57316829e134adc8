import { Type, type TSchema } from '@sinclair/typebox';
import { BODY_CLASSES } from './importers/body-class.js';
import { AIRLINE_STATUSES, AIRPORT_TYPES } from './schemas.js';

/** Every aviation answer is `{data, meta, errors}`: on success `errors` is empty. */
const ErrorItem = Type.Object({ code: Type.String(), message: Type.String() });

const Pagination = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer({ description: 'Matching records over all pages' }),
  has_more: Type.Boolean({ description: 'Whether a later page holds more records' }),
});

/**
 * The envelope of a successful answer, named after what it carries (`AirportEnvelope`,
 * `AirportPageEnvelope`, `RunwayListEnvelope`) so a generated client has a type per answer.
 */
export const envelope = (data: TSchema, meta: TSchema = Type.Object({}), name = envelopeName(data)) =>
  Type.Object({ data, meta, errors: Type.Array(ErrorItem, { maxItems: 0 }) }, name ? { $id: name } : {});
export const pagedEnvelope = (item: TSchema) =>
  envelope(Type.Array(item), Pagination, typeof item.$id === 'string' ? `${item.$id}PageEnvelope` : undefined);

function envelopeName(data: TSchema): string | undefined {
  if (typeof data.$id === 'string') return `${data.$id}Envelope`;
  const items = (data as { items?: TSchema }).items;
  return typeof items?.$id === 'string' ? `${items.$id}ListEnvelope` : undefined;
}

/**
 * The response map of a route: its 200 body and a 304 without one. Its errors (the envelope with
 * `data: null`, platform/http/responses.ts) are listed from the error-code catalogue.
 */
export const responses = (ok: TSchema) => ({
  200: ok,
  304: Type.Null({ description: 'Not modified (If-None-Match matched the ETag)' }),
});

export const PageQuery = {
  // Bounded so page × limit stays an offset the database takes: a huge page is a 400 naming it.
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1, description: 'Page number, from 1 to 100000' }),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'Records per page, 1 to 500' }),
};

const sortValues = <T extends string>(fields: readonly T[]) => fields.flatMap((f) => [f, `-${f}` as const]);
export const AIRPORT_SORT_FIELDS = ['name', 'iata', 'icao', 'country', 'city', 'type', 'elevation', 'id', 'distance'] as const;
export const AIRLINE_SORT_FIELDS = ['name', 'iata', 'icao', 'country', 'id'] as const;
// A plain `enum`, so a bad value is refused as "sort must be one of: name, -name, ..." and the
// OpenAPI description lists the values.
const literalUnion = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

export const AirportListQuery = Type.Object({
  iata: Type.Optional(Type.String({ description: 'IATA code, exact (case-insensitive)' })),
  icao: Type.Optional(Type.String({ description: 'ICAO code, exact (case-insensitive)' })),
  country: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2 country code' })),
  city: Type.Optional(Type.String({ description: 'City (municipality), case- and accent-insensitive, whole name' })),
  region: Type.Optional(Type.String({ description: 'ISO 3166-2 region code such as US-NY' })),
  type: Type.Optional(
    literalUnion(
      AIRPORT_TYPES,
      'Airport type. `balloonport` is not in the contract but exists in the data (61 places) and can be asked for by name',
    ),
  ),
  name: Type.Optional(Type.String({ minLength: 1, description: 'Part of the name, case- and accent-insensitive' })),
  sort: Type.Optional(
    literalUnion(
      sortValues(AIRPORT_SORT_FIELDS),
      'Sort key, `-` for descending. `type` sorts by size (large first, closed last); `distance` needs lat and lon and is the default when they are given; otherwise `name`. Ties are broken by id.',
    ),
  ),
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Latitude of the search centre (with lon)' })),
  lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'Longitude of the search centre (with lat)' })),
  radius_km: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: 20_000,
      description: 'Great-circle radius around lat/lon; default 100 when lat/lon are given',
    }),
  ),
  ...PageQuery,
});

export const AirlineListQuery = Type.Object({
  iata: Type.Optional(Type.String({ description: 'IATA code, exact' })),
  icao: Type.Optional(Type.String({ description: 'ICAO code, exact' })),
  country: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2 code, or the country name as OpenFlights writes it' })),
  alliance: Type.Optional(
    Type.String({
      description: 'oneworld, star_alliance or skyteam (case, spaces and dashes ignored); `none` for airlines in no alliance',
    }),
  ),
  status: Type.Optional(literalUnion(AIRLINE_STATUSES, 'Derived status')),
  name: Type.Optional(Type.String({ minLength: 1, description: 'Part of the name, case- and accent-insensitive' })),
  sort: Type.Optional(
    literalUnion(sortValues(AIRLINE_SORT_FIELDS), 'Sort key, `-` for descending; default `name`. Ties are broken by id.'),
  ),
  ...PageQuery,
});

export const AircraftTypeListQuery = Type.Object({
  manufacturer: Type.Optional(Type.String({ description: 'Normalized manufacturer name, case- and accent-insensitive' })),
  class: Type.Optional(literalUnion(BODY_CLASSES, 'Derived body class (rules in the docs)')),
  ...PageQuery,
});

export const PageOnlyQuery = Type.Object(PageQuery);

export const AirportIdParams = Type.Object({
  id: Type.String({
    description:
      'Digits: internal id. Three letters: IATA code. Four characters: ICAO code, else OurAirports ident. Anything else: OurAirports ident. Case-insensitive.',
  }),
});
export const AirlineIdParams = Type.Object({
  id: Type.String({ description: 'Digits: internal id. Two characters: IATA code. Three letters: ICAO code. Case-insensitive.' }),
});
export const IataParams = Type.Object({ iata: Type.String() });
export const IcaoParams = Type.Object({ icao: Type.String() });
export const IcaoTypeParams = Type.Object({ icao_type: Type.String({ description: 'ICAO type designator such as B738' }) });
export const ManufacturerParams = Type.Object({
  name: Type.String({ description: 'Manufacturer name as listed by /manufacturers' }),
});
