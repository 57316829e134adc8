/**
 * The six order events an endpoint can subscribe to, in the contract's order (the gateway's
 * WEBHOOK_EVENTS; its description types them as strings, so the dashboard names them here).
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
