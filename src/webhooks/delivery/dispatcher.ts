import crypto from 'node:crypto';
import { WEBHOOK_POLICY } from '../events.js';
import { createAttemptRecorder } from './attempt-recorder.js';
import { createDeliveryAttempt } from './delivery-attempt.js';
import type { DispatcherDeps } from './dispatcher-deps.js';
import type { SendResult } from './sender.js';
import { createSignedSender, type SignedRequest } from './signed-sender.js';
import { claimDue, fanOutEvents, hasWork, type ClaimedDelivery } from './store.js';

export type { DispatcherDeps } from './dispatcher-deps.js';
export type { SignedRequest } from './signed-sender.js';

export interface RunResult {
  fannedOut: number;
  attempted: number;
}

export interface Dispatcher {
  /** One signed attempt, outside the outbox (a test delivery); never throws (signed-sender.ts). */
  send(request: SignedRequest): Promise<SendResult>;
  /** One worker run; the scheduler calls it every second, tests call it directly. Runs never overlap. */
  runOnce(): Promise<RunResult>;
  /** Lets the run in progress finish its attempts (bounded by the attempt time-out), then closes the sockets. */
  close(): Promise<void>;
}

/**
 * The delivery worker: each run turns new outbox events into deliveries (fan-out), claims the
 * deliveries that are due, and makes one attempt at each, at once (delivery-attempt.ts). Any number
 * of instances can run it: the claim is a lease taken with SKIP LOCKED, so no attempt is made twice
 * while its worker lives.
 */
export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const { db, clock, logger } = deps;
  const sender = createSignedSender(deps);
  // Finished attempts are recorded in batches: one round trip for all that finish together.
  const deliver = createDeliveryAttempt(deps, sender, createAttemptRecorder(db));

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
        leaseUntil: new Date(now.getTime() + deps.leaseMs),
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
    send: sender.send,
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
    async close(): Promise<void> {
      stopping = true;
      await current?.catch(() => undefined);
      await sender.close();
    },
  };
}
