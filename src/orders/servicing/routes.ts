import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { money, orderView } from '../order-view.js';
import { orderRouteContext, scopeOf, TAG, withStatusDoc, type OrderRouteOptions } from '../route-context.js';
import { AirlineQuery, MinimalOrder, OrderIdParams, OrderSchema, orderErrors } from '../schemas.js';
import { lowerCaseKeys } from './case-insensitive-keys.js';
import { cancelQuote, confirmCancel, refundEligibility, refundOrder } from './cancellation-service.js';
import { changeQuote, confirmChange, reshopOrder } from './reshop-service.js';
import { reshopOffersView } from './reshop-view.js';
import {
  CancelBody,
  CancelConfirmBody,
  CancelQuoteSchema,
  ChangeBody,
  ChangeConfirmBody,
  ChangeRequestBody,
  CommitBody,
  OrderQuoteSchema,
  RefundAccepted,
  RefundEligibility,
  ReshopBody,
  ReshopResult,
  servicingExamples,
} from './schemas.js';
import { withExamples } from '../../platform/http/request-examples.js';
import { changeOrderRequest, commitOrder, quoteOrder } from './service.js';

/** Servicing an existing order: change request, cancel, quote, commit, reshop, change, cancel, refund. */
export async function orderServicingRoutes(app: FastifyInstance, options: OrderRouteOptions): Promise<void> {
  const { router, deps, target, writeRoute } = orderRouteContext(app, options);

  router.put(
    '/v1/orders/:orderID',
    {
      ...writeRoute,
      schema: {
        operationId: 'changeOrder',
        tags: TAG,
        summary: 'Change request: seats, services, contact (JSON keys case-insensitive)',
        description: withStatusDoc('Priced extras without `payment` become `pending_upsell`, finalised by POST /commit.'),
        params: OrderIdParams,
        querystring: AirlineQuery,
        body: withExamples(ChangeRequestBody, servicingExamples.changeOrder),
        response: { 200: OrderSchema, ...orderErrors(400, 401, 404, 409, 422, 502, 503) },
      },
      // After the write gate, keys are lower-cased in place (they are case-insensitive) before
      // the schema validates them.
      preValidation: [...writeRoute.preValidation, async (request) => lowerCaseKeys(request.body)],
    },
    async (request) => orderView(await changeOrderRequest(deps, scopeOf(request, 'read'), target(request), request.body)),
  );

  router.delete(
    '/v1/orders/:orderID',
    {
      ...writeRoute,
      schema: {
        operationId: 'cancelOrder',
        tags: TAG,
        summary: 'Cancel the order at the airline (quote and accept in one step)',
        description: withStatusDoc('204 on success.'),
        params: OrderIdParams,
        querystring: AirlineQuery,
        response: { 204: Type.Null(), ...orderErrors(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request, reply) => {
      await confirmCancel(deps, scopeOf(request, 'read'), target(request), null);
      return reply.code(204).send(null);
    },
  );

  router.post(
    '/v1/orders/:orderID/quote',
    {
      ...writeRoute,
      schema: {
        operationId: 'quoteOrder',
        description: 'The airline reprices the order as it stands; nothing is changed.',
        tags: TAG,
        summary: 'Order quote: the airline reprices the order as it stands',
        params: OrderIdParams,
        querystring: AirlineQuery,
        response: { 200: OrderQuoteSchema, ...orderErrors(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const q = await quoteOrder(deps, scopeOf(request, 'read'), target(request));
      return {
        order_id: q.order.id,
        quote_id: q.quote.quoteId,
        action: 'reprice',
        total: money(q.quote.total)!,
        amount_due: money(q.amountDue)!,
        payment_deadline: q.quote.paymentDeadline,
      };
    },
  );

  router.post(
    '/v1/orders/:orderID/commit',
    {
      ...writeRoute,
      schema: {
        operationId: 'payOrder',
        tags: TAG,
        summary: 'Pay a hold and/or the pending upsell (seats, bags)',
        description: withStatusDoc('Payment defaults to the agency account (BSP).'),
        params: OrderIdParams,
        querystring: AirlineQuery,
        body: withExamples(Type.Optional(CommitBody), servicingExamples.payOrder),
        response: { 200: OrderSchema, ...orderErrors(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => orderView(await commitOrder(deps, scopeOf(request, 'read'), target(request), request.body ?? {})),
  );

  router.post(
    '/v1/orders/:orderID/reshop',
    {
      ...writeRoute,
      schema: {
        operationId: 'reshopOrder',
        tags: TAG,
        summary: 'Alternatives for the order (reissue step 1)',
        description: 'Without `slices`: the same route and date.',
        params: OrderIdParams,
        querystring: AirlineQuery,
        body: withExamples(Type.Optional(ReshopBody), servicingExamples.reshopOrder),
        response: { 200: ReshopResult, ...orderErrors(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => ({
      offers: reshopOffersView(await reshopOrder(deps, scopeOf(request, 'read'), target(request), request.body ?? {})),
    }),
  );

  router.post(
    '/v1/orders/:orderID/change',
    {
      ...writeRoute,
      schema: {
        operationId: 'quoteOrderChange',
        description:
          'Prices a change without making it: `reissue` (a new date for the first slice) or `ancillaries`. Accept a reissue offer with POST /change/confirm. The body may be left out.',
        tags: TAG,
        summary: 'Change quote (`reissue`, `ancillaries`; AA refuses `cancel_segments`)',
        params: OrderIdParams,
        querystring: AirlineQuery,
        body: withExamples(Type.Optional(ChangeBody), servicingExamples.quoteOrderChange),
        response: { 200: OrderQuoteSchema, ...orderErrors(400, 401, 404, 409, 422, 502, 503) },
      },
    },
    async (request) => {
      const q = await changeQuote(deps, scopeOf(request, 'read'), target(request), request.body ?? {});
      return {
        order_id: q.order.id,
        quote_id: q.quoteId,
        action: q.action,
        total: money(q.total)!,
        amount_due: money(q.amountDue)!,
        payment_deadline: q.deadline,
        ...(q.offers ? { offers: reshopOffersView(q.offers) } : {}),
      };
    },
  );

  router.post(
    '/v1/orders/:orderID/change/confirm',
    {
      ...writeRoute,
      schema: {
        operationId: 'confirmOrderChange',
        tags: TAG,
        summary: 'Accept a reshop offer (`offer_id` required); the airline reprices at acceptance',
        description: withStatusDoc(''),
        params: OrderIdParams,
        querystring: AirlineQuery,
        body: withExamples(Type.Optional(ChangeConfirmBody), servicingExamples.confirmOrderChange),
        response: { 200: OrderSchema, ...orderErrors(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => orderView(await confirmChange(deps, scopeOf(request, 'read'), target(request), request.body ?? {})),
  );

  router.post(
    '/v1/orders/:orderID/cancel',
    {
      ...writeRoute,
      schema: {
        operationId: 'quoteOrderCancellation',
        description:
          'What cancelling would refund and what the fare conditions keep, without cancelling. Cancel with POST /cancel/confirm. The body may be left out.',
        tags: TAG,
        summary: 'Cancellation quote: refund versus penalty from the fare conditions',
        params: OrderIdParams,
        querystring: AirlineQuery,
        body: withExamples(Type.Optional(CancelBody), servicingExamples.quoteOrderCancellation),
        response: { 200: CancelQuoteSchema, ...orderErrors(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const { order, quote } = await cancelQuote(deps, scopeOf(request, 'read'), target(request));
      return {
        order_id: order.id,
        cancellation_quote_id: quote.quoteId,
        refund: money(quote.refund)!,
        penalty: money(quote.penalty)!,
        trip_credit: money(quote.credit)!,
        expires_at: quote.expiresAt,
      };
    },
  );

  router.post(
    '/v1/orders/:orderID/cancel/confirm',
    {
      ...writeRoute,
      schema: {
        operationId: 'confirmOrderCancellation',
        tags: TAG,
        summary: 'Cancel the order; full order, or `{order_id, status}` when the airline cannot be read back',
        description: withStatusDoc(''),
        params: OrderIdParams,
        querystring: AirlineQuery,
        body: withExamples(Type.Optional(CancelConfirmBody), servicingExamples.confirmOrderCancellation),
        response: { 200: Type.Union([OrderSchema, MinimalOrder]), ...orderErrors(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const { order, full } = await confirmCancel(
        deps,
        scopeOf(request, 'read'),
        target(request),
        request.body?.cancellation_quote_id ?? null,
      );
      return full ? orderView(order) : { order_id: order.id, status: order.status };
    },
  );

  router.get(
    '/v1/orders/:orderID/refund-eligibility',
    {
      schema: {
        operationId: 'getRefundEligibility',
        description:
          'Whether the order can be refunded now, the refundable amount and the penalty, from the fare conditions; changes nothing.',
        tags: TAG,
        summary: 'Refund eligibility, refundable amount and penalty (no side effect)',
        params: OrderIdParams,
        querystring: AirlineQuery,
        response: { 200: RefundEligibility, ...orderErrors(400, 401, 404, 502) },
      },
    },
    async (request) => {
      const e = await refundEligibility(deps, scopeOf(request, 'read'), target(request));
      return {
        order_id: e.order.id,
        eligible: e.eligible,
        refundable_amount: money(e.refund)!,
        penalty: money(e.penalty)!,
        reason: e.reason,
      };
    },
  );

  router.post(
    '/v1/orders/:orderID/refund',
    {
      ...writeRoute,
      schema: {
        operationId: 'refundOrder',
        tags: TAG,
        summary: 'Refund the order (202)',
        description: withStatusDoc('A ticketed order is cancelled with its refund; a cancelled one has its refund recorded.'),
        params: OrderIdParams,
        querystring: AirlineQuery,
        response: { 202: RefundAccepted, ...orderErrors(400, 401, 404, 422, 502, 503) },
      },
    },
    async (request, reply) => {
      const order = await refundOrder(deps, scopeOf(request, 'read'), target(request));
      return reply.code(202).send({ order_id: order.id, status: 'refunded' as const });
    },
  );
}
