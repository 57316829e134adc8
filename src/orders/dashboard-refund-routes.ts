import type { DashboardServicingContext } from './dashboard-servicing-context.js';
import { Type } from '@sinclair/typebox';
import { SESSION_SECURITY } from '../identity/sessions/session-schemas.js';
import { orderView } from './order-view.js';
import { OrderIdParams, OrderSchema } from './schemas.js';
import { cancelQuote, refundEligibility, refundOrder } from './servicing/cancellation-service.js';
import { AcknowledgeChangesBody } from './airline-changes/acknowledge-schemas.js';
import { acknowledgeChanges } from './airline-changes/acknowledge-service.js';
import { lowerCaseKeys } from './servicing/case-insensitive-keys.js';
import { cancelQuoteView, refundEligibilityView } from './servicing/quote-view.js';
import { CancelBody, CancelQuoteSchema, RefundAccepted, RefundEligibility } from './servicing/schemas.js';
import { TAG, withStatusDoc } from './route-context.js';
import { withOrderLease } from './write-lease.js';

/** The dashboard's refund and cancellation quote, and acknowledging airline changes. */
export function dashboardRefundRoutes({ router, deps, target, opts }: DashboardServicingContext): void {
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
}
