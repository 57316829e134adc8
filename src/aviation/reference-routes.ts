import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API_KEY_ENVELOPE_ROUTE } from '../platform/http/route-policy.js';
import { sendCached, STATUS_CACHE_CONTROL } from './envelope-reply.js';
import type { AirlineLookup } from './reference-service.js';
import {
  AirlineIdParams,
  AirlineListQuery,
  envelope,
  IataParams,
  IcaoParams,
  pagedEnvelope,
  responses,
} from './route-schemas.js';
import { Airline, AirlineStatus, Source } from './schemas.js';
import type { AviationService } from './service.js';
import { aircraftTypeRoutes } from './aircraft-type-routes.js';

const AIRLINE_ID_NOTE =
  'The id is resolved, case-insensitively, as: digits → internal id; two letters or digits → IATA code; three letters → ICAO code. IATA codes are reused: the active holder wins, then the lowest id.';

export const referenceRoutes: FastifyPluginAsyncTypebox<{ service: AviationService }> = async (app, { service }) => {
  const tags = ['aviation'];

  app.get(
    '/v1/aviation/airlines',
    {
      schema: {
        operationId: 'searchAirlines',
        tags,
        summary: 'Search airlines',
        description:
          'Status is derived from OpenFlights: `active` (flag Y), `defunct` (flag N and its code now held by an active airline), `inactive` (flag N otherwise), `unknown` (no flag). Alliances come from a curated table of full members.',
        querystring: AirlineListQuery,
        response: responses(pagedEnvelope(Airline)),
      },
    },
    async (request, reply) => sendCached(request, reply, await service.listAirlines(request.query)),
  );

  const airline = ({
    operationId,
    path,
    lookup,
    part,
    summary,
  }: {
    operationId: string;
    path: string;
    lookup: AirlineLookup;
    part: 'airline' | 'status';
    summary: string;
  }) => {
    app.get(
      path,
      {
        schema: {
          operationId,
          tags,
          summary,
          description:
            lookup === 'any'
              ? AIRLINE_ID_NOTE
              : `Exact ${lookup.toUpperCase()} code; when several airlines hold it, the active one, then the lowest id.`,
          params: lookup === 'iata' ? IataParams : lookup === 'icao' ? IcaoParams : AirlineIdParams,
          response: responses(envelope(part === 'status' ? AirlineStatus : Airline)),
        },
      },
      async (request, reply) => {
        const p = request.params as Record<string, string>;
        return sendCached(request, reply, await service.airline(p.id ?? p.iata ?? p.icao ?? '', lookup, part));
      },
    );
  };
  airline({
    operationId: 'getAirlineByIata',
    path: '/v1/aviation/airlines/iata/:iata',
    lookup: 'iata',
    part: 'airline',
    summary: 'Airline by IATA code',
  });
  airline({
    operationId: 'getAirlineByIcao',
    path: '/v1/aviation/airlines/icao/:icao',
    lookup: 'icao',
    part: 'airline',
    summary: 'Airline by ICAO code',
  });
  airline({
    operationId: 'getAirline',
    path: '/v1/aviation/airlines/:id',
    lookup: 'any',
    part: 'airline',
    summary: 'Airline by id, IATA or ICAO code',
  });
  airline({
    operationId: 'getAirlineStatus',
    path: '/v1/aviation/airlines/:id/status',
    lookup: 'any',
    part: 'status',
    summary: 'Derived status of an airline',
  });

  aircraftTypeRoutes(app, service, tags);

  app.get(
    '/v1/reference/sources',
    {
      config: { ...API_KEY_ENVELOPE_ROUTE, meter: 'reference' },
      schema: {
        operationId: 'listDataSources',
        tags,
        summary: 'Upstream data sources: licence and sync status',
        description: 'Answers before any sync too, so an operator can see why aviation data is unavailable.',
        response: responses(envelope(Type.Array(Source))),
      },
    },
    async (request, reply) => sendCached(request, reply, await service.sources(), STATUS_CACHE_CONTROL),
  );
};
