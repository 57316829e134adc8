import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AirportLookup, AirportPart } from './airport-service.js';
import { sendCached } from './envelope-reply.js';
import {
  AirportIdParams,
  AirportListQuery,
  envelope,
  IataParams,
  IcaoParams,
  pagedEnvelope,
  responses,
} from './route-schemas.js';
import { Airport, AirportProfile, AirportTimezone, Frequency, Navaid, Runway } from './schemas.js';
import type { AviationService } from './service.js';

const AirportMeta = Type.Object({
  airport_id: Type.String(),
  airport_iata: Type.Union([Type.String(), Type.Null()]),
  airport_icao: Type.Union([Type.String(), Type.Null()]),
});

const ID_NOTE =
  'The id is resolved, case-insensitively, as: digits → internal id; three letters → IATA code; four letters or digits → ICAO code, else OurAirports ident; anything else → OurAirports ident. When an IATA code is held twice, the open and larger airport wins.';

export const airportRoutes: FastifyPluginAsyncTypebox<{ service: AviationService }> = async (app, { service }) => {
  const tags = ['aviation'];

  app.get(
    '/v1/aviation/airports',
    {
      schema: {
        operationId: 'searchAirports',
        tags,
        summary: 'Search airports',
        description:
          'Filters combine with AND. With `lat` and `lon` the search is a great-circle radius search (`radius_km`, default 100) using the (latitude, longitude) index, answers carry `distance_km` and sort by distance unless `sort` says otherwise. The data also holds `balloonport`, a type outside the contract list, which `type=balloonport` selects.',
        querystring: AirportListQuery,
        response: responses(pagedEnvelope(Airport)),
      },
    },
    async (request, reply) => sendCached(request, reply, await service.listAirports(request.query)),
  );

  const one = (
    operationId: string,
    path: string,
    lookup: AirportLookup,
    part: AirportPart,
    summary: string,
    data: Parameters<typeof envelope>[0],
    meta?: Parameters<typeof envelope>[1],
  ) => {
    const params = lookup === 'iata' ? IataParams : lookup === 'icao' ? IcaoParams : AirportIdParams;
    app.get(
      path,
      {
        schema: {
          operationId,
          tags,
          summary,
          description: lookup === 'any' ? ID_NOTE : `Exact ${lookup.toUpperCase()} code (case-insensitive).`,
          params,
          response: responses(envelope(data, meta)),
        },
      },
      async (request, reply) => {
        const p = request.params as Record<string, string>;
        return sendCached(request, reply, await service.airport(p.id ?? p.iata ?? p.icao ?? '', lookup, part));
      },
    );
  };

  one('getAirportByIata', '/v1/aviation/airports/iata/:iata', 'iata', 'airport', 'Airport by IATA code', Airport);
  one('getAirportByIcao', '/v1/aviation/airports/icao/:icao', 'icao', 'airport', 'Airport by ICAO code', Airport);
  one('getAirport', '/v1/aviation/airports/:id', 'any', 'airport', 'Airport by id, IATA or ICAO code', Airport);
  one(
    'getAirportProfile',
    '/v1/aviation/airports/:id/full',
    'any',
    'full',
    'Airport with runways, frequencies and navaids (one database round trip)',
    AirportProfile,
    Type.Object({
      airport_iata: Type.Union([Type.String(), Type.Null()]),
      airport_icao: Type.Union([Type.String(), Type.Null()]),
    }),
  );
  one(
    'listAirportRunways',
    '/v1/aviation/airports/:id/runways',
    'any',
    'runways',
    'Runways of an airport',
    Type.Array(Runway),
    AirportMeta,
  );
  one(
    'listAirportFrequencies',
    '/v1/aviation/airports/:id/frequencies',
    'any',
    'frequencies',
    'Radio frequencies of an airport',
    Type.Array(Frequency),
    AirportMeta,
  );
  one(
    'listAirportNavaids',
    '/v1/aviation/airports/:id/navaids',
    'any',
    'navaids',
    'Navigation aids associated with an airport',
    Type.Array(Navaid),
    AirportMeta,
  );
  one(
    'getAirportTimezone',
    '/v1/aviation/airports/:id/timezone',
    'any',
    'timezone',
    'IANA time zone of an airport (derived from its coordinates)',
    AirportTimezone,
  );
};
