import { toDecimal } from '../platform/money.js';
import type { OrderRow } from '../platform/db/rows.js';
import type { OrderEventValue } from '../platform/db/tables/column-types.js';

/**
 * The order events and their payloads, as the outbox keeps them (event-outbox-store.ts has its SQL).
 * The names are the outbox column's type, so the table and the code cannot disagree.
 */
export type OrderEventName = OrderEventValue;

/** The order fields the lifecycle body carries (a test delivery builds it from a sample order). */
export type LifecycleOrder = Pick<
  OrderRow,
  'id' | 'pnr' | 'airline' | 'status' | 'origin' | 'destination' | 'currency' | 'total_minor'
>;

/** The contract's flat body of the five lifecycle events. */
export function lifecyclePayload(
  event: Exclude<OrderEventName, 'order.ticketing_deadline_approaching'>,
  order: LifecycleOrder,
  at: Date,
) {
  return {
    event,
    order_id: order.id,
    pnr: order.pnr,
    airline: order.airline,
    status: order.status,
    origin: order.origin,
    destination: order.destination,
    currency: order.currency,
    total: toDecimal({ amountMinor: Number(order.total_minor), currency: order.currency }),
    occurred_at: at.toISOString(),
  };
}

/** The reminder's body: no amounts and no `event` field, as the contract defines it. */
export function deadlinePayload(order: Pick<OrderRow, 'id' | 'pnr' | 'airline' | 'payment_deadline'>) {
  return {
    order_id: order.id,
    pnr: order.pnr,
    airline: order.airline,
    ticketing_deadline: order.payment_deadline!.toISOString(),
  };
}
