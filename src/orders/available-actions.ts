import type { OrderRow } from '../platform/db/rows.js';
import { disruptionActions } from './airline-changes/disruption-actions.js';
import { couponState } from './coupon-status.js';
import { isUnpaidHold } from './order-status.js';

/**
 * What a client may do with an order now, so it need not try: from the status, the fare
 * conditions kept at booking and the time. Each name is the route that does it:
 *
 *   pay            POST /commit with payment: a hold before its payment deadline
 *   cancel         POST /cancel (+ /cancel/confirm): an open order before its first departure
 *   change         POST /change (reshop, reissue): an open order before departure with a flight still booked
 *                  whose fare allows changes (not Basic Economy)
 *   refund         POST /refund: a ticketed fare that cancels to money (to the form of payment, or the taxes),
 *                  a cancelled order whose cancellation left a refund not yet recorded, or, whatever the
 *                  fare, a ticketed order the airline cancelled or significantly changed (involuntary, in full)
 *   seats          POST /change with seats: an open order before departure with a flight still booked
 *   add_services   POST /change with services: the same
 *   accept_change  POST /acknowledge-changes: the airline changed the schedule and nobody accepted it yet
 *
 * Fare conditions unknown (orders booked before 2.2.0): `change` is offered (the airline quotes
 * first), `refund` is not.
 */
export const ORDER_ACTIONS = ['pay', 'cancel', 'change', 'refund', 'seats', 'add_services', 'accept_change'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const HOUR_MS = 3_600_000;
/** The latest UTC offset west of Greenwich: a local time this far behind UTC now has passed everywhere. */
const WESTMOST_OFFSET_MS = 12 * HOUR_MS;

/**
 * The trip has started: a coupon flown, or a segment's local departure past in every time zone
 * (local times carry no offset, so the check waits for the westernmost one).
 */
export function hasDeparted(order: OrderRow, now: Date): boolean {
  const a = order.details.airline;
  if (a.tickets.some((t) => t.coupons.some((c) => couponState(c.status) === 'flown'))) return true;
  const passed = new Date(now.getTime() - WESTMOST_OFFSET_MS).toISOString().slice(0, 19);
  return a.segments.some((s) => s.status !== 'cancelled' && s.departingAt !== '' && s.departingAt.slice(0, 19) < passed);
}

export function availableActions(order: OrderRow, now: Date): OrderAction[] {
  const actions = new Set<OrderAction>();
  const refunds = order.details.conditions?.refunds;
  const changes = order.details.conditions?.changes;
  const open = order.status === 'hold' || order.status === 'ticketed';
  if (open && !hasDeparted(order, now)) {
    if (isUnpaidHold(order) && (!order.payment_deadline || order.payment_deadline.getTime() > now.getTime())) actions.add('pay');
    actions.add('cancel');
    // Nothing left to fly (the airline cancelled every flight, no alternative): nothing to change or add to.
    const flying = order.details.airline.segments.some((s) => s.status !== 'cancelled');
    if (flying && changes?.allowed !== false) actions.add('change');
    if (order.status === 'ticketed' && (refunds?.method === 'original_form_of_payment' || refunds?.method === 'taxes_only'))
      actions.add('refund');
    if (flying) {
      actions.add('seats');
      actions.add('add_services');
    }
  }
  if (order.status === 'cancelled' && (order.details.cancellation?.refund.amountMinor ?? 0) > 0 && !order.details.refund)
    actions.add('refund');
  // The airline's own changes: accept them, or (cancelled or significant) take the full refund.
  if (open) for (const action of disruptionActions(order)) actions.add(action);
  return ORDER_ACTIONS.filter((a) => actions.has(a));
}
