import type { Db } from '../platform/db/database.js';
import { EVENTS_POLICY } from './policy.js';
import { deleteEventsBefore, deleteTestDeliveriesBefore } from './store.js';

export const EVENTS_RETENTION_JOB = 'events.retention-sweep';
export const EVENTS_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** Rows one statement deletes: a batch's locks and WAL stay small beside the traffic. */
const BATCH = 1_000;
/** Batches one run takes at most; a backlog larger than that goes over the next runs. */
const MAX_BATCHES = 50;

/**
 * The retention sweep: order events older than EVENTS_POLICY.retentionMs (30 days) are deleted with
 * their webhook deliveries and attempts, and test deliveries of that age too, so the outbox and the
 * delivery log (with its stored response bodies) hold what the API can still show and no more.
 */
export async function sweepEvents(deps: { db: Db; clock: () => Date }): Promise<{ events: number; testDeliveries: number }> {
  const now = deps.clock();
  const window = { before: new Date(now.getTime() - EVENTS_POLICY.retentionMs), now, limit: BATCH };
  return {
    events: await inBatches(() => deleteEventsBefore(deps.db, window)),
    testDeliveries: await inBatches(() => deleteTestDeliveriesBefore(deps.db, window)),
  };
}

/** Runs a batch delete until one comes back short, at most MAX_BATCHES times; answers the rows deleted. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) break;
  }
  return total;
}
