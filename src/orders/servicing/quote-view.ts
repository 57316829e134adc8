import { money } from '../order-view.js';
import type { cancelQuote, refundEligibility } from './cancellation-service.js';
import type { changeQuote } from './reshop-service.js';
import { addedExtrasView, reshopOffersView } from './reshop-view.js';
import { refundMethodOf } from './servicing-quote.js';

/**
 * The JSON of servicing quotes, one shape whichever surface asked: an API key on `/v1/orders` or
 * a portal session on the dashboard's `/v1/dev/orders` routes.
 */

export function changeQuoteView(q: Awaited<ReturnType<typeof changeQuote>>) {
  const kept = q.quote;
  const cancels = kept.action === 'cancel' || kept.action === 'cancel_segments' || kept.action === 'remove_extras';
  return {
    order_id: q.order.id,
    quote_id: q.quoteId,
    action: q.action,
    total: money(q.total)!,
    amount_due: money(q.amountDue)!,
    payment_deadline: q.deadline,
    reason: kept.reason,
    segment_ids: kept.segmentIds,
    ...(cancels ? { refund: money(kept.refund)!, penalty: money(kept.penalty)!, trip_credit: money(kept.credit)! } : {}),
    ...(kept.action === 'add_extras' ? { added_extras: addedExtrasView(kept.addExtras) } : {}),
    ...(kept.action === 'remove_extras' ? { removed_extra_ids: kept.extraIds } : {}),
    ...(q.offers ? { offers: reshopOffersView(q.offers) } : { expires_at: kept.expiresAt }),
  };
}

export function cancelQuoteView({ order, quote }: Awaited<ReturnType<typeof cancelQuote>>) {
  return {
    order_id: order.id,
    cancellation_quote_id: quote.id,
    scope: quote.action === 'cancel' ? ('order' as const) : ('partial' as const),
    passenger_ids: quote.passengerIds,
    segment_ids: quote.segmentIds,
    refund: money(quote.refund)!,
    penalty: money(quote.penalty)!,
    trip_credit: money(quote.credit)!,
    refund_method: refundMethodOf(quote),
    reason: quote.reason,
    expires_at: quote.expiresAt,
  };
}

export function refundEligibilityView(e: Awaited<ReturnType<typeof refundEligibility>>) {
  return {
    order_id: e.order.id,
    eligible: e.eligible,
    refundable_amount: money(e.refund)!,
    penalty: money(e.penalty)!,
    reason: e.reason,
  };
}
