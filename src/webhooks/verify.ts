import crypto from 'node:crypto';

/**
 * Verifies a webhook from this service, for receivers (`import { verifyWebhook } from
 * 'flightagg/webhooks'`; docs/webhooks.md). Depends on nothing but node:crypto so it can be
 * copied into any Node service as is.
 */

export const DEFAULT_TOLERANCE_SECONDS = 300;

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

export interface VerifyOptions {
  /** Largest accepted distance between the signature's timestamp and now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** Now, in unix seconds (tests). */
  now?: number;
}

/**
 * Checks `X-Service-Signature` (`t=<unix seconds>,v1=<hex>`, possibly several v1 during a
 * secret change) against the raw body, byte for byte as received, keyed with the whole `whsec_`
 * secret. Rejects a timestamp more than the tolerance old *or in the future* (a replay, or a
 * forged clock), and compares signatures in constant time. Answers the parsed body.
 */
export function verifyWebhook(
  rawBody: string | Buffer,
  signatureHeader: string | undefined,
  secret: string,
  options: VerifyOptions = {},
): unknown {
  if (!signatureHeader) throw new WebhookVerificationError('missing X-Service-Signature header');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of signatureHeader.split(',')) {
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
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
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
  return JSON.parse(body.toString('utf8')) as unknown;
}
