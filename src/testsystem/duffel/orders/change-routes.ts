// Changing flights: POST /air/order_change_requests (slices to remove and to add) answers with
// order change offers priced by the airline; GET /air/order_change_offers?order_change_request_id=
// lists them; POST /air/order_changes makes a pending change from one, and POST
// /air/order_changes/{id}/actions/confirm pays the difference and applies it, reissuing tickets.
// A change costs the brand's change penalty plus any rise in fare; a cheaper fare is not refunded.
// References: duffel.com/docs/api/v2/order-change-requests, …/order-change-offers, …/order-changes.
import type { FastifyInstance } from 'fastify';
import type { DuffelDeps } from '../deps.js';
import { registerChangeRequestRoutes } from './change-request-routes.js';
import { registerOrderChangeRoutes } from './order-change-routes.js';

/** Changing flights: change requests and their offers (change-request-routes.ts), then order changes (order-change-routes.ts). */
export function registerChangeRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  registerChangeRequestRoutes(app, deps);
  registerOrderChangeRoutes(app, deps);
}
