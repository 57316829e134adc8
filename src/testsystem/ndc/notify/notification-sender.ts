// Sends the airline's unsolicited notifications (OrderChangeNotifRQ) to the seller's notification
// endpoint, signed with the shared secret: `X-Airline-Signature: t=<unix seconds>,v1=<hex
// HMAC-SHA256 of "<t>.<body>">` (the header is the profile's). The first attempt is awaited (its outcome is the control call's answer); a failed
// one is retried in the background after 1, 2 and 4 seconds, then given up and logged.

import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import { request } from 'undici';

/** Backoff before each retry; after the last, the notification is given up. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];
// The seller re-reads the order (an OrderRetrieve back to us) before it answers: allow for that.
const ATTEMPT_TIMEOUT_MS = 15_000;

export interface SendOutcome {
  delivered: boolean;
  status: number | null;
  error: string | null;
  /** Whether background retries follow a failed first attempt. */
  retrying: boolean;
}

export interface NotificationSender {
  /** Where notifications go; null (no seller endpoint known) sends nothing. */
  target(url: string | null): void;
  url(): string | null;
  send(body: string, label: { orderId: string }): Promise<SendOutcome>;
  close(): void;
}

export function signNotification(secret: string, body: string, atMs: number): string {
  const t = Math.floor(atMs / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export function createNotificationSender(options: {
  url: string | null;
  secret: string;
  /** The header carrying the signature (profile.notify.signatureHeader). */
  header: string;
  /** Real time: the receiver checks the signature's age against its own clock. */
  now?: () => number;
  logger: Logger | null;
}): NotificationSender {
  let url = options.url;
  const now = options.now ?? Date.now;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function attempt(to: string, body: string): Promise<Omit<SendOutcome, 'retrying'>> {
    try {
      const res = await request(to, {
        method: 'POST',
        headers: {
          'content-type': 'application/xml; charset=utf-8',
          [options.header]: signNotification(options.secret, body, now()),
        },
        body,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await res.body.dump();
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return { delivered: ok, status: res.statusCode, error: ok ? null : `HTTP ${res.statusCode}` };
    } catch (err) {
      return { delivered: false, status: null, error: (err as Error).message };
    }
  }

  function retry(to: string, body: string, label: { orderId: string }, n: number): void {
    const delay = RETRY_DELAYS_MS[n];
    if (delay === undefined || closed) {
      options.logger?.error({ orderId: label.orderId, url: to }, 'OrderChangeNotif given up after retries');
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(to, body).then((outcome) => {
        if (outcome.delivered) return;
        options.logger?.warn({ orderId: label.orderId, error: outcome.error, retry: n + 1 }, 'OrderChangeNotif failed');
        retry(to, body, label, n + 1);
      });
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  return {
    target: (next) => void (url = next),
    url: () => url,
    async send(body, label) {
      const to = url;
      if (!to) return { delivered: false, status: null, error: 'no notification endpoint configured', retrying: false };
      const outcome = await attempt(to, body);
      if (outcome.delivered) return { ...outcome, retrying: false };
      options.logger?.warn({ orderId: label.orderId, error: outcome.error }, 'OrderChangeNotif failed; retrying');
      retry(to, body, label, 0);
      return { ...outcome, retrying: true };
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
