import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import { API_KEY_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { offerRoutes } from './offer-routes.js';
import { createOfferService, type OfferService, type OrderSeatResolver } from './offer-service.js';

export interface OffersOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
  /** The orders feature's lookup, so a booked order's seat map can be asked for by order id. */
  orderSeats: OrderSeatResolver | null;
}

export interface Offers {
  plugin: FastifyPluginAsync;
  offers: OfferService;
}

/** Offer pricing, seat maps and ancillary services: `/v1/offers`. */
export function createOffers({ platform, connectors, orderSeats }: OffersOptions): Offers {
  const offers = createOfferService(platform, connectors);
  const plugin = fp(
    async (app) => {
      setRoutePolicy(app, { ...API_KEY_ROUTE, meter: 'offers' });
      await app.register(offerRoutes, { offers, orderSeats });
    },
    { name: 'offers', dependencies: ['connectors'], encapsulate: true },
  );
  return { plugin, offers };
}
