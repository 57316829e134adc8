/** Largest accepted distance, in seconds, between the signature's timestamp and now (either way): 300. */
export declare const DEFAULT_TOLERANCE_SECONDS: number;

/** Thrown for a missing, malformed, stale, future or non-matching signature; answer the request 400. */
export declare class WebhookVerificationError extends Error {
  name: 'WebhookVerificationError';
}

export interface VerifyOptions {
  /** Largest accepted distance between the signature's timestamp and now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** Now, in unix seconds (tests). */
  now?: number;
}

/** The five order lifecycle events, which share one flat body. */
export type OrderLifecycleEventName = 'order.created' | 'order.ticketed' | 'order.updated' | 'order.cancelled' | 'order.refunded';

/** Every event an endpoint can subscribe to (the X-Service-Event header). */
export type WebhookEventName = OrderLifecycleEventName | 'order.ticketing_deadline_approaching';

/** The body of a lifecycle event, fields in the order sent. */
export interface OrderLifecycleEvent<E extends OrderLifecycleEventName = OrderLifecycleEventName> {
  event: E;
  order_id: string;
  pnr: string;
  airline: string;
  status: string;
  origin: string;
  destination: string;
  currency: string;
  total: number;
  /** ISO 8601, UTC. */
  occurred_at: string;
  /** Present, and true, only on a test event sent from the dashboard (also marked by `X-Service-Test: true`). */
  test?: true;
}

/** The body of `order.ticketing_deadline_approaching`: no amounts and no `event` field (read X-Service-Event). */
export interface TicketingDeadlineApproachingEvent {
  order_id: string;
  pnr: string;
  airline: string;
  /** ISO 8601, UTC. */
  ticketing_deadline: string;
  /** Present, and true, only on a test event sent from the dashboard (also marked by `X-Service-Test: true`). */
  test?: true;
}

/** Any webhook body; narrow lifecycle events on `event`, and the reminder by `'ticketing_deadline' in body`. */
export type WebhookEvent =
  | OrderLifecycleEvent<'order.created'>
  | OrderLifecycleEvent<'order.ticketed'>
  | OrderLifecycleEvent<'order.updated'>
  | OrderLifecycleEvent<'order.cancelled'>
  | OrderLifecycleEvent<'order.refunded'>
  | TicketingDeadlineApproachingEvent;

/**
 * Checks `X-Service-Signature` against the raw body (byte for byte as received, before any JSON
 * parsing) and the endpoint's whole `whsec_` secret; rejects a timestamp older than the tolerance
 * or in the future. Answers the parsed body; throws WebhookVerificationError otherwise.
 */
export declare function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  options?: VerifyOptions,
): WebhookEvent;
