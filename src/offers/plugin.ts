import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import { API_KEY_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
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

/** Offer pricing, seat maps and ancillary services: `/v1/offers`. */
export function createOffers({ platform, connectors, bookedOrders }: OffersOptions): Offers {
  const offers = createOfferService(platform, connectors);
  const plugin = fp(
    async (app) => {
      setRoutePolicy(app, { ...API_KEY_ROUTE, meter: 'offers' });
      await app.register(offerRoutes, { offers, bookedOrders });
    },
    { name: 'offers', dependencies: ['connectors'], encapsulate: true },
  );
  return { plugin, offers };
}
