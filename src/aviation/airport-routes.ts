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

  const one = ({
    operationId,
    path,
    lookup,
    part,
    summary,
    data,
    meta,
  }: {
    operationId: string;
    path: string;
    lookup: AirportLookup;
    part: AirportPart;
    summary: string;
    data: Parameters<typeof envelope>[0];
    meta?: Parameters<typeof envelope>[1];
  }) => {
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

  one({
    operationId: 'getAirportByIata',
    path: '/v1/aviation/airports/iata/:iata',
    lookup: 'iata',
    part: 'airport',
    summary: 'Airport by IATA code',
    data: Airport,
  });
  one({
    operationId: 'getAirportByIcao',
    path: '/v1/aviation/airports/icao/:icao',
    lookup: 'icao',
    part: 'airport',
    summary: 'Airport by ICAO code',
    data: Airport,
  });
  one({
    operationId: 'getAirport',
    path: '/v1/aviation/airports/:id',
    lookup: 'any',
    part: 'airport',
    summary: 'Airport by id, IATA or ICAO code',
    data: Airport,
  });
  one({
    operationId: 'getAirportProfile',
    path: '/v1/aviation/airports/:id/full',
    lookup: 'any',
    part: 'full',
    summary: 'Airport with runways, frequencies and navaids (one database round trip)',
    data: AirportProfile,
    meta: Type.Object({
      airport_iata: Type.Union([Type.String(), Type.Null()]),
      airport_icao: Type.Union([Type.String(), Type.Null()]),
    }),
  });
  one({
    operationId: 'listAirportRunways',
    path: '/v1/aviation/airports/:id/runways',
    lookup: 'any',
    part: 'runways',
    summary: 'Runways of an airport',
    data: Type.Array(Runway),
    meta: AirportMeta,
  });
  one({
    operationId: 'listAirportFrequencies',
    path: '/v1/aviation/airports/:id/frequencies',
    lookup: 'any',
    part: 'frequencies',
    summary: 'Radio frequencies of an airport',
    data: Type.Array(Frequency),
    meta: AirportMeta,
  });
  one({
    operationId: 'listAirportNavaids',
    path: '/v1/aviation/airports/:id/navaids',
    lookup: 'any',
    part: 'navaids',
    summary: 'Navigation aids associated with an airport',
    data: Type.Array(Navaid),
    meta: AirportMeta,
  });
  one({
    operationId: 'getAirportTimezone',
    path: '/v1/aviation/airports/:id/timezone',
    lookup: 'any',
    part: 'timezone',
    summary: 'IANA time zone of an airport (derived from its coordinates)',
    data: AirportTimezone,
  });
};
