import type { ChangeNotification } from '../change-notification.js';
import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import type { DuffelWebhookEvent } from './duffel-api.js';

const ORDER_ID = /^ord_[A-Za-z0-9]{1,60}$/;

/** A Duffel webhook event's id (`wev_...`), or null when the body is not one. */
export function duffelEventId(body: string): string | null {
  const event = parse(body);
  return event && /^[A-Za-z0-9_]{1,80}$/.test(event.id) ? event.id : null;
}

function parse(body: string): DuffelWebhookEvent | null {
  try {
    const value: unknown = JSON.parse(body);
    if (!value || typeof value !== 'object') return null;
    const event = value as DuffelWebhookEvent;
    return typeof event.id === 'string' && typeof event.type === 'string' ? event : null;
  } catch {
    return null;
  }
}

/**
 * The orders a Duffel webhook event names (Duffel's "Webhooks" reference): an airline-initiated
 * change or a cancellation names its order (`data.object.order_id`), an order event the order itself
 * (`data.object.id`). Only the id is taken: the gateway re-reads the order from Duffel's API rather
 * than trusting the payload. Other events (a ping) name no order.
 */
export function readDuffelWebhook(body: string): ConnectorResult<ChangeNotification> {
  const event = parse(body);
  if (!event) return fail(failure('bad_response', 'the body is not a Duffel webhook event (JSON with id and type)'));
  const object = event.data?.object;
  // An airline-initiated change or a cancellation names its order; an order event is the order.
  const orderId = object?.order_id ?? (event.type.startsWith('order.') ? object?.id : undefined);
  if (orderId === undefined) return ok({ orders: [], kinds: [] });
  if (typeof orderId !== 'string' || !ORDER_ID.test(orderId)) {
    return fail(failure('bad_response', `the ${event.type} event names no readable order id`));
  }
  const kind = event.type.startsWith('order.airline_initiated_change') ? 'schedule_change' : 'other';
  return ok({ orders: [{ airlineOrderId: orderId, pnr: null, version: null }], kinds: [kind] });
}
