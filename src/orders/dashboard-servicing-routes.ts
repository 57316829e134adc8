import type { FastifyInstance } from 'fastify';
import { dashboardAncillaryRoutes } from './dashboard-ancillary-routes.js';
import { dashboardChangeRoutes } from './dashboard-change-routes.js';
import { dashboardRefundRoutes } from './dashboard-refund-routes.js';
import { dashboardServicingContext, type DashboardServicingOptions } from './dashboard-servicing-context.js';

/**
 * The dashboard's servicing actions beyond cancel, on a portal session: the same service functions
 * as the API-key routes in servicing/routes.ts (same airline calls, history entries and `order.*`
 * events), the session's agency as the scope and the portal user (or support) as the actor.
 * Registered inside dashboardOrderRoutes, so the session and support-permission hooks apply.
 */
export async function dashboardServicingRoutes(app: FastifyInstance, opts: DashboardServicingOptions): Promise<void> {
  const context = dashboardServicingContext(app, opts);
  dashboardRefundRoutes(context);
  dashboardAncillaryRoutes(context);
  dashboardChangeRoutes(context);
}
