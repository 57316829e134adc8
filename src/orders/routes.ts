import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError, badRequest, forbidden, unauthorized } from '../platform/errors.js';
import { createOrder } from './booking-service.js';
import { validKey } from './idempotency-service.js';
import { listHistory } from './history-store.js';
import { loadOrder } from './order-access.js';
import type { Actor, OrderScope } from './order-record.js';
import { STATUS_DOC } from './order-status.js';
import { listOrders } from './order-store.js';
import { historyView, money, orderView } from './order-view.js';
import * as S from './schemas.js';
import * as cancellation from './cancellation-service.js';
import * as reshop from './reshop-service.js';
import * as svc from './servicing-service.js';
import { reshopOffersView } from './reshop-view.js';

const TAG = ['orders'];
const E = S.ErrorSchema;
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, E]));

function actorOf(request: FastifyRequest): Actor {
  const session = (request as { session?: { userId: string; agencyId: string | null; supportSession: { operatorUserId: string } | null } | null }).session;
  if (session?.supportSession) return { kind: 'support', id: session.supportSession.operatorUserId, onBehalfOfAgencyId: session.agencyId };
  if (session) return { kind: 'portal_user', id: session.userId, onBehalfOfAgencyId: null };
  return { kind: 'api_key', id: request.apiKey?.id ?? null, onBehalfOfAgencyId: null };
}

/** The agency behind the key; a static key has none (401 on reads, 403 on create). */
function scopeOf(request: FastifyRequest, refusal: 'read' | 'create'): OrderScope {
  const key = request.apiKey;
  if (!key || key.kind === 'static' || !key.agencyId) {
    if (refusal === 'create') throw forbidden('a static read-only key cannot create orders; use an agency key', 'forbidden');
    throw unauthorized('unauthorized');
  }
  return { agencyId: key.agencyId, environment: key.environment, keyId: key.id, actor: actorOf(request) };
}

const encodeCursor = (createdAt: Date, id: string) => Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|', 2);
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw badRequest('invalid cursor', 'invalid_cursor');
  return { createdAt, id };
}

/** Cross-cutting rule 2: order writes switched off answer coming_soon; reads keep working. */
export function writeGate(config: { orderWritesEnabled: boolean; publicUrl: string }) {
  return async (_request: FastifyRequest) => {
    if (config.orderWritesEnabled) return;
    throw new AppError(503, 'coming_soon', 'coming_soon', {
      message: 'Booking and servicing orders is not switched on for this environment yet.',
      docs_url: `${config.publicUrl.replace(/\/$/, '')}/docs#tag/orders`,
    }, { 'Retry-After': '3600' });
  };
}

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: app.platform.db, connectors: app.connectors, clock: () => app.platform.clock() };
  const { config } = app.platform;
  const target = (req: { params: { orderID: string }; query: { airline?: string } }) => ({ orderId: req.params.orderID, airline: req.query.airline });

  const gate = writeGate(config);
  const W = { preHandler: gate };
  const R = (d: string) => `${d}\n\n${STATUS_DOC}`;

  r.get('/v1/orders', {
    schema: { tags: TAG, summary: 'List the agency\'s orders, newest first (keyset pagination)', description: R('`next_cursor` is empty on the last page.'), querystring: S.ListQuery, response: { 200: S.OrderList, ...errors(400, 401) } },
  }, async (request) => {
    const scope = scopeOf(request, 'read');
    const limit = request.query.limit ?? 20;
    const rows = await listOrders(deps.db, {
      agencyId: scope.agencyId, environment: scope.environment,
      airline: request.query.airline?.toUpperCase() ?? null, status: request.query.status ?? null, pnr: request.query.pnr?.toUpperCase() ?? null,
      after: request.query.cursor ? decodeCursor(request.query.cursor) : null, limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { orders: page.map(orderView), next_cursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : '' };
  });

  r.post('/v1/orders', {
    ...W,
    schema: { tags: TAG, summary: 'Book an offer: hold (pay later) or pay now (ticketed)', description: R('Header `Idempotency-Key` (≤128 characters): a repeat returns the first order with 200 and `Idempotent-Replayed: true`.'), headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }), body: S.CreateOrderBody, response: { 200: S.OrderSchema, 201: S.OrderSchema, ...errors(400, 401, 403, 404, 409, 422, 502, 503) } },
  }, async (request, reply) => {
    const scope = scopeOf(request, 'create');
    const key = validKey(request.headers['idempotency-key']);
    const { order, replayed } = await createOrder(deps, scope, request.body, key);
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    return reply.code(replayed ? 200 : 201).send(orderView(order));
  });

  r.get('/v1/orders/:orderID', {
    schema: { tags: TAG, summary: 'One order from the agency\'s store (`refresh=true` re-reads the airline)', description: R('Never falls back to the airline: 404 `order_not_found`, with `did_you_mean` for a one-character typo.'), params: S.OrderIdParams, querystring: S.GetOrderQuery, response: { 200: S.OrderSchema, ...errors(400, 401, 404, 502) } },
  }, async (request) => orderView(await svc.getOrder(deps, scopeOf(request, 'read'), target(request), request.query.refresh === true)));

  r.put('/v1/orders/:orderID', {
    ...W,
    schema: { tags: TAG, summary: 'Change request: seats, services, contact (JSON keys case-insensitive)', description: R('Priced extras without `payment` become `pending_upsell`, finalised by POST /commit.'), params: S.OrderIdParams, querystring: S.AirlineQuery, body: Type.Object({}, { additionalProperties: true, description: 'seats [{segment_id, passenger_id, designator}], services [{service_id, passenger_id, segment_id}], contact {email, phone}, payment' }), response: { 200: S.OrderSchema, ...errors(400, 401, 404, 409, 422, 502, 503) } },
  }, async (request) => orderView(await svc.changeOrderRequest(deps, scopeOf(request, 'read'), target(request), request.body)));

  r.delete('/v1/orders/:orderID', {
    ...W,
    schema: { tags: TAG, summary: 'Cancel the order at the airline (quote and accept in one step)', description: R('204 on success.'), params: S.OrderIdParams, querystring: S.AirlineQuery, response: { 204: Type.Null(), ...errors(400, 401, 404, 409, 502, 503) } },
  }, async (request, reply) => {
    await cancellation.confirmCancel(deps, scopeOf(request, 'read'), target(request), null);
    return reply.code(204).send(null);
  });

  r.post('/v1/orders/:orderID/quote', {
    ...W,
    schema: { tags: TAG, summary: 'Order quote: the airline reprices the order as it stands', params: S.OrderIdParams, querystring: S.AirlineQuery, response: { 200: S.OrderQuoteSchema, ...errors(400, 401, 404, 409, 502, 503) } },
  }, async (request) => {
    const q = await svc.quoteOrder(deps, scopeOf(request, 'read'), target(request));
    return { order_id: q.order.id, quote_id: q.quote.quoteId, action: 'reprice', total: money(q.quote.total)!, amount_due: money(q.amountDue)!, payment_deadline: q.quote.paymentDeadline };
  });

  r.post('/v1/orders/:orderID/commit', {
    ...W,
    schema: { tags: TAG, summary: 'Pay a hold and/or the pending upsell (seats, bags)', description: R('Payment defaults to the agency account (BSP).'), params: S.OrderIdParams, querystring: S.AirlineQuery, body: Type.Optional(S.CommitBody), response: { 200: S.OrderSchema, ...errors(400, 401, 404, 409, 502, 503) } },
  }, async (request) => orderView(await svc.commitOrder(deps, scopeOf(request, 'read'), target(request), request.body ?? {})));

  r.post('/v1/orders/:orderID/reshop', {
    ...W,
    schema: { tags: TAG, summary: 'Alternatives for the order (reissue step 1)', description: 'Without `slices`: the same route and date.', params: S.OrderIdParams, querystring: S.AirlineQuery, body: Type.Optional(S.ReshopBody), response: { 200: S.ReshopResult, ...errors(400, 401, 404, 409, 502, 503) } },
  }, async (request) => ({ offers: reshopOffersView(await reshop.reshopOrder(deps, scopeOf(request, 'read'), target(request), request.body ?? {})) }));

  r.post('/v1/orders/:orderID/change', {
    ...W,
    schema: { tags: TAG, summary: 'Change quote (`reissue`, `ancillaries`; AA refuses `cancel_segments`)', params: S.OrderIdParams, querystring: S.AirlineQuery, body: Type.Optional(S.ChangeBody), response: { 200: S.OrderQuoteSchema, ...errors(400, 401, 404, 409, 422, 502, 503) } },
  }, async (request) => {
    const q = await reshop.changeQuote(deps, scopeOf(request, 'read'), target(request), request.body ?? {});
    return { order_id: q.order.id, quote_id: q.quoteId, action: q.action, total: money(q.total)!, amount_due: money(q.amountDue)!, payment_deadline: q.deadline, ...(q.offers ? { offers: reshopOffersView(q.offers) } : {}) };
  });

  r.post('/v1/orders/:orderID/change/confirm', {
    ...W,
    schema: { tags: TAG, summary: 'Accept a reshop offer (`offer_id` required); the airline reprices at acceptance', description: R(''), params: S.OrderIdParams, querystring: S.AirlineQuery, body: Type.Optional(S.ChangeConfirmBody), response: { 200: S.OrderSchema, ...errors(400, 401, 404, 409, 502, 503) } },
  }, async (request) => orderView(await reshop.confirmChange(deps, scopeOf(request, 'read'), target(request), request.body ?? {})));

  r.post('/v1/orders/:orderID/cancel', {
    ...W,
    schema: { tags: TAG, summary: 'Cancellation quote: refund versus penalty from the fare conditions', params: S.OrderIdParams, querystring: S.AirlineQuery, body: Type.Optional(S.CancelBody), response: { 200: S.CancelQuoteSchema, ...errors(400, 401, 404, 409, 502, 503) } },
  }, async (request) => {
    const { order, quote } = await cancellation.cancelQuote(deps, scopeOf(request, 'read'), target(request));
    return { order_id: order.id, cancellation_quote_id: quote.quoteId, refund: money(quote.refund)!, penalty: money(quote.penalty)!, expires_at: quote.expiresAt };
  });

  r.post('/v1/orders/:orderID/cancel/confirm', {
    ...W,
    schema: { tags: TAG, summary: 'Cancel the order; full order, or `{order_id, status}` when the airline cannot be read back', description: R(''), params: S.OrderIdParams, querystring: S.AirlineQuery, body: Type.Optional(S.CancelConfirmBody), response: { 200: Type.Union([S.OrderSchema, S.MinimalOrder]), ...errors(400, 401, 404, 409, 502, 503) } },
  }, async (request) => {
    const { order, full } = await cancellation.confirmCancel(deps, scopeOf(request, 'read'), target(request), request.body?.cancellation_quote_id ?? null);
    return full ? orderView(order) : { order_id: order.id, status: order.status };
  });

  r.get('/v1/orders/:orderID/refund-eligibility', {
    schema: { tags: TAG, summary: 'Refund eligibility, refundable amount and penalty (no side effect)', params: S.OrderIdParams, querystring: S.AirlineQuery, response: { 200: S.RefundEligibility, ...errors(400, 401, 404, 502) } },
  }, async (request) => {
    const e = await cancellation.refundEligibility(deps, scopeOf(request, 'read'), target(request));
    return { order_id: e.order.id, eligible: e.eligible, refundable_amount: money(e.refund)!, penalty: money(e.penalty)!, reason: e.reason };
  });

  r.post('/v1/orders/:orderID/refund', {
    ...W,
    schema: { tags: TAG, summary: 'Refund the order (202)', description: R('A ticketed order is cancelled with its refund; a cancelled one has its refund recorded.'), params: S.OrderIdParams, querystring: S.AirlineQuery, response: { 202: S.RefundAccepted, ...errors(400, 401, 404, 422, 502, 503) } },
  }, async (request, reply) => {
    const order = await cancellation.refundOrder(deps, scopeOf(request, 'read'), target(request));
    return reply.code(202).send({ order_id: order.id, status: 'refunded' as const });
  });

  r.get('/v1/orders/:orderID/history', {
    schema: { tags: TAG, summary: 'Append-only timeline: who (key, portal user, support on the agency\'s behalf, airline), what, when, airline references', params: S.OrderIdParams, querystring: S.AirlineQuery, response: { 200: S.HistorySchema, ...errors(400, 401, 404) } },
  }, async (request) => {
    const { order } = await loadOrder(deps.db, deps.connectors, scopeOf(request, 'read'), request.params.orderID, request.query.airline, false);
    return { order_id: order.id, entries: (await listHistory(deps.db, order.id)).map(historyView) };
  });
}
