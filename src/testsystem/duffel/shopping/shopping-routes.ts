// Shopping on the Duffel test system, one file per resource: offer requests (the search), offers
// (listing, one offer, pricing) and seat maps.

import type { FastifyInstance } from 'fastify';
import type { DuffelDeps } from '../deps.js';
import { registerOfferRequestRoutes } from './offer-request-routes.js';
import { registerOfferRoutes } from './offer-routes.js';
import { registerSeatMapRoutes } from './seat-map-routes.js';

export { listedOffer, loadOffer } from './offer-records.js';
export type { OfferRequestRecord } from './offer-request-routes.js';

export function registerShoppingRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  registerOfferRequestRoutes(app, deps);
  registerOfferRoutes(app, deps);
  registerSeatMapRoutes(app, deps);
}
