import type { FastifyInstance } from 'fastify';
import { orderRouteContext, type OrderRouteOptions } from '../route-context.js';
import { cancelRoutes } from './cancel-routes.js';
import { changeRequestRoutes } from './change-request-routes.js';
import { reshopRoutes } from './reshop-routes.js';

/**
 * Servicing an existing order, per sub-resource: the order itself (change request, cancel, quote,
 * commit), its flights (reshop, change) and its cancellation and refund.
 */
export async function orderServicingRoutes(app: FastifyInstance, options: OrderRouteOptions): Promise<void> {
  const context = orderRouteContext(app, options);
  changeRequestRoutes(context);
  reshopRoutes(context);
  cancelRoutes(context);
}
