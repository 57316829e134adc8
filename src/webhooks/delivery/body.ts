import type { OrderEventName } from '../../orders/event-outbox.js';

const LIFECYCLE_FIELDS = [
  'event',
  'order_id',
  'pnr',
  'airline',
  'status',
  'origin',
  'destination',
  'currency',
  'total',
  'occurred_at',
] as const;
const REMINDER_FIELDS = ['order_id', 'pnr', 'airline', 'ticketing_deadline'] as const;

/**
 * The raw body of a delivery, exactly the contract's fields in the contract's order: the outbox
 * stores the payload as jsonb, which keeps neither key order nor anything we would not send.
 * Built once per attempt and signed byte for byte. A test delivery (`test`) adds `"test": true`
 * last; a real event never carries the field.
 */
export function deliveryBody(
  event: OrderEventName | string,
  payload: Record<string, unknown>,
  options: { test?: boolean } = {},
): string {
  const fields = event === 'order.ticketing_deadline_approaching' ? REMINDER_FIELDS : LIFECYCLE_FIELDS;
  const body: Record<string, unknown> = {};
  for (const field of fields) body[field] = field === 'event' ? event : (payload[field] ?? null);
  if (options.test) body.test = true;
  return JSON.stringify(body);
}
