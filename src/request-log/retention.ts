import type { Db } from '../platform/db/database.js';
import { deleteBatchesBefore, deleteBodiesBefore, deleteSharedBodiesBefore } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long the log keeps a request (docs/dashboard.md, "Logs"). */
export const RETENTION_MS = 7 * DAY_MS;

/**
 * The retention sweep: deletes every batch whose newest request is more than 7 days before the
 * clock's now, and the bodies of requests older than `bodyRetentionDays` (REQUEST_LOG_BODY_RETENTION_DAYS;
 * 0 deletes them all), and the cached answers those bodies shared once none may name them.
 * Returns how many batches, body rows and shared answers went.
 */
export async function sweepRequestLog(deps: { db: Db; clock: () => Date; bodyRetentionDays: number }): Promise<number> {
  const now = deps.clock().getTime();
  const batches = await deleteBatchesBefore(deps.db, new Date(now - RETENTION_MS));
  // A cutoff after now: with 0 days, every body kept goes.
  const cutoff = now - deps.bodyRetentionDays * DAY_MS + (deps.bodyRetentionDays === 0 ? DAY_MS : 0);
  const bodies = await deleteBodiesBefore(deps.db, new Date(cutoff));
  // A shared answer a day after the last body that may name it: an instance writes a text again
  // (moving `last_used` on) at most hourly, so a row kept past the cutoff always finds its text.
  const shared = await deleteSharedBodiesBefore(deps.db, new Date(cutoff - DAY_MS));
  return batches + bodies + shared;
}
