import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sendCached } from './envelope-reply.js';
import {
  AircraftTypeListQuery,
  envelope,
  IcaoTypeParams,
  ManufacturerParams,
  PageOnlyQuery,
  pagedEnvelope,
  responses,
} from './route-schemas.js';
import { AircraftType } from './schemas.js';
import type { AviationService } from './service.js';

/** The app as a TypeBox plugin receives it. */
type TypedApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** `/v1/aviation/aircraft-types` and `/v1/aviation/manufacturers`: aircraft types, one, and a manufacturer's. */
export function aircraftTypeRoutes(app: TypedApp, service: AviationService, tags: string[]): void {
  app.get(
    '/v1/aviation/aircraft-types',
    {
      schema: {
        operationId: 'listAircraftTypes',
        tags,
        summary: 'List aircraft types (one per ICAO designator)',
        description: 'Sorted by designator. `class` is the derived body class; `manufacturer` matches the normalized name.',
        querystring: AircraftTypeListQuery,
        response: responses(pagedEnvelope(AircraftType)),
      },
    },
    async (request, reply) => sendCached(request, reply, await service.listAircraftTypes(request.query)),
  );

  app.get(
    '/v1/aviation/aircraft-types/:icao_type',
    {
      schema: {
        operationId: 'getAircraftType',
        description: 'One aircraft type in the envelope; 404 in the envelope for a designator the data does not hold.',
        tags,
        summary: 'Aircraft type by ICAO designator',
        params: IcaoTypeParams,
        response: responses(envelope(AircraftType)),
      },
    },
    async (request, reply) => sendCached(request, reply, await service.aircraftType(request.params.icao_type)),
  );

  app.get(
    '/v1/aviation/manufacturers',
    {
      schema: {
        operationId: 'listManufacturers',
        description:
          'Every manufacturer name as the aircraft-type data normalizes it, with their count in `meta.total`; pass one to `/manufacturers/{name}/aircraft-types`.',
        tags,
        summary: 'Aircraft manufacturers (normalized names)',
        response: responses(
          envelope(Type.Array(Type.String()), Type.Object({ total: Type.Integer() }), 'ManufacturerListEnvelope'),
        ),
      },
    },
    async (request, reply) => sendCached(request, reply, await service.manufacturers()),
  );

  app.get(
    '/v1/aviation/manufacturers/:name/aircraft-types',
    {
      schema: {
        operationId: 'listManufacturerAircraftTypes',
        tags,
        summary: "A manufacturer's aircraft types",
        description: 'The name as `/manufacturers` lists it, case- and accent-insensitive; percent-encode spaces.',
        params: ManufacturerParams,
        querystring: PageOnlyQuery,
        response: responses(pagedEnvelope(AircraftType)),
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await service.manufacturerAircraftTypes(request.params.name, request.query.page, request.query.limit),
      ),
  );
}
