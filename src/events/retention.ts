import type { Db } from '../platform/db/database.js';
import { EVENTS_POLICY } from './policy.js';
import { deleteEvents, lockEventsBefore } from '../orders/event-outbox-store.js';
import { deleteDeliveriesOfEvents, deleteTestDeliveriesBefore, eventsWithHeldDelivery } from '../webhooks/delivery/store.js';

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
    testDeliveries: await inBatches(async () => {
      const deleted = await deleteTestDeliveriesBefore(deps.db, window);
      return { looked: deleted, deleted };
    }),
  };
}

/** One batch of the retention sweep: rows made before `before`, leases judged at `now`, at most `limit`. */
interface RetentionBatch {
  before: Date;
  now: Date;
  limit: number;
}

/**
 * Deletes up to `limit` events that happened before `before`, with their webhook deliveries (and,
 * by cascade, those deliveries' attempts), in one transaction; each table through its owner's
 * store. Skipped, for a later run: an event a dispatcher is fanning out now (locked) and one with
 * a delivery a worker holds (leased at `now`), whose attempt would otherwise finish into nothing.
 * Answers how many events it looked at, so the batches go on past held ones.
 */
async function deleteEventsBefore(db: Db, batch: RetentionBatch): Promise<{ looked: number; deleted: number }> {
  return db.transaction().execute(async (trx) => {
    const candidates = await lockEventsBefore(trx, batch);
    const held = await eventsWithHeldDelivery(trx, candidates, batch.now);
    const ids = candidates.filter((id) => !held.has(id));
    await deleteDeliveriesOfEvents(trx, ids);
    await deleteEvents(trx, ids);
    return { looked: candidates.length, deleted: ids.length };
  });
}

/**
 * Runs a batch delete until one comes back short (or deletes nothing: every row it found is held),
 * at most MAX_BATCHES times; answers the rows deleted.
 */
async function inBatches(deleteBatch: () => Promise<{ looked: number; deleted: number }>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const { looked, deleted } = await deleteBatch();
    total += deleted;
    if (looked < BATCH || deleted === 0) break;
  }
  return total;
}
