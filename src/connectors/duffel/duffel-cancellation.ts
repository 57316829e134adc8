import { fail, failure, ok } from '../connector-failure.js';
import type { CancelQuote, CancelRefundMethod, OrderOperations } from '../order-types.js';
import type { DuffelOrderCancellation } from './duffel-api.js';
import { money } from './duffel-offer-mapper.js';
import { creditTotal } from './duffel-order-mapper.js';
import type { DuffelOrderCalls } from './duffel-order-calls.js';

/**
 * Where Duffel's `refund_to` sends the value, in our words: the original form of payment (Duffel's
 * `original_form_of_payment`, and `balance`, `card`, `arc_bsp_cash`: what paid), an airline credit
 * (`airline_credits`, `voucher`), or nothing (`awaiting_payment`: an unpaid hold).
 */
export function refundMethodOf(refundTo: string, amountMinor: number): CancelRefundMethod {
  if (refundTo === 'airline_credits' || refundTo === 'voucher') return 'credit';
  if (refundTo === 'awaiting_payment' || amountMinor <= 0) return 'none';
  return 'original_form_of_payment';
}

/** Duffel's cancellation as our quote: cash to the form of payment or balance, or airline credits / a voucher. */
export function cancelQuoteOf(c: DuffelOrderCancellation, currency: string): CancelQuote {
  const refund = money(c.refund_amount, c.refund_currency) ?? { amountMinor: 0, currency };
  const method = refundMethodOf(c.refund_to, refund.amountMinor);
  const asCredit = method === 'credit';
  const credits = creditTotal(c.airline_credits ?? [], refund.currency);
  return {
    quoteId: c.id,
    refund: asCredit ? { amountMinor: 0, currency: refund.currency } : refund,
    credit: asCredit ? (credits.amountMinor > 0 ? credits : refund) : { amountMinor: 0, currency: refund.currency },
    penalty: { amountMinor: 0, currency: refund.currency },
    expiresAt: c.expires_at ?? null,
    method,
  };
}

/** Cancellations at Duffel: a quote (an unconfirmed order cancellation), then its confirmation. Whole orders only. */
export function duffelCancellation(
  calls: DuffelOrderCalls,
): Pick<OrderOperations, 'cancelQuote' | 'partialCancelQuote' | 'acceptCancel'> {
  const { call, getOrder, view } = calls;
  return {
    async cancelQuote(ref, ctx) {
      const quote = await call<DuffelOrderCancellation>(ctx, {
        method: 'POST',
        path: '/air/order_cancellations',
        data: { order_id: ref.airlineOrderId },
        what: 'order cancellation',
      });
      return quote.ok ? ok(cancelQuoteOf(quote.value, 'USD')) : quote;
    },

    async partialCancelQuote() {
      return fail(failure('refused', 'Duffel cancels whole orders only: cancel the order'));
    },

    async acceptCancel(ref, quoteId, ctx) {
      const confirmed = await call(ctx, {
        method: 'POST',
        path: `/air/order_cancellations/${encodeURIComponent(quoteId)}/actions/confirm`,
        what: 'order cancellation confirmation',
      });
      if (!confirmed.ok) return confirmed;
      const order = await getOrder(ref, ctx);
      return order.ok ? view(order) : ok(null);
    },
  };
}
