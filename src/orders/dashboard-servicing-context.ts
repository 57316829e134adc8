import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { OfferService } from '../offers/offer-service.js';
import type { OrderRow } from '../platform/db/rows.js';
import type { OrderScope } from './order-record.js';
import type { OrderRouteOptions } from './route-context.js';

/** What dashboardOrderRoutes hands the dashboard's servicing routes. */
export type DashboardServicingOptions = OrderRouteOptions & {
  gate: (request: FastifyRequest) => Promise<void>;
  scoped: (request: FastifyRequest, orderId: string) => Promise<{ order: OrderRow; scope: OrderScope }>;
  /** The offers feature's seat maps and services (what an API key reads at /v1/offers/{orderID}/seats and /services). */
  ancillaries: Pick<OfferService, 'seats' | 'services'>;
};

/** The typed router, the servicing dependencies and what every dashboard servicing route needs. */
export function dashboardServicingContext(app: FastifyInstance, opts: DashboardServicingOptions) {
  const router = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: opts.platform.db, connectors: opts.connectors, clock: () => opts.platform.clock() };
  const target = (order: OrderRow) => ({ orderId: order.id, airline: order.airline });
  // The order the session already scoped, handed to the offers feature as the booked order to ask about.
  const bookedAs = (order: OrderRow) => ({
    resolve: async () => ({ source: order.source, airline: order.airline_owner, airlineOrderId: order.airline_order_id }),
  });
  return { router, deps, target, bookedAs, opts };
}

export type DashboardServicingContext = ReturnType<typeof dashboardServicingContext>;
