// Webhook events out, as Duffel sends them: a JSON event { id: wev_…, type, api_version, live_mode,
// idempotency_key, created_at, identity_organisation_id, data: { object } } POSTed to the
// target URL, signed with the target's secret (webhook-signature.ts). Each event is stored with the
// test system's records; delivery runs after the request that caused it answered, retried with a
// growing pause a few times, as Duffel retries a target that fails.

import type { Logger } from 'pino';
import { newId } from '../wire/ids.js';
import { sign, SIGNATURE_HEADER } from './webhook-signature.js';

export type WebhookEventType =
  | 'order.created'
  | 'order.updated'
  | 'order.airline_initiated_change_detected'
  | 'order_cancellation.created'
  | 'order_cancellation.confirmed'
  | 'ping.triggered';

export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  api_version: 'v2';
  live_mode: false;
  idempotency_key: string;
  created_at: string;
  identity_organisation_id: string;
  data: { object: unknown };
}

export interface WebhookTarget {
  url: string | null;
  secret: string;
}

/** The organisation our test system plays (Duffel names the account that owns the webhook). */
export const TEST_ORGANISATION_ID = 'org_0000AgTestSystemFlightagg';
const RETRY_PAUSES_MS = [0, 1_000, 5_000];

export interface WebhookSender {
  /** Where events go now and the secret they are signed with. */
  target(): WebhookTarget;
  /** Changes the target URL or secret for events sent from now on. */
  setTarget(next: Partial<WebhookTarget>): void;
  /** Makes the event (stored with the request's other records by the caller) and its later delivery. */
  event(type: WebhookEventType, object: unknown, idempotencyKey: string, nowMs: number): WebhookEvent;
  /** Sends events once their request's records are written; nothing is sent without a target URL. */
  send(events: readonly WebhookEvent[]): void;
  /** Waits for deliveries under way (tests), without the retries' pauses. */
  settled(): Promise<void>;
  /** Stops sending: deliveries under way give up and pending retries are cancelled. */
  close(): void;
}

export function createWebhookSender(initial: WebhookTarget, logger: Logger | null): WebhookSender {
  let target = initial;
  let closed = false;
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();

  async function deliver(event: WebhookEvent, to: WebhookTarget): Promise<void> {
    const body = JSON.stringify(event);
    for (const pause of RETRY_PAUSES_MS) {
      if (closed) return;
      if (pause > 0)
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            timers.delete(t);
            resolve();
          }, pause);
          timers.add(t);
        });
      if (closed) return;
      try {
        const response = await fetch(to.url!, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Duffel-Webhooks/1.0',
            [SIGNATURE_HEADER]: sign(body, to.secret, Math.floor(Date.now() / 1000)),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) return;
        logger?.warn({ status: response.status, event: event.id }, 'duffel test system webhook refused');
      } catch (err) {
        logger?.warn({ err, event: event.id }, 'duffel test system webhook failed');
      }
    }
  }

  return {
    target: () => target,
    setTarget(next) {
      target = { ...target, ...next };
    },
    event(type, object, idempotencyKey, nowMs) {
      return {
        id: newId('webhookEvent'),
        type,
        api_version: 'v2',
        live_mode: false,
        idempotency_key: idempotencyKey,
        created_at: new Date(nowMs).toISOString(),
        identity_organisation_id: TEST_ORGANISATION_ID,
        data: { object },
      };
    },
    send(events) {
      const to = target;
      if (!to.url || closed) return;
      for (const event of events) {
        const p = deliver(event, to).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    },
    async settled() {
      await Promise.all([...inFlight]);
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
    },
  };
}
