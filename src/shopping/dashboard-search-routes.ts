import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { DashboardEnvironmentQuery, dashboardBookingScope } from '../identity/sessions/dashboard-booking-scope.js';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import { withExamples } from '../platform/http/request-examples.js';
import type { Platform } from '../platform/platform.js';
import type { LookToBook } from './look-to-book.js';
import type { SearchRateLimit } from './search-rate-limit.js';
import { FailedSchema } from './search-routes.js';
import { searchExamples, SearchRequestSchema, SearchResponseSchema } from './search-schemas.js';
import { newSearchId, type SearchService } from './search-service.js';
import { validateSearch } from './search-validation.js';

/** Stored bytes go out as they are, as on the API's search. */
const sendBytes = (reply: FastifyReply, bytes: Buffer) => reply.send(bytes);

export interface DashboardSearchRoutesOptions {
  platform: Platform;
  search: SearchService;
  lookToBook: LookToBook;
  rateLimit: SearchRateLimit;
}

/**
 * POST /v1/dev/shopping/offers: the dashboard's search, on a portal session. The same request,
 * validation, cache, answer and failures as POST /v1/shopping/offers, in the environment asked for
 * (docs/dashboard.md). Like every /v1/dev route it is not metered against the plan, but it is held
 * to the agency's search rate limit (one budget with the API's searches) and counts in its
 * look-to-book figures, as a search by key would.
 */
export const dashboardSearchRoutes: FastifyPluginAsyncTypebox<DashboardSearchRoutesOptions> = async (
  app,
  { platform, search: service, lookToBook, rateLimit },
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
      reply.type('application/json; charset=utf-8');
      const read = rateLimit.cachedWith(request, key);
      const hit = read !== undefined ? read : await service.cachedBody(key);
      if (hit) return sendBytes(reply.header('X-Cache', 'HIT'), hit);
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const { result, body } = await service.run({
        request: search,
        environment,
        key,
        searchId: newSearchId(),
        signal: gone.signal,
      });
      lookToBook.recordAirlineSearches(agencyId, service.airlinesReached(result));
      const failure = service.failureOf(result);
      if (failure) throw failure;
      return sendBytes(reply.header('X-Cache', 'MISS'), Buffer.from(body));
    },
  );
};
