import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import * as cancellation from './cancellation-service.js';
import { money, orderView } from './order-view.js';
import * as reshop from './reshop-service.js';
import { reshopOffersView } from './reshop-view.js';
import { orderRouteContext, scopeOf, TAG, type OrderRouteOptions } from './route-context.js';
import * as S from './schemas.js';
import * as svc from './servicing-service.js';
import { errorResponses } from '../platform/http/responses.js';

/** Servicing an existing order: change request, cancel, quote, commit, reshop, change, cancel, refund. */
export async function orderServicingRoutes(app: FastifyInstance, options: OrderRouteOptions): Promise<void> {
  const { r, deps, target, W, R } = orderRouteContext(app, options);

  r.put(
    '/v1/orders/:orderID',
    {
      ...W,
      schema: {
        tags: TAG,
        summary: 'Change request: seats, services, contact (JSON keys case-insensitive)',
        description: R('Priced extras without `payment` become `pending_upsell`, finalised by POST /commit.'),
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        body: Type.Optional(S.ChangeRequestBody),
        response: { 200: S.OrderSchema, ...errorResponses(400, 401, 404, 409, 422, 502, 503) },
      },
      // Keys are case-insensitive: lower-cased before the schema validates them.
      preValidation: async (request) => {
        request.body = svc.lowerKeys(request.body) as typeof request.body;
      },
    },
    async (request) => orderView(await svc.changeOrderRequest(deps, scopeOf(request, 'read'), target(request), request.body)),
  );

  r.delete(
    '/v1/orders/:orderID',
    {
      ...W,
      schema: {
        tags: TAG,
        summary: 'Cancel the order at the airline (quote and accept in one step)',
        description: R('204 on success.'),
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request, reply) => {
      await cancellation.confirmCancel(deps, scopeOf(request, 'read'), target(request), null);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/v1/orders/:orderID/quote',
    {
      ...W,
      schema: {
        tags: TAG,
        summary: 'Order quote: the airline reprices the order as it stands',
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        response: { 200: S.OrderQuoteSchema, ...errorResponses(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const q = await svc.quoteOrder(deps, scopeOf(request, 'read'), target(request));
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

  r.post(
    '/v1/orders/:orderID/commit',
    {
      ...W,
      schema: {
        tags: TAG,
        summary: 'Pay a hold and/or the pending upsell (seats, bags)',
        description: R('Payment defaults to the agency account (BSP).'),
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        body: Type.Optional(S.CommitBody),
        response: { 200: S.OrderSchema, ...errorResponses(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => orderView(await svc.commitOrder(deps, scopeOf(request, 'read'), target(request), request.body ?? {})),
  );

  r.post(
    '/v1/orders/:orderID/reshop',
    {
      ...W,
      schema: {
        tags: TAG,
        summary: 'Alternatives for the order (reissue step 1)',
        description: 'Without `slices`: the same route and date.',
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        body: Type.Optional(S.ReshopBody),
        response: { 200: S.ReshopResult, ...errorResponses(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => ({
      offers: reshopOffersView(await reshop.reshopOrder(deps, scopeOf(request, 'read'), target(request), request.body ?? {})),
    }),
  );

  r.post(
    '/v1/orders/:orderID/change',
    {
      ...W,
      schema: {
        tags: TAG,
        summary: 'Change quote (`reissue`, `ancillaries`; AA refuses `cancel_segments`)',
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        body: Type.Optional(S.ChangeBody),
        response: { 200: S.OrderQuoteSchema, ...errorResponses(400, 401, 404, 409, 422, 502, 503) },
      },
    },
    async (request) => {
      const q = await reshop.changeQuote(deps, scopeOf(request, 'read'), target(request), request.body ?? {});
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

  r.post(
    '/v1/orders/:orderID/change/confirm',
    {
      ...W,
      schema: {
        tags: TAG,
        summary: 'Accept a reshop offer (`offer_id` required); the airline reprices at acceptance',
        description: R(''),
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        body: Type.Optional(S.ChangeConfirmBody),
        response: { 200: S.OrderSchema, ...errorResponses(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => orderView(await reshop.confirmChange(deps, scopeOf(request, 'read'), target(request), request.body ?? {})),
  );

  r.post(
    '/v1/orders/:orderID/cancel',
    {
      ...W,
      schema: {
        tags: TAG,
        summary: 'Cancellation quote: refund versus penalty from the fare conditions',
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        body: Type.Optional(S.CancelBody),
        response: { 200: S.CancelQuoteSchema, ...errorResponses(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const { order, quote } = await cancellation.cancelQuote(deps, scopeOf(request, 'read'), target(request));
      return {
        order_id: order.id,
        cancellation_quote_id: quote.quoteId,
        refund: money(quote.refund)!,
        penalty: money(quote.penalty)!,
        expires_at: quote.expiresAt,
      };
    },
  );

  r.post(
    '/v1/orders/:orderID/cancel/confirm',
    {
      ...W,
      schema: {
        tags: TAG,
        summary: 'Cancel the order; full order, or `{order_id, status}` when the airline cannot be read back',
        description: R(''),
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        body: Type.Optional(S.CancelConfirmBody),
        response: { 200: Type.Union([S.OrderSchema, S.MinimalOrder]), ...errorResponses(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const { order, full } = await cancellation.confirmCancel(
        deps,
        scopeOf(request, 'read'),
        target(request),
        request.body?.cancellation_quote_id ?? null,
      );
      return full ? orderView(order) : { order_id: order.id, status: order.status };
    },
  );

  r.get(
    '/v1/orders/:orderID/refund-eligibility',
    {
      schema: {
        tags: TAG,
        summary: 'Refund eligibility, refundable amount and penalty (no side effect)',
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        response: { 200: S.RefundEligibility, ...errorResponses(400, 401, 404, 502) },
      },
    },
    async (request) => {
      const e = await cancellation.refundEligibility(deps, scopeOf(request, 'read'), target(request));
      return {
        order_id: e.order.id,
        eligible: e.eligible,
        refundable_amount: money(e.refund)!,
        penalty: money(e.penalty)!,
        reason: e.reason,
      };
    },
  );

  r.post(
    '/v1/orders/:orderID/refund',
    {
      ...W,
      schema: {
        tags: TAG,
        summary: 'Refund the order (202)',
        description: R('A ticketed order is cancelled with its refund; a cancelled one has its refund recorded.'),
        params: S.OrderIdParams,
        querystring: S.AirlineQuery,
        response: { 202: S.RefundAccepted, ...errorResponses(400, 401, 404, 422, 502, 503) },
      },
    },
    async (request, reply) => {
      const order = await cancellation.refundOrder(deps, scopeOf(request, 'read'), target(request));
      return reply.code(202).send({ order_id: order.id, status: 'refunded' as const });
    },
  );
}
