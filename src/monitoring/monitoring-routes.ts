import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notFound } from '../platform/errors.js';
import { API_KEY_ROUTE } from '../platform/http/route-policy.js';
import type { HealthService } from './health-service.js';
import { Nullable, StringEnum } from '../platform/http/responses.js';

const AirlineHealthSchema = Type.Object({
  airline: Type.String({
    description:
      "Code of the source (one record per source): an airline's IATA code for an airline reached directly (`AA`), or an aggregator's (`DUFFEL`)",
  }),
  name: Type.String(),
  kind: StringEnum(['airline', 'aggregator'], {
    description: '`airline`: one airline reached directly; `aggregator`: a source selling many airlines (Duffel)',
  }),
  status: StringEnum(['up', 'degraded', 'down', 'unknown'], {
    description:
      '`down`: the latest probe failed; `degraded`: it answered slower than 2 s or over 20% of recent probes failed; `unknown`: not probed yet (or monitoring disabled)',
  }),
  environment: Nullable(
    StringEnum(['live', 'test'], {
      description: 'Which endpoint the probe reached: live when configured, else the test system; null before the first probe',
    }),
  ),
  checked_at: Nullable(Type.String({ format: 'date-time', description: 'When the latest probe ran; null before the first' })),
  last_success_at: Nullable(Type.String({ format: 'date-time', description: 'When a probe last succeeded' })),
  last_error: Nullable(Type.String({ description: "The airline's own text of the latest failure" })),
  consecutive_failures: Type.Integer(),
  error_rate: Nullable(Type.Number({ description: 'Share of failed probes among the recent ones (up to 60)' })),
  latency_ms: Type.Object({ p50: Nullable(Type.Number()), p95: Nullable(Type.Number()), p99: Nullable(Type.Number()) }),
  probes: Type.Integer({ description: 'Probes the figures are over' }),
  interval_seconds: Type.Integer({ description: 'Probe interval (MONITORING_INTERVAL_SECONDS; 0 disables monitoring)' }),
});

const NOTE =
  'Health is refreshed by a scheduled probe per connector and read from its record: polling never reaches an airline and does not affect look-to-book.';

/** GET /v1/monitoring/airlines and /v1/monitoring/airlines/{iataCode}. */
export const monitoringRoutes: FastifyPluginAsyncTypebox<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/v1/monitoring/airlines',
    {
      config: API_KEY_ROUTE,
      schema: {
        operationId: 'listAirlineHealth',
        tags: ['monitoring'],
        summary: 'Health of every connected airline',
        description: `One record per registered connector; an empty list when monitoring is disabled. ${NOTE}`,
        response: { 200: Type.Object({ airlines: Type.Array(AirlineHealthSchema) }) },
      },
    },
    async () => ({ airlines: await health.list() }),
  );

  app.get(
    '/v1/monitoring/airlines/:iataCode',
    {
      config: API_KEY_ROUTE,
      schema: {
        operationId: 'getAirlineHealth',
        tags: ['monitoring'],
        summary: 'Health of one airline connector',
        description: `404 for a code with no connector. ${NOTE}`,
        params: Type.Object({
          iataCode: Type.String({ description: 'Source code: an airline reached directly (AA) or an aggregator (DUFFEL)' }),
        }),
        response: {
          200: AirlineHealthSchema,
        },
      },
    },
    async (request) => {
      const record = await health.get(request.params.iataCode);
      if (!record)
        throw notFound(
          `unknown airline ${request.params.iataCode.toUpperCase()}: no connector has that code`,
          'airline_not_found',
        );
      return record;
    },
  );
};
