import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeader } from '../../src/webhooks/delivery/signer.js';
import { verifyWebhook, WebhookVerificationError } from '../../src/webhooks/verify.js';

const secret = newSigningSecret();
const body = JSON.stringify({ event: 'order.cancelled', order_id: 'AA-ord_1', total: 12.5 });
const at = new Date('2026-11-23T12:00:00Z');
const now = Math.floor(at.getTime() / 1000);
const header = signatureHeader(secret, body, at);

describe('the receiver verifier exported as flightagg/webhooks', () => {
  it('accepts what the signer made, and agrees with Stripe on it', () => {
    expect(verifyWebhook(body, header, secret, { now })).toEqual(JSON.parse(body));
    expect(verifyWebhook(Buffer.from(body), header, secret, { now: now + 300 })).toEqual(JSON.parse(body));
    const stripe = new Stripe('sk_test_independent_verifier');
    expect(stripe.webhooks.constructEvent(body, header, secret, 300, undefined, now)).toEqual(JSON.parse(body));
  });

  it.each([
    ['a changed body', body.replace('12.5', '1250'), header, secret, now, 'does not match'],
    ['another secret', body, header, newSigningSecret(), now, 'does not match'],
    ['the secret without its whsec_ prefix', body, header, secret.slice(6), now, 'does not match'],
    ['a timestamp 301 s old', body, header, secret, now + 301, 'more than 300 s old'],
    ['a timestamp 301 s in the future', body, header, secret, now - 301, 'in the future'],
    ['no header', body, undefined, secret, now, 'missing'],
    ['a header without v1', body, `t=${now}`, secret, now, 'must look like'],
    ['a v0 signature only', body, header.replace('v1=', 'v0='), secret, now, 'must look like'],
  ])('refuses %s', (_what, raw, sig, key, clock, message) => {
    expect(() => verifyWebhook(raw, sig, key, { now: clock })).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(raw, sig, key, { now: clock })).toThrow(message);
  });

  it('accepts any one matching v1 among several (a secret change in flight)', () => {
    const other = signatureHeader(newSigningSecret(), body, at).split(',')[1];
    expect(verifyWebhook(body, `${header},${other}`, secret, { now })).toEqual(JSON.parse(body));
  });
});
