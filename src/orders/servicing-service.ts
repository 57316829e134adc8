import type { ConnectorResult } from '../connectors/connector-failure.js';
import type { Money } from '../connectors/connector-types.js';
import type { AirlineOrder, OrderRef, ReshopRequest } from '../connectors/order-types.js';
import { badRequest, conflict, unprocessable } from '../platform/errors.js';
import type { BookingDeps } from './booking-service.js';
import { extrasOf, paymentOf } from './booking-service.js';
import { loadOrder } from './order-access.js';
import { recordTransition } from './order-lifecycle.js';
import type { OrderRow, OrderScope } from './order-record.js';
import { isOpen } from './order-status.js';
import { airlineError } from './order-view.js';
import { updateOrder } from './order-store.js';
import { appendHistory } from './history-store.js';

export type ServicingDeps = BookingDeps;

export interface Target {
  orderId: string;
  airline: string | undefined;
}

const refOf = (o: OrderRow): OrderRef => ({ airlineOrderId: o.airline_order_id, owner: o.airline_owner });
const zero = (currency: string): Money => ({ amountMinor: 0, currency });

function unwrap<T>(r: ConnectorResult<T>, context: 'order' | 'extra' = 'order'): T {
  if (!r.ok) throw airlineError(r.failure, context);
  return r.value;
}

async function open(deps: ServicingDeps, scope: OrderScope, t: Target, airlineRequired = true) {
  const loaded = await loadOrder(deps.db, deps.connectors, scope, t.orderId, t.airline, airlineRequired);
  return { ...loaded, ctx: { environment: scope.environment } };
}

function requireOpen(order: OrderRow): void {
  if (!isOpen(order.status)) throw conflict(`order ${order.id} is ${order.status}`, 'order_closed');
}

const airlineActor = (order: OrderRow) => ({ kind: 'airline' as const, id: order.airline, onBehalfOfAgencyId: null });

/** GET one order; with refresh the airline's current view is applied (and announced) first. */
export async function getOrder(deps: ServicingDeps, scope: OrderScope, t: Target, refresh: boolean): Promise<OrderRow> {
  const { order, connector, ctx } = await open(deps, scope, t, false);
  if (!refresh) return order;
  const fresh = unwrap(await connector.retrieveOrder(refOf(order), ctx));
  if (JSON.stringify(fresh) === JSON.stringify(order.details.airline)) return order;
  return recordTransition(deps.db, order, { action: 'refreshed', actor: airlineActor(order), at: deps.clock(), airline: fresh, detail: { notices: fresh.notices } });
}

/** Lower-cases every key of a change request, so `Seats`, `SEATS` and `seats` mean the same. */
export function lowerKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerKeys);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), lowerKeys(v)]));
  return value;
}

interface ChangeRequest {
  seats?: { segment_id: string; passenger_id: string; designator: string }[];
  services?: { service_id: string; passenger_id: string; segment_id?: string }[];
  contact?: { email?: string; phone?: string | null };
  payment?: Parameters<typeof paymentOf>[0]['payment'];
}

/**
 * PUT: seats and services are priced by the airline; free ones (or ones paid in the same body)
 * are added at once, priced ones wait as the pending upsell for `commit`. Contact changes are ours.
 */
export async function changeOrderRequest(deps: ServicingDeps, scope: OrderScope, t: Target, raw: unknown): Promise<OrderRow> {
  const body = lowerKeys(raw ?? {}) as ChangeRequest;
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const extras = extrasOf(body);
  if (extras.length === 0 && !body.contact) throw badRequest('the change request names nothing to change (seats, services or contact)', 'empty_change');
  let current = order;
  if (body.contact) {
    const contact = { email: body.contact.email ?? order.details.contact.email, phone: body.contact.phone ?? order.details.contact.phone };
    current = await recordTransition(deps.db, current, { action: 'contact_updated', actor: scope.actor, at: deps.clock(), details: { contact } });
  }
  if (extras.length === 0) return current;
  const priced = unwrap(await connector.priceExtras({ kind: 'order', ref: refOf(order) }, extras, ctx), 'extra');
  const total = priced.reduce((sum, x) => sum + x.price.amountMinor, 0);
  const currency = priced[0]?.price.currency ?? order.currency;
  const payment = paymentOf(body);
  if (total > 0 && !payment) {
    const pendingUpsell = { extras: priced, total: { amountMinor: total, currency } };
    return deps.db.transaction().execute(async (trx) => {
      const at = deps.clock();
      const row = await updateOrder(trx, current.id, {
        status: current.status, total_minor: Number(current.total_minor), currency: current.currency, payment_deadline: current.payment_deadline,
        details: { ...current.details, pendingUpsell }, updated_at: at,
      });
      await appendHistory(trx, row.id, { action: 'upsell_priced', status: row.status, actor: scope.actor, airlineReference: priced[0]?.airlineOfferId ?? null, detail: { total: pendingUpsell.total, items: priced.map((x) => x.name) }, at });
      return row;
    });
  }
  const changed = unwrap(await connector.changeOrder(refOf(order), { extras: priced, payment, amount: total > 0 ? { amountMinor: total, currency } : null }, ctx));
  return recordTransition(deps.db, current, { action: 'extras_added', actor: scope.actor, at: deps.clock(), airline: changed, details: { pendingUpsell: null }, detail: { items: priced.map((x) => x.name) } });
}

/** commit: pays a hold and/or the pending upsell in one OrderChange; a hold becomes ticketed. */
export async function commitOrder(deps: ServicingDeps, scope: OrderScope, t: Target, body: { payment?: ChangeRequest['payment'] }): Promise<OrderRow> {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const pending = order.details.pendingUpsell;
  if (order.status !== 'hold' && !pending) throw conflict('nothing to commit: the order is paid and has no pending upsell', 'nothing_to_commit');
  const payment = paymentOf(body) ?? { type: 'agency_account' as const };
  const due = (order.status === 'hold' ? Number(order.total_minor) : 0) + (pending?.total.amountMinor ?? 0);
  const changed = unwrap(await connector.changeOrder(refOf(order), { extras: pending?.extras ?? [], payment, amount: { amountMinor: due, currency: order.currency } }, ctx));
  return recordTransition(deps.db, order, { action: 'committed', actor: scope.actor, at: deps.clock(), airline: changed, details: { pendingUpsell: null }, detail: { paid: { amountMinor: due, currency: order.currency }, payment: payment.type } });
}

/** quote: the airline reprices the order as it stands (what commit would charge). */
export async function quoteOrder(deps: ServicingDeps, scope: OrderScope, t: Target) {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const q = unwrap(await connector.quoteOrder(refOf(order), ctx));
  const pending = order.details.pendingUpsell?.total.amountMinor ?? 0;
  const due = (order.status === 'hold' ? q.total.amountMinor : 0) + pending;
  return { order, quote: q, amountDue: { amountMinor: due, currency: q.total.currency } };
}

export function reshopRequest(order: OrderRow, body: { slices?: { origin?: string; destination?: string; departure_date: string }[]; cabin?: ReshopRequest['cabin'] }): ReshopRequest {
  const segs = order.details.airline.segments;
  const firstDate = segs[0]?.departingAt.slice(0, 10) ?? '';
  const slices = body.slices?.length
    ? body.slices.map((s) => ({ origin: s.origin ?? order.origin, destination: s.destination ?? order.destination, departureDate: s.departure_date }))
    : [{ origin: order.origin, destination: order.destination, departureDate: firstDate }];
  return { slices, cabin: body.cabin ?? null };
}

export async function reshopOrder(deps: ServicingDeps, scope: OrderScope, t: Target, body: Parameters<typeof reshopRequest>[1]) {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  return unwrap(await connector.reshopOrder(refOf(order), reshopRequest(order, body), ctx));
}

/** change: an order quote for the action; reissue lists the alternatives the confirm step accepts. */
export async function changeQuote(deps: ServicingDeps, scope: OrderScope, t: Target, body: { action?: string; departure_date?: string; segment_ids?: string[] }) {
  const action = body.action ?? 'reissue';
  if (action === 'cancel_segments') {
    throw unprocessable('AA does not cancel single segments through NDC; cancel the whole order with POST /cancel', 'change_not_supported');
  }
  if (action === 'ancillaries') {
    const q = await quoteOrder(deps, scope, t);
    return { order: q.order, action, quoteId: q.quote.quoteId, total: q.quote.total, amountDue: q.amountDue, deadline: q.quote.paymentDeadline, offers: undefined };
  }
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const request = reshopRequest(order, body.departure_date ? { slices: [{ departure_date: body.departure_date }] } : {});
  const offers = unwrap(await connector.reshopOrder(refOf(order), request, ctx));
  const best = [...offers].sort((a, b) => a.amountDue.amountMinor - b.amountDue.amountMinor)[0];
  return {
    order,
    action,
    quoteId: best?.offer.offerId ?? null,
    total: best?.offer.total ?? { amountMinor: Number(order.total_minor), currency: order.currency },
    amountDue: best?.amountDue ?? zero(order.currency),
    deadline: null,
    offers,
  };
}

/** change/confirm: accepts reshop offer(s); the airline reprices at acceptance. */
export async function confirmChange(deps: ServicingDeps, scope: OrderScope, t: Target, body: { offer_id?: string; offer_ids?: string[]; change_quote_id?: string; payment?: ChangeRequest['payment'] }) {
  if (!body.offer_id) throw badRequest('offer_id is required', 'offer_id_required');
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const ids = [body.offer_id, ...(body.offer_ids ?? []).filter((id) => id !== body.offer_id)];
  const changed = unwrap(await connector.acceptReshopOffers(refOf(order), ids, paymentOf(body) ?? { type: 'agency_account' }, ctx));
  return recordTransition(deps.db, order, { action: 'reissued', actor: scope.actor, at: deps.clock(), airline: changed, detail: { offer_ids: ids, change_quote_id: body.change_quote_id ?? null } });
}

export async function cancelQuote(deps: ServicingDeps, scope: OrderScope, t: Target) {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  return { order, quote: unwrap(await connector.cancelQuote(refOf(order), ctx)) };
}

/**
 * cancel/confirm and DELETE: accepts the cancellation (a fresh quote when none is named). When
 * the airline confirms but its order cannot be read back, the order is still recorded cancelled
 * and the caller gets the minimal `{order_id, status}`.
 */
export async function confirmCancel(deps: ServicingDeps, scope: OrderScope, t: Target, quoteId: string | null, action = 'cancelled'): Promise<{ order: OrderRow; full: boolean }> {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const quote = unwrap(await connector.cancelQuote(refOf(order), ctx));
  const accepted = unwrap(await connector.acceptCancel(refOf(order), quoteId ?? quote.quoteId, ctx));
  let view: AirlineOrder | null = accepted;
  if (!view) {
    const again = await connector.retrieveOrder(refOf(order), ctx);
    view = again.ok ? again.value : null;
  }
  const cancellation = { refund: quote.refund, penalty: quote.penalty };
  const row = await recordTransition(deps.db, order, { action, actor: scope.actor, at: deps.clock(), airline: view, status: 'cancelled', details: { cancellation, pendingUpsell: null }, detail: { refund: quote.refund, penalty: quote.penalty } });
  return { order: row, full: view !== null };
}

/** refund-eligibility: what a refund would return now; reads only, records nothing. */
export async function refundEligibility(deps: ServicingDeps, scope: OrderScope, t: Target) {
  const { order, connector, ctx } = await open(deps, scope, t);
  const cur = order.currency;
  if (order.status === 'refunded') return { order, eligible: false, refund: zero(cur), penalty: zero(cur), reason: 'already refunded' };
  if (order.status === 'hold') return { order, eligible: false, refund: zero(cur), penalty: zero(cur), reason: 'nothing was paid for this hold' };
  if (order.status === 'cancelled') {
    const c = order.details.cancellation;
    const ok = Boolean(c && c.refund.amountMinor > 0);
    return { order, eligible: ok, refund: c?.refund ?? zero(cur), penalty: c?.penalty ?? zero(cur), reason: ok ? null : 'nothing to refund' };
  }
  const q = unwrap(await connector.cancelQuote(refOf(order), ctx));
  return { order, eligible: q.refund.amountMinor > 0, refund: q.refund, penalty: q.penalty, reason: q.refund.amountMinor > 0 ? null : 'the fare refunds nothing' };
}

/** refund: closes a ticketed order with its refund at the airline, or records a cancelled one's. */
export async function refundOrder(deps: ServicingDeps, scope: OrderScope, t: Target): Promise<OrderRow> {
  const { order, connector, ctx } = await open(deps, scope, t);
  if (order.status === 'refunded') return order;
  if (order.status === 'hold') throw unprocessable('nothing was paid for this hold; cancel it instead', 'nothing_to_refund');
  let current = order;
  if (order.status === 'ticketed') current = (await confirmCancel(deps, scope, t, null, 'cancelled_for_refund')).order;
  const c = current.details.cancellation;
  if (!c || c.refund.amountMinor <= 0) throw unprocessable('the fare refunds nothing', 'nothing_to_refund');
  const at = deps.clock();
  const fresh = await connector.retrieveOrder(refOf(current), ctx);
  return recordTransition(deps.db, current, {
    action: 'refunded',
    actor: scope.actor,
    at,
    airline: fresh.ok ? fresh.value : null,
    status: 'refunded',
    details: { refund: { ...c.refund, at: at.toISOString() } },
    detail: { refund: c.refund, penalty: c.penalty },
  });
}
