import type { AirlineOrder } from '../../connectors/order-types.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { unprocessable } from '../../platform/errors.js';
import { recordTransition } from '../order-lifecycle.js';
import type { OrderScope } from '../order-record.js';
import { open, refOf, requireOpen, unwrap, zero, type ServicingDeps, type Target } from './context.js';

/** Cancellation (21.3: an OrderReshop refund quote accepted by OrderChange) and refunds. */
export async function cancelQuote(deps: ServicingDeps, scope: OrderScope, t: Target) {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  return { order, quote: unwrap(await connector.cancelQuote(refOf(order), ctx)) };
}

/**
 * cancel/confirm and DELETE: accepts the cancellation (a fresh quote when none is named), then
 * re-reads the order, since refunds and coupon states settle at the airline. When that read fails
 * the order is still recorded cancelled and the caller gets the minimal `{order_id, status}`.
 */
export async function confirmCancel(
  deps: ServicingDeps,
  scope: OrderScope,
  t: Target,
  quoteId: string | null,
  action = 'cancelled',
): Promise<{ order: OrderRow; full: boolean }> {
  const { order, connector, ctx } = await open(deps, scope, t);
  requireOpen(order);
  const quote = unwrap(await connector.cancelQuote(refOf(order), ctx));
  const accepted = unwrap(await connector.acceptCancel(refOf(order), quoteId ?? quote.quoteId, ctx));
  const reread = await connector.retrieveOrder(refOf(order), ctx);
  const view: AirlineOrder | null = reread.ok ? reread.value : accepted;
  const cancellation = { refund: quote.refund, penalty: quote.penalty };
  const row = await recordTransition(deps.db, order, {
    action,
    actor: scope.actor,
    at: deps.clock(),
    airline: view,
    status: 'cancelled',
    details: { cancellation, pendingUpsell: null },
    detail: { refund: quote.refund, penalty: quote.penalty },
  });
  return { order: row, full: reread.ok };
}

/** refund-eligibility: what a refund would return now; reads only, records nothing. */
export async function refundEligibility(deps: ServicingDeps, scope: OrderScope, t: Target) {
  const { order, connector, ctx } = await open(deps, scope, t);
  const cur = order.currency;
  if (order.status === 'refunded')
    return { order, eligible: false, refund: zero(cur), penalty: zero(cur), reason: 'already refunded' };
  if (order.status === 'hold')
    return { order, eligible: false, refund: zero(cur), penalty: zero(cur), reason: 'nothing was paid for this hold' };
  if (order.status === 'cancelled') {
    const c = order.details.cancellation;
    const ok = Boolean(c && c.refund.amountMinor > 0);
    return {
      order,
      eligible: ok,
      refund: c?.refund ?? zero(cur),
      penalty: c?.penalty ?? zero(cur),
      reason: ok ? null : 'nothing to refund',
    };
  }
  const q = unwrap(await connector.cancelQuote(refOf(order), ctx));
  return {
    order,
    eligible: q.refund.amountMinor > 0,
    refund: q.refund,
    penalty: q.penalty,
    reason: q.refund.amountMinor > 0 ? null : 'the fare refunds nothing',
  };
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
