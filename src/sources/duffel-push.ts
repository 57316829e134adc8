import { duffelEventId } from '../connectors/duffel/duffel-webhook-reader.js';
import type { SourcePush } from './source.js';

/** The header Duffel signs its webhook events in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const DUFFEL_SIGNATURE_HEADER = 'x-duffel-signature';

/**
 * `POST /v1/sources/duffel/webhooks`: where Duffel sends its webhook events, signed with
 * DUFFEL_WEBHOOK_SECRET. Duffel retries a delivery for 72 hours: an event id is remembered a little
 * longer than that. The connector reads the order an event names (duffel-webhook-reader.ts).
 */
export const DUFFEL_PUSH: SourcePush = {
  path: '/v1/sources/duffel/webhooks',
  header: DUFFEL_SIGNATURE_HEADER,
  contentType: 'application/json',
  wrongType: 'a Duffel webhook event is JSON: send it as application/json',
  what: 'the webhook event',
  refusedWithout: 'no webhooks are taken from Duffel on this gateway (DUFFEL_WEBHOOK_SECRET)',
  eventId: duffelEventId,
  notAnEvent: 'the body is not a Duffel webhook event (JSON with id and type)',
  eventMemoryMs: 73 * 3600 * 1000,
  operation: {
    operationId: 'receiveDuffelWebhook',
    summary: "Duffel's webhook events (order changes, airline-initiated changes), machine to machine",
    description:
      "For Duffel, not agencies: point a webhook made in Duffel's dashboard here. Body: Duffel's JSON event (`Content-Type: application/json`, at most 256 KiB). " +
      'Header `X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with DUFFEL_WEBHOOK_SECRET>`, within 5 minutes of our clock. ' +
      'Each event id is taken once: delivered again (Duffel delivers at least once) it is acknowledged and not read. ' +
      'The order an event names (`data.object.order_id` of `order.airline_initiated_change_detected`, `data.object.id` of other order events) is re-read from Duffel, ' +
      'its change recorded in the history (actor `airline`) and announced (`order.updated`, `order.cancelled`); an order this gateway does not hold, and any other event, is acknowledged. ' +
      'See docs/connectors.md, "Duffel".',
  },
};
