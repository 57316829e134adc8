import type { FastifyInstance } from 'fastify';
import { listHistory } from './history-store.js';
import { loadOrder } from './order-access.js';
import { listOrderPage } from './order-list.js';
import { historyView, orderView } from './order-view.js';
import { orderRouteContext, scopeOf, TAG, withStatusDoc, type OrderRouteOptions } from './route-context.js';
import { AirlineQuery, GetOrderQuery, HistorySchema, ListQuery, OrderIdParams, OrderList, OrderSchema } from './schemas.js';
import { getOrder } from './servicing/service.js';

/** The read side: list, retrieve (with refresh) and history. Booking is in booking/routes.ts. */
export async function orderRoutes(app: FastifyInstance, options: OrderRouteOptions): Promise<void> {
  const { router, deps, target } = orderRouteContext(app, options);

  router.get(
    '/v1/orders',
    {
      schema: {
        operationId: 'listOrders',
        tags: TAG,
        summary: "List the agency's orders, newest first (keyset pagination)",
        description: withStatusDoc(
          '`next_cursor` is empty on the last page. `has_credit=true` lists only orders holding a trip credit still `available` (`credits`).',
        ),
        querystring: ListQuery,
        response: { 200: OrderList },
      },
    },
    async (request) => listOrderPage(deps.db, scopeOf(request, 'read'), request.query, deps.clock()),
  );

  router.get(
    '/v1/orders/:orderID',
    {
      schema: {
        operationId: 'getOrder',
        tags: TAG,
        summary: "One order from the agency's store (`refresh=true` re-reads the airline)",
        description: withStatusDoc(
          'Never falls back to the airline: 404 `order_not_found`, with `did_you_mean` for a one-character typo. ' +
            'While another request is changing the order, `refresh=true` answers the stored order without re-reading it ' +
            '(that write records what the airline says when it finishes).',
        ),
        params: OrderIdParams,
        querystring: GetOrderQuery,
        response: { 200: OrderSchema },
      },
    },
    async (request) =>
      orderView(await getOrder(deps, scopeOf(request, 'read'), target(request), request.query.refresh === true), deps.clock()),
  );

  router.get(
    '/v1/orders/:orderID/history',
    {
      schema: {
        operationId: 'getOrderHistory',
        description:
          'Each entry names its actor (`kind`, `id`, and the agency support acted for) and the order status after it; entries are only ever added.',
        tags: TAG,
        summary:
          "Append-only timeline: who (key, portal user, support on the agency's behalf, airline), what, when, airline references",
        params: OrderIdParams,
        querystring: AirlineQuery,
        response: { 200: HistorySchema },
      },
    },
    async (request) => {
      const { order } = await loadOrder(deps, {
        scope: scopeOf(request, 'read'),
        orderId: request.params.orderID,
        airline: request.query.airline,
        airlineRequired: false,
      });
      return { order_id: order.id, entries: (await listHistory(deps.db, order.id)).map(historyView) };
    },
  );
}
