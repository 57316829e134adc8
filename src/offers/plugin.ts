import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import { API_KEY_ROUTE, SESSION_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { dashboardOfferRoutes } from './dashboard-offer-routes.js';
import { offerRoutes } from './offer-routes.js';
import { createOfferService, type OfferService, type BookedOrderResolver } from './offer-service.js';

export interface OffersOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
  /** The orders feature's lookup, so a booked order's seat map can be asked for by order id. */
  bookedOrders: BookedOrderResolver | null;
}

export interface Offers {
  plugin: FastifyPluginAsync;
  offers: OfferService;
}

/** Offer pricing, seat maps and ancillary services: `/v1/offers`, and the dashboard's pricing `/v1/dev/offers/price`. */
export function createOffers({ platform, connectors, bookedOrders }: OffersOptions): Offers {
  const offers = createOfferService(platform, connectors);
  const plugin = fp(
    async (app) => {
      await app.register(async (api) => {
        setRoutePolicy(api, { ...API_KEY_ROUTE, meter: 'offers' });
        await api.register(offerRoutes, { offers, bookedOrders });
      });
      // The dashboard's pricing on a portal session: not metered (docs/dashboard.md).
      await app.register(async (dashboard) => {
        setRoutePolicy(dashboard, SESSION_ROUTE);
        await dashboard.register(dashboardOfferRoutes, { db: platform.db, offers });
      });
    },
    { name: 'offers', dependencies: ['connectors', 'session-gate'], encapsulate: true },
  );
  return { plugin, offers };
}
