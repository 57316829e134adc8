import { Counter, Gauge, Histogram } from 'prom-client';
import type { Db } from '../../platform/db/database.js';
import type { Metrics } from '../../platform/metrics.js';
import { queueStats } from './store.js';

export interface WebhookMetrics {
  /** Attempts by outcome: delivered, retry (failed, will be tried again), dead. */
  attempts: Counter<'outcome'>;
  attemptSeconds: Histogram<'outcome'>;
}

/** Webhook series on the app's registry; the queue gauges read the database when scraped. */
export function createWebhookMetrics(metrics: Metrics, db: Db, clock: () => Date): WebhookMetrics {
  const registers = [metrics.registry];
  new Gauge({
    name: 'flightagg_webhook_queue_depth',
    help: 'Webhook deliveries pending (due or waiting for a retry or a switched-off endpoint)',
    registers,
    async collect() {
      this.set((await queueStats(db, clock())).pending);
    },
  });
  new Gauge({
    name: 'flightagg_webhook_oldest_due_age_seconds',
    help: 'How long the oldest due webhook delivery has been waiting for its attempt (0 when none is due)',
    registers,
    async collect() {
      const { oldestDueAt } = await queueStats(db, clock());
      this.set(oldestDueAt ? Math.max(0, (clock().getTime() - new Date(oldestDueAt).getTime()) / 1000) : 0);
    },
  });
  return {
    attempts: new Counter({
      name: 'flightagg_webhook_attempts_total',
      help: 'Webhook delivery attempts by outcome: delivered, retry, dead',
      labelNames: ['outcome'] as const,
      registers,
    }),
    attemptSeconds: new Histogram({
      name: 'flightagg_webhook_attempt_duration_seconds',
      help: 'Time of one webhook attempt, connection to last byte read',
      labelNames: ['outcome'] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers,
    }),
  };
}
