import type { OrderEventName } from '../orders/event-outbox.js';

/** The six order events an endpoint can subscribe to, in the contract's order. */
export const WEBHOOK_EVENTS: readonly OrderEventName[] = [
  'order.created',
  'order.ticketed',
  'order.updated',
  'order.cancelled',
  'order.refunded',
  'order.ticketing_deadline_approaching',
];

/** Every number webhook delivery rests on, in one place so docs/webhooks.md and the code agree. */
export const WEBHOOK_POLICY = {
  /** Endpoints per agency and environment. */
  maxEndpoints: 10,
  descriptionMax: 200,
  /** Attempts per delivery, then it is dead (contract: 10). */
  maxAttempts: 10,
  /** First retry after this, doubling (contract: 30 s). */
  firstRetryMs: 30_000,
  /** Retries are never further apart than this (contract: 6 hours). */
  maxRetryMs: 6 * 60 * 60_000,
  /** Up to this share of the delay is added at random, so endpoints that failed together do not retry together. */
  jitterRatio: 0.1,
  /** Consecutive dead deliveries that switch an endpoint off (contract: 50). */
  switchOffAfter: 50,
  /**
   * One attempt, connection to last body byte: Svix's 15 s. A receiver should answer at once and
   * do its work later; waiting longer only holds a worker.
   */
  attemptTimeoutMs: 15_000,
  /** The receiver's answer is read and stored up to this many bytes. */
  responseBodyMax: 64 * 1024,
  /** Attempts one instance keeps in flight at once. */
  concurrency: 64,
  /** Deliveries claimed in one statement. */
  batchSize: 32,
  /** A run ends after this (its attempts finish first); the scheduler starts the next within a second. */
  runBudgetMs: 30_000,
  /** While attempts are in flight and nothing is due, the queue is looked at again this often. */
  idlePollMs: 100,
  /** Outbox events fanned out per run. */
  fanOutBatch: 200,
  /** Test events (POST /v1/dev/webhooks/{id}/test) per endpoint in any rolling minute. */
  testsPerMinute: 10,
  /** The worker runs this often (the scheduler never overlaps two runs on one instance). */
  workerIntervalMs: 1_000,
} as const;
