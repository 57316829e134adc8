import crypto from 'node:crypto';

/**
 * Verifies a webhook from a flightagg gateway. Plain JavaScript on node:crypto only, so it runs
 * straight after `npm install` with no build step; its types are in index.d.ts.
 */

/** Largest accepted distance, in seconds, between the signature's timestamp and now (either way). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Thrown for a missing, malformed, stale, future or non-matching signature; answer the request 400. */
export class WebhookVerificationError extends Error {
  name = 'WebhookVerificationError';
}

/**
 * Checks `X-Service-Signature` (`t=<unix seconds>,v1=<hex>`, possibly several v1 during a secret
 * change) against the raw body, byte for byte as received, keyed with the whole `whsec_` secret.
 * Rejects a timestamp more than the tolerance old *or in the future* (a replay, or a forged
 * clock), and compares signatures in constant time. Answers the parsed body.
 *
 * @param {string | Uint8Array} rawBody
 * @param {string | null | undefined} signatureHeader
 * @param {string} secret
 * @param {{ toleranceSeconds?: number, now?: number }} [options]
 */
export function verifyWebhook(rawBody, signatureHeader, secret, options = {}) {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('verifyWebhook: secret must be the whsec_ string');
  if (!signatureHeader) throw new WebhookVerificationError('missing X-Service-Signature header');
  let timestamp = null;
  const signatures = [];
  for (const part of String(signatureHeader).split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) {
    throw new WebhookVerificationError('X-Service-Signature must look like t=<unix seconds>,v1=<hex HMAC-SHA256>');
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) {
    throw new WebhookVerificationError(
      timestamp > now ? 'signature timestamp is in the future' : `signature timestamp is more than ${tolerance} s old`,
    );
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const expected = crypto
    .createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), body]))
    .digest();
  // Every candidate is compared, in constant time, so the time taken says nothing about which matched.
  let matched = false;
  for (const signature of signatures) {
    if (crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) matched = true;
  }
  if (!matched) throw new WebhookVerificationError('signature does not match the body and secret');
  return JSON.parse(body.toString('utf8'));
}
