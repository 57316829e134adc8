import { USER_AGENT } from './sender.js';
import { signatureHeader } from './signer.js';

/**
 * The headers a webhook is sent with (docs/webhooks.md, "Delivery"): the dispatcher's, and
 * `flightagg listen`'s to a local receiver, so that the receiver's own verification runs unchanged.
 */
export function webhookHeaders(input: {
  event: string;
  deliveryId: string;
  secret: string;
  body: string;
  at: Date;
}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'x-service-event': input.event,
    'x-service-delivery': input.deliveryId,
    'x-service-signature': signatureHeader(input.secret, input.body, input.at),
  };
}
