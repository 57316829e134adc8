/**
 * bench/mixed.ts's webhooks (issue 49: the heavy mix has deliveries in it). A loopback HTTPS
 * receiver in the bench's process (test/webhooks/https-receiver.ts), trusted by the gateways
 * through NODE_EXTRA_CA_CERTS and let through the address guard by WEBHOOK_ALLOWED_PRIVATE_HOSTS,
 * the two settings the configuration reference names for a local receiver. The demo agency's owner
 * is made with the operator CLI before the gateways start (seedStorage), then registers an endpoint
 * for every event as a user does: signs in, enrols TOTP (endpoints need a verified second factor)
 * and posts it. The mix's bookings then announce orders, which the gateways deliver.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { request } from 'undici';
import { startReceiver, type Receiver } from '../../test/webhooks/https-receiver.js';
import type { Owner } from '../shopping-lib.js';

export const OWNER: Owner = { email: 'bench-owner@example.com', password: 'violet-harbour-sunrise-42' };

export interface MixWebhooks {
  receiver: Receiver;
  /** The gateways' environment for trusting and reaching the receiver. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The receiver and the gateways' settings for it; close() ends it and removes its certificate file. */
export async function startMixWebhooks(): Promise<MixWebhooks> {
  const receiver = await startReceiver();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-webhook-ca-'));
  const caFile = path.join(dir, 'ca.pem');
  fs.writeFileSync(caFile, receiver.ca);
  return {
    receiver,
    env: { NODE_EXTRA_CA_CERTS: caFile, WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost' },
    async close() {
      await receiver.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function call(base: string, method: string, url: string, body: unknown, token?: string) {
  const res = await request(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`webhook setup: ${method} ${url} answered ${res.statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The owner signs in, enrols a second factor and registers the receiver for every event; answers the endpoint's id. */
export async function registerEndpoint(base: string, webhooks: MixWebhooks): Promise<string> {
  const { token } = (await call(base, 'POST', '/v1/dev/login', OWNER)) as { token: string };
  const enrolment = await call(base, 'POST', '/v1/dev/me/mfa/totp', { password: OWNER.password }, token);
  const code = TOTP.generate({ secret: Secret.fromBase32(enrolment.secret as string) });
  await call(base, 'POST', '/v1/dev/me/mfa/totp/confirm', { code }, token);
  const endpoint = await call(base, 'POST', '/v1/dev/webhooks', { url: webhooks.receiver.url('/hooks') }, token);
  return endpoint.id as string;
}
