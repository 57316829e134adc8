import type { FastifyInstance } from 'fastify';
import { DashboardEnvironmentQuery, dashboardBookingScope } from '../../identity/sessions/dashboard-booking-scope.js';
import { SESSION_SECURITY } from '../../identity/sessions/session-schemas.js';
import { withExamples } from '../../platform/http/request-examples.js';
import { orderView } from '../order-view.js';
import { actorOf, orderRouteContext, TAG, withStatusDoc, type OrderRouteOptions } from '../route-context.js';
import { OrderSchema } from '../schemas.js';
import { validKey } from './idempotency-service.js';
import { createOrderExamples, CreateOrderBody, IdempotencyKeyHeaders } from './schemas.js';
import { createOrder } from './service.js';

/**
 * POST /v1/dev/orders: agency staff book by hand from the dashboard. The same service as
 * POST /v1/orders (validation, re-price, hold or pay, idempotency, travel claim, `order.created`,
 * accreditation for ticketing live), with the session's agency and the environment asked for; the
 * portal user (or support) is recorded as the actor and no API key as the creator.
 */
export async function dashboardBookingRoutes(app: FastifyInstance, options: OrderRouteOptions): Promise<void> {
  const { router, deps, writeRoute } = orderRouteContext(app, options);

  router.post(
    '/v1/dev/orders',
    {
      ...writeRoute,
      schema: {
        operationId: 'createDashboardOrder',
        tags: TAG,
        summary: 'Dashboard: book an offer, hold (pay later) or pay now (session)',
        description: withStatusDoc(
          'What `POST /v1/orders` does, for a portal session of the agency, in `environment` (default `test`): every member may ' +
            'book in test; live needs a live agency and an owner or admin (403 `agency_not_live`, `role_forbidden`); a support ' +
            'session needs the platform permission orders.support. Header `Idempotency-Key` as on the API (the dashboard sends ' +
            'one per booking form, so a double submit books once). Not metered against the plan; counts as a booking in look-to-book.',
        ),
        security: SESSION_SECURITY,
        querystring: DashboardEnvironmentQuery,
        headers: IdempotencyKeyHeaders,
        body: withExamples(CreateOrderBody, createOrderExamples),
        response: { 200: OrderSchema, 201: OrderSchema },
      },
    },
    async (request, reply) => {
      const { agencyId, environment } = await dashboardBookingScope(deps.db, request, request.query.environment);
      const key = validKey(request.headers['idempotency-key']);
      const scope = { agencyId, environment, keyId: null, actor: actorOf(request) };
      const { order, replayed } = await createOrder(deps, scope, request.body, key);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(replayed ? 200 : 201).send(orderView(order, deps.clock()));
    },
  );
}
