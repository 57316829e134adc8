import crypto from 'node:crypto';
import { deadlinePayload, lifecyclePayload, type LifecycleOrder, type OrderEventName } from '../../orders/event-outbox.js';
import type { Db } from '../../platform/db/database.js';
import type { WebhookEndpointRow } from '../../platform/db/rows.js';
import { deliveryBody } from '../delivery/body.js';
import type { SignedRequest } from '../delivery/signed-sender.js';
import type { SendResult } from '../delivery/sender.js';
import { insertTestDelivery, LISTED_RESPONSE_CHARS } from '../delivery/store.js';

/** What a test event's sample order looks like in each event (its status as a real order's would be). */
const SAMPLE_STATUS: Record<Exclude<OrderEventName, 'order.ticketing_deadline_approaching'>, LifecycleOrder['status']> = {
  'order.created': 'hold',
  'order.ticketed': 'ticketed',
  'order.updated': 'ticketed',
  'order.cancelled': 'cancelled',
  'order.refunded': 'refunded',
};

/** The sample order of every test event: obviously not a booking (PNR TEST00, order id `AA-ord_test_…`). */
export const SAMPLE_ORDER = {
  id: 'AA-ord_test_00000000000000000000',
  pnr: 'TEST00',
  airline: 'AA',
  origin: 'JFK',
  destination: 'LAX',
  currency: 'USD',
  total_minor: 34_520,
} as const;

/** A test delivery's id: the `whd_` form of every delivery id, so receivers handle it alike. */
export const testDeliveryId = () => `whd_${crypto.randomUUID().replaceAll('-', '')}`;

/**
 * The payload of a test event: the real event's, built by the same builders from the sample order
 * (a reminder's deadline 12 hours ahead, a lifecycle event's `occurred_at` now).
 */
export function samplePayload(event: OrderEventName, at: Date): Record<string, unknown> {
  if (event === 'order.ticketing_deadline_approaching')
    return deadlinePayload({ ...SAMPLE_ORDER, payment_deadline: new Date(at.getTime() + 12 * 3_600_000) });
  return lifecyclePayload(event, { ...SAMPLE_ORDER, status: SAMPLE_STATUS[event] }, at);
}

/** The body of a test event: the sample payload's body with `"test": true` added last. */
export function sampleEventBody(event: OrderEventName, at: Date): string {
  return deliveryBody(event, samplePayload(event, at), { test: true });
}

/** What sending a test event needs: the dispatcher's signed sender and a place to log it. */
export interface TestDeliveryDeps {
  db: Db;
  clock: () => Date;
  send: (request: SignedRequest) => Promise<SendResult>;
}

/**
 * Sends a test event to the endpoint now, through the dispatcher's sender (the same SSRF guard,
 * pinned connection, time-out and signature as every delivery) with `X-Service-Test: true`, then
 * logs it as a finished test delivery: one attempt, never retried, the failure streak untouched.
 * Answers the attempt's outcome, or null when the endpoint was deleted meanwhile.
 */
export async function sendTestEvent(deps: TestDeliveryDeps, endpoint: WebhookEndpointRow, event: OrderEventName) {
  const at = deps.clock();
  const id = testDeliveryId();
  const body = sampleEventBody(event, at);
  const result = await deps.send({
    url: endpoint.url,
    secretSealed: endpoint.secret_sealed,
    event,
    deliveryId: id,
    body,
    at,
    test: true,
  });
  const attempt = {
    attemptedAt: at,
    durationMs: Math.round(result.durationMs),
    statusCode: result.statusCode,
    error: result.error,
    responseBody: result.responseBody,
  };
  const logged = await insertTestDelivery(
    deps.db,
    { id, endpointId: endpoint.id, agencyId: endpoint.agency_id, orderId: SAMPLE_ORDER.id, event, requestBody: body },
    attempt,
  );
  if (!logged) return null;
  const response = result.responseBody;
  return {
    id,
    event,
    test: true as const,
    delivered: result.error === null,
    status_code: result.statusCode,
    duration_ms: attempt.durationMs,
    error: result.error,
    request_body: body,
    response_body: response === null ? null : response.slice(0, LISTED_RESPONSE_CHARS),
    response_truncated: response !== null && response.length > LISTED_RESPONSE_CHARS,
  };
}
