import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import type { OrderRow } from '../platform/db/rows.js';
import { forbidden } from '../platform/errors.js';
import { listHistory } from './history-store.js';
import { orderNotFound } from './order-access.js';
import type { OrderScope } from './order-record.js';
import { listOrderPage } from './order-list.js';
import { findAgencyOrder } from './order-store.js';
import { historyView, orderView } from './order-view.js';
import { HistorySchema, ListQuery, MinimalOrder, OrderIdParams, OrderList, OrderSchema } from './schemas.js';
import { confirmCancel } from './servicing/cancellation-service.js';
import { getOrder } from './servicing/service.js';
import { CancelConfirmBody } from './servicing/schemas.js';
import type { OfferService } from '../offers/offer-service.js';
import { dashboardServicingRoutes } from './dashboard-servicing-routes.js';
import { actorOf, TAG, withStatusDoc, type OrderRouteOptions } from './route-context.js';
import { withOrderLease } from './write-lease.js';
import { agencyOfSession, sessionOf, SUPPORT_PERMISSIONS } from '../identity/sessions/session-auth.js';

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
  const needed = reads ? SUPPORT_PERMISSIONS.read : SUPPORT_PERMISSIONS.write;
  if (!session.permissions.includes(needed)) {
    throw forbidden(
      reads
        ? `reading the agency's orders on a support session needs the platform permission ${needed}`
        : `servicing the agency's orders on a support session needs the platform permission ${needed}`,
      'missing_permission',
    );
  }
}

/** `GET /v1/orders`' filters, plus the environment an API key would have implied. */
export const DashboardListQuery = Type.Object({
  ...ListQuery.properties,
  environment: Type.Optional(
    Type.Union([Type.Literal('test'), Type.Literal('live')], {
      default: 'test',
      description: "the orders booked with the agency's test keys or with its live keys",
    }),
  ),
});

/**
 * The agency dashboard's order actions, on a portal session: an agency member, or an operator's
 * support session acting on the agency's behalf. They run the same services as /v1/orders (same
 * events, same history) with the session as the actor.
 */
export async function dashboardOrderRoutes(
  app: FastifyInstance,
  opts: OrderRouteOptions & {
    gate: (request: FastifyRequest) => Promise<void>;
    ancillaries: Pick<OfferService, 'seats' | 'services'>;
  },
): Promise<void> {
  const router = app.withTypeProvider<TypeBoxTypeProvider>();
  // After the session gate (an app-wide hook, so it runs first): request.session is set here.
  app.addHook('onRequest', async (request) => requireSupportPermission(request));
  const deps = { db: opts.platform.db, connectors: opts.connectors, clock: () => opts.platform.clock() };

  // The support permission is checked by the onRequest hook above, by the route's method.
  const agencyOf = (request: FastifyRequest): string =>
    agencyOfSession(sessionOf(request), { permission: SUPPORT_PERMISSIONS.read, doing: "reading the agency's orders" });

  async function scoped(request: FastifyRequest, orderId: string): Promise<{ order: OrderRow; scope: OrderScope }> {
    const agencyId = agencyOf(request);
    const order = await findAgencyOrder(deps.db, orderId, agencyId);
    if (!order) throw orderNotFound(orderId, null);
    return { order, scope: { agencyId, environment: order.environment, keyId: null, actor: actorOf(request) } };
  }

  router.get(
    '/v1/dev/orders',
    {
      schema: {
        operationId: 'listDashboardOrders',
        tags: TAG,
        summary: "Dashboard: the agency's orders, newest first (session, keyset pagination)",
        description: withStatusDoc(
          'What `GET /v1/orders` lists, for a portal session of the agency (or support acting on its behalf, with the platform ' +
            'permission support.session): the same filters and cursor, and `environment` (default `test`) in place of the ' +
            "key's. `next_cursor` is empty on the last page.",
        ),
        security: SESSION_SECURITY,
        querystring: DashboardListQuery,
        response: { 200: OrderList },
      },
    },
    async (request) => {
      const { environment = 'test', ...filters } = request.query;
      return listOrderPage(deps.db, { agencyId: agencyOf(request), environment }, filters, deps.clock());
    },
  );

  router.get(
    '/v1/dev/orders/:orderID',
    {
      schema: {
        operationId: 'getDashboardOrder',
        description:
          'The order as `GET /v1/orders/{orderID}` shows it, for a portal session of the agency (or support acting on its behalf); ' +
          '404 `order_not_found` for an order of another agency. `refresh=true` re-reads it from the airline first, as the API ' +
          "does: a change the airline made is applied with its event and recorded as the airline's (`refreshed`).",
        tags: TAG,
        summary: "Dashboard: one of the agency's orders (session; `refresh=true` re-reads the airline)",
        security: SESSION_SECURITY,
        params: OrderIdParams,
        querystring: Type.Object({
          refresh: Type.Optional(Type.Boolean({ description: 're-read the order from the airline and apply what changed' })),
        }),
        response: { 200: OrderSchema },
      },
    },
    async (request) => {
      const { order, scope } = await scoped(request, request.params.orderID);
      if (request.query.refresh !== true) return orderView(order, deps.clock());
      return orderView(await getOrder(deps, scope, { orderId: order.id, airline: order.airline }, true), deps.clock());
    },
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
        security: SESSION_SECURITY,
        params: OrderIdParams,
        response: { 200: HistorySchema },
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
          'Without a body, the whole order now. With `cancellation_quote_id` (from POST /v1/dev/orders/{orderID}/cancel/quote), ' +
          'that quote is accepted: a part leaves the order open (`order.updated`), the whole closes it (`order.cancelled`). ' +
          'On a support session the operator needs the platform permission orders.support (403 `missing_permission` otherwise).',
        security: SESSION_SECURITY,
        params: OrderIdParams,
        body: Type.Optional(CancelConfirmBody),
        response: { 200: Type.Union([OrderSchema, MinimalOrder]) },
      },
    },
    async (request) => {
      const { order, scope } = await scoped(request, request.params.orderID);
      const quoteId = request.body?.cancellation_quote_id ?? null;
      const done = await withOrderLease(deps, order.id, () =>
        confirmCancel(
          deps,
          scope,
          { orderId: order.id, airline: order.airline },
          {
            quoteId,
            // A quote names its own history action (cancelled, partially_cancelled); the whole order now keeps support's.
            action: quoteId ? undefined : scope.actor.kind === 'support' ? 'cancelled_by_support' : 'cancelled',
            wholeOnly: quoteId === null,
          },
        ),
      );
      return done.full ? orderView(done.order, deps.clock()) : { order_id: done.order.id, status: done.order.status };
    },
  );

  await app.register(dashboardServicingRoutes, { ...opts, scoped });
}
