import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.js';
import type { Keyring } from '../../platform/keyring/keyring.js';
import type { Mailer } from '../../platform/mail.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import { listOwnerEmails } from '../../identity/users/store.js';
import { WEBHOOK_POLICY } from '../events.js';
import { deliveryBody } from './body.js';
import type { WebhookMetrics } from './metrics.js';
import { createPinnedAgent } from './pinned-agent.js';
import { retryDelayMs } from './retry-schedule.js';
import { webhookHeaders } from './headers.js';
import { sendAttempt, type SendResult } from './sender.js';
import type { GuardOptions } from './ssrf-guard.js';
import { createAttemptRecorder } from './attempt-recorder.js';
import { claimDue, fanOutEvents, hasWork, type AttemptOutcome, type ClaimedDelivery, type FinishResult } from './store.js';

export interface DispatcherDeps {
  db: Db;
  keyring: Keyring;
  clock: () => Date;
  logger: Logger;
  mailer: Mailer;
  metrics: WebhookMetrics;
  guard: GuardOptions;
  /** Extra trusted CAs for receivers (tests); production uses NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer | undefined;
  /** One attempt's time-out (WEBHOOK_POLICY.attemptTimeoutMs; shorter in tests). */
  attemptTimeoutMs: number;
  publicUrl: string;
  random?: () => number;
}

/** What one signed attempt needs: where, the sealed secret, the headers' values and the exact body. */
export interface SignedRequest {
  url: string;
  secretSealed: string;
  event: string;
  deliveryId: string;
  body: string;
  at: Date;
  test?: boolean;
}

export interface RunResult {
  fannedOut: number;
  attempted: number;
}

/**
 * The delivery worker: each run turns new outbox events into deliveries, claims the deliveries
 * that are due, and makes one attempt at each, at once. Any number of instances can run it: the
 * claim is a lease taken with SKIP LOCKED, so no attempt is made twice while its worker lives.
 */
export function createDispatcher(deps: DispatcherDeps) {
  const { db, clock, logger } = deps;
  const agent = createPinnedAgent({ ...deps.guard, ca: deps.ca, attemptTimeoutMs: deps.attemptTimeoutMs });
  const random = deps.random ?? Math.random;
  // Finished attempts are recorded in batches: one round trip for all that finish together.
  const recorder = createAttemptRecorder(db);

  async function announceSwitchOff(off: NonNullable<FinishResult['switchedOff']>): Promise<void> {
    await recordSecurityEvent(db, {
      kind: 'webhook_endpoint.switched_off',
      agencyId: off.agencyId,
      detail: { endpointId: off.endpointId, url: off.url, consecutiveFailedDeliveries: off.streak },
    });
    logger.warn({ endpointId: off.endpointId, agencyId: off.agencyId }, 'webhook endpoint switched off after failed deliveries');
    for (const to of await listOwnerEmails(db, off.agencyId)) {
      try {
        await deps.mailer.send({
          to,
          subject: 'A webhook endpoint was switched off',
          text:
            `Your webhook endpoint ${off.url} (${off.endpointId}) failed ${off.streak} deliveries in a row, ` +
            'each after 10 attempts, and has been switched off. New events wait for it and are sent once you ' +
            `re-enable it on the dashboard's Webhooks page, ${new URL('/dashboard/webhooks', deps.publicUrl).toString()} ` +
            '("Re-arm" beside the endpoint). ' +
            'Deliveries that already failed for good are not sent again; you can retry one from its delivery log.',
        });
      } catch (err) {
        // The switch-off stands and is recorded; a mail relay outage must not undo it.
        logger.error(
          { err, endpointId: off.endpointId },
          'could not e-mail the agency owner about a switched-off webhook endpoint',
        );
      }
    }
  }

  /**
   * One signed attempt through the pinned agent and the SSRF guard: every delivery's, and a test
   * delivery's (`test` adds `X-Service-Test: true`). Never throws.
   */
  async function send(request: SignedRequest): Promise<SendResult> {
    const secret = deps.keyring.open('webhook-secrets', request.secretSealed);
    const result = await sendAttempt(
      agent,
      deps.guard,
      {
        url: request.url,
        timeoutMs: deps.attemptTimeoutMs,
        body: request.body,
        headers: {
          ...webhookHeaders({ event: request.event, deliveryId: request.deliveryId, secret, body: request.body, at: request.at }),
          ...(request.test ? { 'x-service-test': 'true' } : {}),
        },
      },
      () => performance.now(),
    );
    if (result.refused)
      logger.warn(
        { deliveryId: request.deliveryId, resolution: result.refused },
        'webhook attempt refused: its host is not public',
      );
    return result;
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const body = deliveryBody(delivery.event, delivery.payload, { test: delivery.event_test });
    const attemptedAt = clock();
    const result = await send({
      url: delivery.url,
      secretSealed: delivery.secret_sealed,
      event: delivery.event,
      deliveryId: delivery.id,
      body,
      at: attemptedAt,
      test: delivery.event_test,
    });
    const failures = delivery.attempt_count + 1;
    let outcome: AttemptOutcome;
    if (result.error === null) outcome = { kind: 'delivered' };
    else {
      const delay = retryDelayMs(failures, random);
      outcome =
        delay === null
          ? {
              kind: 'dead',
              switchOffAfter: WEBHOOK_POLICY.switchOffAfter,
              reason: `${WEBHOOK_POLICY.switchOffAfter} consecutive deliveries failed (last: ${result.error})`.slice(0, 500),
            }
          : { kind: 'retry', nextAttemptAt: new Date(attemptedAt.getTime() + result.durationMs + delay) };
    }
    const finished = await recorder.record(
      delivery,
      {
        attemptedAt,
        durationMs: Math.round(result.durationMs),
        statusCode: result.statusCode,
        error: result.error,
        responseBody: result.responseBody,
        requestBody: body,
      },
      outcome,
    );
    deps.metrics.attempts.inc({ outcome: outcome.kind });
    deps.metrics.attemptSeconds.observe({ outcome: outcome.kind }, result.durationMs / 1000);
    if (!finished.recorded) logger.warn({ deliveryId: delivery.id }, 'webhook attempt finished after its lease was lost');
    if (finished.switchedOff) await announceSwitchOff(finished.switchedOff);
  }

  let stopping = false;
  let current: Promise<RunResult> | null = null;

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * One run: keeps up to `concurrency` attempts in flight, claiming more as slots free up, and
   * fans out new events whenever it runs dry, until nothing is due and nothing is in flight, or
   * the run's budget is spent (then it waits for its attempts and the next run carries on). A slow
   * receiver holds one slot, not the queue.
   */
  async function run(): Promise<RunResult> {
    // An idle second (no event waiting, nothing due) costs one light read, not the locking statements.
    if (!(await hasWork(db, clock()))) return { fannedOut: 0, attempted: 0 };
    const deadline = performance.now() + WEBHOOK_POLICY.runBudgetMs;
    const inFlight = new Set<Promise<void>>();
    let fannedOut = 0;
    let attempted = 0;
    const start = (delivery: ClaimedDelivery) => {
      const p: Promise<void> = deliver(delivery)
        // The delivery keeps its lease and is tried again when it expires.
        .catch((err: unknown) => logger.error({ err, deliveryId: delivery.id }, 'webhook delivery failed to record'))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    };
    let lastFanOut = -Infinity;
    while (!stopping && performance.now() < deadline) {
      // Claims go in batches: a claim statement costs about the same for 1 row as for 32.
      const room = WEBHOOK_POLICY.concurrency - inFlight.size;
      if (room < WEBHOOK_POLICY.batchSize && inFlight.size > 0) {
        await Promise.race(inFlight);
        continue;
      }
      const now = clock();
      // New events at least every poll interval: a long backlog of due deliveries must not keep
      // them out (and first attempts are claimed before retries).
      let fanned = 0;
      if (performance.now() - lastFanOut >= WEBHOOK_POLICY.idlePollMs) {
        fanned = await fanOutEvents(db, WEBHOOK_POLICY.fanOutBatch, now);
        fannedOut += fanned;
        lastFanOut = performance.now();
      }
      const claimed = await claimDue(db, {
        limit: Math.min(room, WEBHOOK_POLICY.batchSize),
        at: now,
        leaseUntil: new Date(now.getTime() + WEBHOOK_POLICY.leaseMs),
        token: crypto.randomUUID(),
      });
      claimed.forEach(start);
      attempted += claimed.length;
      if (claimed.length > 0) continue;
      if (fanned > 0) {
        lastFanOut = -Infinity;
        continue;
      }
      if (inFlight.size === 0) {
        // Dry: one last look for events that arrived since the last fan-out, then the run ends.
        if (lastFanOut !== -Infinity && (await fanOutEvents(db, WEBHOOK_POLICY.fanOutBatch, clock())) > 0) {
          lastFanOut = performance.now();
          continue;
        }
        break;
      }
      // Nothing due yet: look again shortly, or as soon as an attempt finishes.
      await Promise.race([pause(WEBHOOK_POLICY.idlePollMs), Promise.race(inFlight)]);
    }
    await Promise.allSettled(inFlight);
    return { fannedOut, attempted };
  }

  return {
    send,
    /** One worker run; the scheduler calls it every second, tests call it directly. Runs never overlap. */
    async runOnce(): Promise<RunResult> {
      if (stopping) return { fannedOut: 0, attempted: 0 };
      if (current) await current.catch(() => undefined);
      current = run();
      try {
        return await current;
      } finally {
        current = null;
      }
    },
    /** Lets the run in progress finish its attempts (bounded by the attempt time-out), then closes the sockets. */
    async close(): Promise<void> {
      stopping = true;
      await current?.catch(() => undefined);
      await agent.close();
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
