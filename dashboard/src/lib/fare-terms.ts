/**
 * An order's fare conditions in words that never contradict what the page offers: the change row
 * speaks of changing flights (seats and bags are added with their own actions, whatever the fare),
 * and the cancellation row of the money back (an order may be cancelled on any fare; the fare says
 * what it gives back). Which actions the page offers is the server's `available_actions`
 * (src/orders/available-actions.ts). Unit-tested in test/dashboard/fare-terms.test.ts.
 */

interface Term {
  allowed: boolean;
  fee_amount: number | null;
  fee_currency: string | null;
}

const feeText = (t: Term, money: (amount: number, currency: string | null) => string) =>
  t.fee_amount === null ? 'fee not published' : t.fee_amount === 0 ? 'no fee' : `fee ${money(t.fee_amount, t.fee_currency)}`;

const METHOD: Record<string, string> = {
  original_form_of_payment: 'back to the form of payment',
  credit: 'kept as a trip credit',
  taxes_only: 'the taxes back',
  none: 'nothing back',
};

/** "flights can be changed; fee 75.00 USD; fare difference applies", or "flights cannot be changed on this fare". */
export function changeTermText(
  change: (Term & { fare_difference_applies: boolean | null }) | null,
  money: (amount: number, currency: string | null) => string,
): string {
  if (!change) return 'not published';
  if (!change.allowed) return 'flights cannot be changed on this fare';
  return ['flights can be changed', feeText(change, money), change.fare_difference_applies ? 'fare difference applies' : null]
    .filter(Boolean)
    .join('; ');
}

/** "refunded; no fee; back to the form of payment", or "no refund on this fare; kept as a trip credit". */
export function refundTermText(
  refund: (Term & { method: string }) | null,
  money: (amount: number, currency: string | null) => string,
): string {
  if (!refund) return 'not published';
  const method = METHOD[refund.method] ?? refund.method;
  if (!refund.allowed) return `no refund on this fare; ${method}`;
  return ['refunded', feeText(refund, money), method].join('; ');
}

export type OrderAction = 'pay' | 'cancel' | 'change' | 'refund' | 'seats' | 'add_services' | 'accept_change';

/**
 * The controls the order page shows, each only when the gateway says the action is possible now,
 * so a button is never beside a sentence saying it is not allowed (nor offered after departure).
 */
export function orderControls(actions: readonly string[]) {
  const may = (action: OrderAction) => actions.includes(action);
  return {
    cancel: may('cancel'),
    refund: may('refund'),
    seats: may('seats'),
    services: may('add_services'),
    /** Cancelling some passengers or segments is a cancellation too. */
    partialCancel: may('cancel'),
  };
}
