import type { Db } from '../platform/db/database.js';
import { deleteBatchesBefore } from './store.js';

/** How long the log keeps a request (docs/dashboard.md, "Logs"). */
export const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** The retention sweep: deletes every batch whose newest request is more than 7 days before the clock's now. */
export async function sweepRequestLog(deps: { db: Db; clock: () => Date }): Promise<number> {
  return deleteBatchesBefore(deps.db, new Date(deps.clock().getTime() - RETENTION_MS));
}
