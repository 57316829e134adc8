import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import { Nullable } from '../platform/http/responses.js';
import { airlineNames } from './airline-names.js';
import type { DatasetState } from './dataset-state.js';

/** At most this many codes per request: every airline of a search's offers fits many times over. */
const MAX_CODES = 50;

const AirlineNamesQuery = Type.Object(
  {
    iata: Type.String({
      pattern: `^[A-Za-z0-9]{2}(,[A-Za-z0-9]{2}){0,${MAX_CODES - 1}}$`,
      description: `IATA airline codes, comma-separated (\`AA,VS,DL\`), 1 to ${MAX_CODES}`,
    }),
  },
  { additionalProperties: false },
);

const AirlineNamesResponse = Type.Object({
  airlines: Type.Array(
    Type.Object({
      iata: Type.String({ description: 'The code asked for, upper-cased' }),
      name: Nullable(Type.String({ description: "The airline's name in the aviation reference data; null when it has none" })),
    }),
    { description: 'One per distinct code asked for, in the order asked' },
  ),
});

/**
 * GET /v1/dev/airlines: airline names for the dashboard's Book screen, on a portal session, from the
 * aviation reference data the API serves under /v1/aviation/airlines (which takes an API key). One
 * request names every airline of a search's offers.
 */
export const dashboardAirlineRoutes: FastifyPluginAsyncTypebox<{ state: DatasetState }> = async (app, { state }) => {
  app.get(
    '/v1/dev/airlines',
    {
      schema: {
        operationId: 'listDashboardAirlineNames',
        tags: ['aviation'],
        summary: 'Dashboard: airline names by IATA code (session)',
        description:
          "Names of the airlines asked for, from the aviation reference data (`GET /v1/aviation/airlines`' names); every name " +
          'is null until an aviation sync has imported the airlines. Not metered.',
        security: SESSION_SECURITY,
        querystring: AirlineNamesQuery,
        response: { 200: AirlineNamesResponse },
      },
    },
    async (request) => ({ airlines: await airlineNames(state, request.query.iata.split(',')) }),
  );
};
