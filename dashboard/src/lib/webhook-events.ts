/**
 * The six order events an endpoint can subscribe to, in the contract's order. The gateway's list is
 * WEBHOOK_EVENTS in src/webhooks/events.ts, which the dashboard cannot import; the generated API
 * client cannot stand in for it either, as the OpenAPI description types event names as plain
 * strings. test/dashboard/webhook-events.test.ts fails when the two lists drift apart.
 */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.ticketed',
  'order.updated',
  'order.cancelled',
  'order.refunded',
  'order.ticketing_deadline_approaching',
] as const;

/** A delivery's body as sent, indented for reading; as is when it is not JSON. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
