import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardEnvironmentQuery, dashboardBookingScope } from '../identity/sessions/dashboard-booking-scope.js';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import { withExamples } from '../platform/http/request-examples.js';
import { FailedSchema, type SearchRoutesOptions } from './search-routes.js';
import { sendSearchAnswer } from './search-answer.js';
import { searchExamples, SearchRequestSchema, SearchResponseSchema } from './search-schemas.js';
import { validateSearch } from './search-validation.js';
import { unknownAirportWarnings } from './search-warnings.js';

/**
 * POST /v1/dev/shopping/offers: the dashboard's search, on a portal session. The same request,
 * validation, cache, answer and failures as POST /v1/shopping/offers, in the environment asked for
 * (docs/dashboard.md). Like every /v1/dev route it is not metered against the plan, but it is held
 * to the agency's search rate limit (one budget with the API's searches) and counts in its
 * look-to-book figures, as a search by key would.
 */
export const dashboardSearchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (
  app,
  { platform, search: service, lookToBook, rateLimit, airportCodes },
) => {
  app.post(
    '/v1/dev/shopping/offers',
    {
      preValidation: rateLimit.enforce,
      schema: {
        operationId: 'searchDashboardOffers',
        tags: ['shopping'],
        summary: 'Dashboard: search every connected airline for offers (session)',
        description:
          'What `POST /v1/shopping/offers` answers, for a portal session of the agency, in `environment` (default `test`). ' +
          'Every member may search in test; live needs a live agency and an owner or admin (403 `agency_not_live`, ' +
          '`role_forbidden`); a support session needs the platform permission orders.support. Not metered against the plan; ' +
          "held to the agency's search rate limit together with its API searches (429 with `Retry-After: 60`).",
        security: SESSION_SECURITY,
        querystring: DashboardEnvironmentQuery,
        body: withExamples(SearchRequestSchema, searchExamples),
        response: { 200: SearchResponseSchema, 502: FailedSchema },
      },
    },
    async (request, reply) => {
      const { agencyId, environment } = await dashboardBookingScope(platform.db, request, request.query.environment);
      const search = validateSearch(request.body, platform.clock());
      lookToBook.recordSearch(agencyId);
      const key = service.cacheKey(search, environment);
      return sendSearchAnswer(request, reply, {
        options: { search: service, lookToBook, rateLimit },
        search: { request: search, environment, key },
        agencyId,
        warnings: unknownAirportWarnings(search, request.body.slices !== undefined, airportCodes),
      });
    },
  );
};
