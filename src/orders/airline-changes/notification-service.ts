import { AIRLINE_REFERENCE, shownReference } from '../../connectors/change-notification.js';
import { badRequest, notFound, unavailable, unprocessable } from '../../platform/errors.js';
import { isRetryable, refreshForNotification, type NotificationRefreshDeps } from './refresh-limiter.js';
import { ordersByAirlineOrderId } from './store.js';

/** Orders one notification may name: each is a database read and may be an airline call. */
export const MAX_ORDERS_PER_NOTIFICATION = 100;

export interface NotificationReceipt {
  /** Orders of this gateway the notification named, each re-read from the airline. */
  matched: number;
  /** Of those, the ones whose stored view changed. */
  updated: number;
  /** Of those, the ones re-read for a notification inside the window: re-read when it ends. */
  deferred: number;
}

/**
 * An airline's change notification (already authenticated): it names orders; each one this
 * gateway holds is re-read from the airline and what changed is recorded and announced. The
 * notification's own account of the change is never applied. An order the gateway does not know
 * is acknowledged all the same (the airline learns nothing about what we hold) and logged. A
 * re-read that failed for a passing reason (time-out, outage) answers 503, so the airline sends
 * the notification again later; a refusal is logged and acknowledged. Each order is re-read at
 * most once per window whatever notifications name it (refresh-limiter.ts), and a notification
 * names at most MAX_ORDERS_PER_NOTIFICATION orders (422 `too_many_orders` beyond).
 */
export async function receiveNotification(
  deps: NotificationRefreshDeps,
  airline: string,
  body: string,
): Promise<NotificationReceipt> {
  const connector = deps.connectors.get(airline);
  if (!connector?.readChangeNotification) throw notFound(`no notifications are taken from airline ${airline}`, 'unknown_airline');
  const read = connector.readChangeNotification(body);
  if (!read.ok) throw badRequest(read.failure.message, 'invalid_notification');
  if (read.value.orders.length > MAX_ORDERS_PER_NOTIFICATION)
    throw unprocessable(
      `a notification names at most ${MAX_ORDERS_PER_NOTIFICATION} orders (this one names ${read.value.orders.length}); ` +
        'send the rest in further notifications',
      'too_many_orders',
    );
  // Whatever connector read it, no id reaches SQL unless it is one (the NDC reader refuses the same).
  const unreadable = read.value.orders.find((named) => !AIRLINE_REFERENCE.test(named.airlineOrderId));
  if (unreadable)
    throw badRequest(`OrderID ${shownReference(unreadable.airlineOrderId)} is not an order id`, 'invalid_notification');
  let matched = 0;
  let updated = 0;
  let deferred = 0;
  for (const named of read.value.orders) {
    const orders = await ordersByAirlineOrderId(deps.db, connector.code, named.airlineOrderId);
    if (orders.length === 0) {
      deps.logger.info(
        { airline: connector.code, airlineOrderId: named.airlineOrderId },
        'airline notification for an order this gateway does not hold',
      );
      continue;
    }
    for (const order of orders) {
      matched++;
      const outcome = await refreshForNotification(deps, order, {
        notification: { kinds: read.value.kinds, airline_version: named.version },
      });
      if (outcome.ok && 'deferred' in outcome) {
        deferred++;
        continue;
      }
      if (!outcome.ok) {
        const retryable = isRetryable(outcome);
        deps.logger.warn({ orderId: order.id, failure: outcome.failure }, 'airline notification: re-reading the order failed');
        // A refusal (the order gone at the airline, no endpoint for its environment) will not
        // change by asking again: acknowledged, and the sweep or a refresh sees to the order.
        if (!retryable) continue;
        throw unavailable(
          `could not re-read order ${named.airlineOrderId} from ${connector.code}; send the notification again later`,
          'airline_unavailable',
          { 'Retry-After': '60' },
        );
      }
      if (outcome.changed) updated++;
    }
  }
  return { matched, updated, deferred };
}
