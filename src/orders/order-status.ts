/**
 * The documented order status set and the only moves between statuses. Any other move is a bug
 * or a stale airline answer and is refused rather than stored.
 *
 *   (none)    -> hold | ticketed          POST /v1/orders (pay later / pay now)
 *   hold      -> ticketed                 commit, change confirm, refresh
 *   hold      -> cancelled                cancel confirm, DELETE, refresh (airline cancelled or the hold lapsed)
 *   ticketed  -> cancelled                cancel confirm, DELETE, refresh (airline cancellation)
 *   ticketed  -> refunded                 refund, refresh (refunded at the airline)
 *   cancelled -> refunded                 refund, refresh
 *   hold | ticketed -> same status        seats, extras, reissue, schedule change (order.updated)
 *   refunded is final.
 */
export const ORDER_STATUSES = ['hold', 'ticketed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  hold: ['hold', 'ticketed', 'cancelled'],
  ticketed: ['ticketed', 'cancelled', 'refunded'],
  cancelled: ['refunded'],
  refunded: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export const isOpen = (status: OrderStatus): boolean => status === 'hold' || status === 'ticketed';

/**
 * A hold whose own total is still to pay. A hold commit paid stays `hold` while the airline issues
 * its tickets late (details.holdPayment): it is never paid again.
 */
export const isUnpaidHold = (order: { status: OrderStatus; details: { holdPayment?: unknown } }): boolean =>
  order.status === 'hold' && !order.details.holdPayment;

/** The event a move announces, or null when nothing changed that a subscriber needs to know. */
export function eventForMove(
  from: OrderStatus,
  to: OrderStatus,
): 'order.ticketed' | 'order.cancelled' | 'order.refunded' | 'order.updated' {
  if (to === 'ticketed' && from === 'hold') return 'order.ticketed';
  if (to === 'cancelled') return 'order.cancelled';
  if (to === 'refunded') return 'order.refunded';
  return 'order.updated';
}

export const STATUS_DOC =
  'Statuses: `hold` (booked, unpaid, payment_deadline set; once committed but with its tickets still to come from the airline, ' +
  'paid with payment_deadline null, and a second commit is 409 nothing_to_commit), `ticketed` (paid, tickets issued), `cancelled` (booking closed), ' +
  '`refunded` (refund recorded; final). Transitions: none→hold|ticketed (create); hold→ticketed (commit, change confirm, refresh); ' +
  'hold|ticketed→cancelled (cancel confirm, DELETE, airline-reported on refresh, lapsed hold); ticketed|cancelled→refunded (refund, refresh); ' +
  'hold→hold and ticketed→ticketed for seats, extras, reissue and schedule changes (order.updated).';
