import type { DashboardServicingContext } from './dashboard-servicing-context.js';
import { Type } from '@sinclair/typebox';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import { SeatMapResponseSchema, ServiceSchema } from '../offers/offer-schemas.js';
import { OrderIdParams } from './schemas.js';
import { requireOpen } from './servicing/context.js';
import { TAG } from './route-context.js';

/** The dashboard's seat map and services of a booked order, from the offers feature. */
export function dashboardAncillaryRoutes({ router, bookedAs, opts }: DashboardServicingContext): void {
  router.get(
    '/v1/dev/orders/:orderID/seats',
    {
      schema: {
        operationId: 'getDashboardOrderSeatMap',
        tags: TAG,
        summary: "Dashboard: the booked order's seat maps (session)",
        description:
          'What `GET /v1/offers/{orderID}/seats` answers for a booked order, for a portal session of the agency. With ' +
          "`segment_id`, only that segment's map (404 `seat_map_segment_not_found` when the carrier publishes none).",
        security: SESSION_SECURITY,
        params: OrderIdParams,
        querystring: Type.Object({ segment_id: Type.Optional(Type.String({ description: 'A `segment_id` of the order' })) }),
        response: { 200: SeatMapResponseSchema },
      },
    },
    async (request) => {
      const { order } = await opts.scoped(request, request.params.orderID);
      // A closed order has no seats to choose: 409 order_closed before any airline call, as servicing answers.
      requireOpen(order);
      const query = request.query.segment_id ? { segment_id: request.query.segment_id } : {};
      // The offers feature's map, resolved to the session's agency's order.
      return opts.ancillaries.seats(order.id, query, {
        agencyId: order.agency_id,
        environment: order.environment,
        orders: bookedAs(order),
      });
    },
  );

  router.get(
    '/v1/dev/orders/:orderID/services',
    {
      schema: {
        operationId: 'listDashboardOrderServices',
        tags: TAG,
        summary: 'Dashboard: the services that can be added to the booked order (session)',
        description:
          'What `GET /v1/offers/{orderID}/services` answers for a booked order, for a portal session of the agency: each ' +
          'service with its price per passenger and the `service_id` an `ancillaries` change takes ' +
          '(`POST /v1/dev/orders/{orderID}/change`).',
        security: SESSION_SECURITY,
        params: OrderIdParams,
        response: { 200: Type.Array(ServiceSchema) },
      },
    },
    async (request) => {
      const { order } = await opts.scoped(request, request.params.orderID);
      requireOpen(order);
      return opts.ancillaries.services(order.id, undefined, {
        agencyId: order.agency_id,
        environment: order.environment,
        orders: bookedAs(order),
      });
    },
  );
}
