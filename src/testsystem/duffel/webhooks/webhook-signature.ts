// Duffel's webhook signature (duffel.com/docs/guides/receiving-webhooks): header
// `X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the
// webhook's secret>`. verify() is the receiver's side, for tests and the gateway alike.

import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Duffel-Signature';

export function sign(body: string, secret: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

export function verify(body: string, header: string, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}
