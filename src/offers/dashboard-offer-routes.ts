import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardEnvironmentQuery, dashboardBookingScope } from '../identity/sessions/dashboard-booking-scope.js';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import type { Db } from '../platform/db/database.js';
import { withExamples } from '../platform/http/request-examples.js';
import { PricedOfferSchema, priceExamples, PriceRequestSchema } from './offer-schemas.js';
import { offerIdsOf } from './offer-routes.js';
import type { OfferService } from './offer-service.js';

export interface DashboardOfferRoutesOptions {
  db: Db;
  offers: OfferService;
}

/** POST /v1/dev/offers/price: the dashboard prices the offer chosen, as POST /v1/offers/price does. */
export const dashboardOfferRoutes: FastifyPluginAsyncTypebox<DashboardOfferRoutesOptions> = async (app, { db, offers }) => {
  app.post(
    '/v1/dev/offers/price',
    {
      schema: {
        operationId: 'priceDashboardOffers',
        tags: ['offers'],
        summary: 'Dashboard: re-price offers at the airline (session)',
        description:
          'What `POST /v1/offers/price` answers, for a portal session of the agency, in `environment` (default `test`; live needs ' +
          'a live agency and an owner or admin, as the dashboard search). Not metered against the plan.',
        security: SESSION_SECURITY,
        querystring: DashboardEnvironmentQuery,
        body: withExamples(PriceRequestSchema, priceExamples),
        response: { 200: PricedOfferSchema },
      },
    },
    async (request) => {
      const { environment } = await dashboardBookingScope(db, request, request.query.environment);
      const body = request.body ?? {};
      return offers.price(offerIdsOf(body), body.airline, environment);
    },
  );
};
