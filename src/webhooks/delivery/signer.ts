import crypto from 'node:crypto';

/** A new endpoint signing secret: `whsec_` and 32 random bytes, base64. */
export function newSigningSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256>` over `<t>.<raw body>`, keyed with the whole secret
 * string, `whsec_` prefix included, as Stripe does: Stripe-compatible verifiers work unchanged.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
