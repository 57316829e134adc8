import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import type { OrderRow } from '../platform/db/rows.js';
import type { OfferService } from '../offers/offer-service.js';
import { SeatMapResponseSchema, ServiceSchema } from '../offers/offer-schemas.js';
import type { OrderScope } from './order-record.js';
import { orderView } from './order-view.js';
import { MinimalOrder, OrderIdParams, OrderSchema } from './schemas.js';
import { cancelQuote, refundEligibility, refundOrder } from './servicing/cancellation-service.js';
import { changeQuote, confirmChange } from './servicing/reshop-service.js';
import { AcknowledgeChangesBody } from './airline-changes/acknowledge-schemas.js';
import { acknowledgeChanges } from './airline-changes/acknowledge-service.js';
import { lowerCaseKeys } from './servicing/case-insensitive-keys.js';
import { requireOpen } from './servicing/context.js';
import { cancelQuoteView, changeQuoteView, refundEligibilityView } from './servicing/quote-view.js';
import {
  CancelBody,
  CancelQuoteSchema,
  ChangeBody,
  ChangeConfirmBody,
  OrderQuoteSchema,
  RefundAccepted,
  RefundEligibility,
} from './servicing/schemas.js';
import { TAG, withStatusDoc, type OrderRouteOptions } from './route-context.js';
import { withOrderLease } from './write-lease.js';

/**
 * The dashboard's servicing actions beyond cancel, on a portal session: the same service functions
 * as the API-key routes in servicing/routes.ts (same airline calls, history entries and `order.*`
 * events), the session's agency as the scope and the portal user (or support) as the actor.
 * Registered inside dashboardOrderRoutes, so the session and support-permission hooks apply.
 */
export async function dashboardServicingRoutes(
  app: FastifyInstance,
  opts: OrderRouteOptions & {
    gate: (request: FastifyRequest) => Promise<void>;
    scoped: (request: FastifyRequest, orderId: string) => Promise<{ order: OrderRow; scope: OrderScope }>;
    /** The offers feature's seat maps and services (what an API key reads at /v1/offers/{orderID}/seats and /services). */
    ancillaries: Pick<OfferService, 'seats' | 'services'>;
  },
): Promise<void> {
  const router = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: opts.platform.db, connectors: opts.connectors, clock: () => opts.platform.clock() };
  const target = (order: OrderRow) => ({ orderId: order.id, airline: order.airline });
  // The order the session already scoped, handed to the offers feature as the booked order to ask about.
  const bookedAs = (order: OrderRow) => ({
    resolve: async () => ({ source: order.source, airline: order.airline_owner, airlineOrderId: order.airline_order_id }),
  });

  router.get(
    '/v1/dev/orders/:orderID/refund-eligibility',
    {
      schema: {
        operationId: 'getDashboardRefundEligibility',
        tags: TAG,
        summary: 'Dashboard: refund eligibility, refundable amount and penalty (session; no side effect)',
        description: 'What `GET /v1/orders/{orderID}/refund-eligibility` answers, for a portal session of the agency.',
        security: SESSION_SECURITY,
        params: OrderIdParams,
        response: { 200: RefundEligibility },
      },
    },
    async (request) => {
      const { order, scope } = await opts.scoped(request, request.params.orderID);
      return refundEligibilityView(await refundEligibility(deps, scope, target(order)));
    },
  );

  router.post(
    '/v1/dev/orders/:orderID/refund',
    {
      preHandler: opts.gate,
      schema: {
        operationId: 'refundDashboardOrder',
        tags: TAG,
        summary: 'Dashboard: refund the order (session; 202)',
        description: withStatusDoc(
          'What `POST /v1/orders/{orderID}/refund` does, for a portal session of the agency: a ticketed order is cancelled with ' +
            'its refund, a cancelled one has its refund recorded. On a support session the operator needs orders.support.',
        ),
        security: SESSION_SECURITY,
        params: OrderIdParams,
        response: { 202: RefundAccepted },
      },
    },
    async (request, reply) => {
      const { order, scope } = await opts.scoped(request, request.params.orderID);
      const done = await withOrderLease(deps, order.id, () => refundOrder(deps, scope, target(order)));
      return reply.code(202).send({ order_id: done.id, status: 'refunded' as const });
    },
  );

  router.post(
    '/v1/dev/orders/:orderID/acknowledge-changes',
    {
      preHandler: opts.gate,
      schema: {
        operationId: 'acknowledgeDashboardOrderChanges',
        tags: TAG,
        summary: "Dashboard: accept the airline's schedule changes (session)",
        description:
          'What `POST /v1/orders/{orderID}/acknowledge-changes` does, for a portal session of the agency: the acceptance goes to the ' +
          "airline (an open order), the segments' `schedule_change` clears, `order.updated` is sent. On a support session the operator needs orders.support.",
        security: SESSION_SECURITY,
        params: OrderIdParams,
        body: AcknowledgeChangesBody,
        response: { 200: OrderSchema },
      },
    },
    async (request) => {
      const { order, scope } = await opts.scoped(request, request.params.orderID);
      return orderView(await withOrderLease(deps, order.id, () => acknowledgeChanges(deps, scope, target(order))), deps.clock());
    },
  );

  router.post(
    '/v1/dev/orders/:orderID/cancel/quote',
    {
      preHandler: opts.gate,
      // JSON keys matched case-insensitively, as on /v1/orders.
      preValidation: async (request) => lowerCaseKeys(request.body),
      schema: {
        operationId: 'quoteDashboardOrderCancellation',
        tags: TAG,
        summary: 'Dashboard: cancellation quote, whole order or part (session)',
        description:
          'What `POST /v1/orders/{orderID}/cancel` quotes (the `passenger_ids` or `segment_ids` named, or the whole order), for a ' +
          'portal session; accept it with `POST /v1/dev/orders/{orderID}/cancel` `{"cancellation_quote_id": …}`.',
        security: SESSION_SECURITY,
        params: OrderIdParams,
        body: Type.Optional(CancelBody),
        response: { 200: CancelQuoteSchema },
      },
    },
    async (request) => {
      const { order, scope } = await opts.scoped(request, request.params.orderID);
      return cancelQuoteView(
        await withOrderLease(deps, order.id, () => cancelQuote(deps, scope, target(order), request.body ?? {})),
      );
    },
  );

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

  router.post(
    '/v1/dev/orders/:orderID/change',
    {
      preHandler: opts.gate,
      // JSON keys matched case-insensitively, as on /v1/orders.
      preValidation: async (request) => lowerCaseKeys(request.body),
      schema: {
        operationId: 'quoteDashboardOrderChange',
        tags: TAG,
        summary: 'Dashboard: change quote, e.g. `ancillaries` seats and services (session)',
        description:
          'What `POST /v1/orders/{orderID}/change` quotes, for a portal session of the agency; confirm a `cancel_segments` or ' +
          '`ancillaries` quote with `POST /v1/dev/orders/{orderID}/change/confirm` `{"offer_id": quote_id}`.',
        security: SESSION_SECURITY,
        params: OrderIdParams,
        body: Type.Optional(ChangeBody),
        response: { 200: OrderQuoteSchema },
      },
    },
    async (request) => {
      const { order, scope } = await opts.scoped(request, request.params.orderID);
      return changeQuoteView(
        await withOrderLease(deps, order.id, () => changeQuote(deps, scope, target(order), request.body ?? {})),
      );
    },
  );

  router.post(
    '/v1/dev/orders/:orderID/change/confirm',
    {
      preHandler: opts.gate,
      schema: {
        operationId: 'confirmDashboardOrderChange',
        tags: TAG,
        summary: 'Dashboard: accept a change quote or reshop offer (session)',
        description: withStatusDoc(
          'What `POST /v1/orders/{orderID}/change/confirm` does, for a portal session of the agency (`order.updated` for seats ' +
            'and services added).',
        ),
        security: SESSION_SECURITY,
        params: OrderIdParams,
        body: ChangeConfirmBody,
        response: { 200: Type.Union([OrderSchema, MinimalOrder]) },
      },
    },
    async (request) => {
      const { order, scope } = await opts.scoped(request, request.params.orderID);
      const done = await withOrderLease(deps, order.id, () => confirmChange(deps, scope, target(order), request.body));
      return done.full ? orderView(done.order, deps.clock()) : { order_id: done.order.id, status: done.order.status };
    },
  );
}
