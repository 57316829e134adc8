import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { OrderRow } from '../platform/db/rows.js';
import { forbidden } from '../platform/errors.js';
import { listHistory } from './history-store.js';
import { orderNotFound } from './order-access.js';
import type { OrderScope } from './order-record.js';
import { findAgencyOrder } from './order-store.js';
import { historyView, orderView } from './order-view.js';
import { HistorySchema, MinimalOrder, OrderIdParams, OrderSchema, orderErrors } from './schemas.js';
import { confirmCancel } from './servicing/cancellation-service.js';
import { actorOf, TAG, type OrderRouteOptions } from './route-context.js';

/** Platform permissions an operator's support session needs on these routes (docs/portal.md). */
export const SUPPORT_READ_PERMISSION = 'support.session';
export const SUPPORT_WRITE_PERMISSION = 'orders.support';

/**
 * On a support session, looking at the agency's orders needs what opened the session
 * (`support.session`, re-read on every request, so taking it away ends the reads too); changing
 * or servicing one needs `orders.support` as well. Decided by the HTTP method of the matched
 * route, so every write route added here later is covered without opting in.
 */
function requireSupportPermission(request: FastifyRequest): void {
  const session = request.session;
  if (!session?.supportSession) return;
  const reads = request.method === 'GET' || request.method === 'HEAD';
  const needed = reads ? SUPPORT_READ_PERMISSION : SUPPORT_WRITE_PERMISSION;
  if (!session.permissions.includes(needed)) {
    throw forbidden(
      reads
        ? `reading the agency's orders on a support session needs the platform permission ${needed}`
        : `servicing the agency's orders on a support session needs the platform permission ${needed}`,
      'missing_permission',
    );
  }
}

/**
 * The agency dashboard's order actions, on a portal session: an agency member, or an operator's
 * support session acting on the agency's behalf. They run the same services as /v1/orders (same
 * events, same history) with the session as the actor.
 */
export async function dashboardOrderRoutes(
  app: FastifyInstance,
  opts: OrderRouteOptions & {
    gate: (request: FastifyRequest) => Promise<void>;
    /** The portal's session hook: sets `request.session`. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  },
): Promise<void> {
  const router = app.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', opts.authenticate);
  app.addHook('onRequest', async (request) => requireSupportPermission(request));
  const deps = { db: opts.platform.db, connectors: opts.connectors, clock: () => opts.platform.clock() };

  async function scoped(request: FastifyRequest, orderId: string): Promise<{ order: OrderRow; scope: OrderScope }> {
    const session = request.session!;
    if (!session.agencyId) throw forbidden('this session acts for no agency', 'no_agency');
    const order = await findAgencyOrder(deps.db, orderId, session.agencyId);
    if (!order) throw orderNotFound(orderId, null);
    return { order, scope: { agencyId: session.agencyId, environment: order.environment, keyId: null, actor: actorOf(request) } };
  }

  router.get(
    '/v1/dev/orders/:orderID',
    {
      schema: {
        operationId: 'getDashboardOrder',
        description:
          'The order as `GET /v1/orders/{orderID}` shows it, for a portal session of the agency (or support acting on its behalf); 404 `order_not_found` for an order of another agency.',
        tags: TAG,
        summary: "Dashboard: one of the agency's orders (session)",
        params: OrderIdParams,
        response: { 200: OrderSchema, ...orderErrors(401, 403, 404) },
      },
    },
    async (request) => orderView((await scoped(request, request.params.orderID)).order),
  );

  router.get(
    '/v1/dev/orders/:orderID/history',
    {
      schema: {
        operationId: 'getDashboardOrderHistory',
        description:
          "The order's timeline as `GET /v1/orders/{orderID}/history` shows it, for a portal session of the agency (or support acting on its behalf).",
        tags: TAG,
        summary: "Dashboard: an order's timeline (session)",
        params: OrderIdParams,
        response: { 200: HistorySchema, ...orderErrors(401, 403, 404) },
      },
    },
    async (request) => {
      const { order } = await scoped(request, request.params.orderID);
      return { order_id: order.id, entries: (await listHistory(deps.db, order.id)).map(historyView) };
    },
  );

  router.post(
    '/v1/dev/orders/:orderID/cancel',
    {
      preHandler: opts.gate,
      schema: {
        operationId: 'cancelDashboardOrder',
        tags: TAG,
        summary: 'Dashboard: cancel the order at the airline, as the agency or support on its behalf',
        description:
          'On a support session the operator needs the platform permission orders.support (403 `missing_permission` otherwise).',
        params: OrderIdParams,
        response: { 200: Type.Union([OrderSchema, MinimalOrder]), ...orderErrors(401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const { order, scope } = await scoped(request, request.params.orderID);
      const done = await confirmCancel(
        deps,
        scope,
        { orderId: order.id, airline: order.airline },
        null,
        scope.actor.kind === 'support' ? 'cancelled_by_support' : 'cancelled',
        true,
      );
      return done.full ? orderView(done.order) : { order_id: done.order.id, status: done.order.status };
    },
  );
}
