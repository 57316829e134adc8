import type { Db } from '../../platform/db/database.js';
import type { UsageCounter } from './counter.js';
import { applyBatch, pruneBatches } from './store.js';

// Applied batch ids are kept this long: far longer than any batch waits to be written.
const BATCH_ID_RETENTION_MS = 7 * 86_400_000;

/** The meter's writing side: the counters' cut batches into the database, and their pruning. */
export interface MeterWriter {
  /** Writes every cut batch to the database, each once (usage_batches). */
  flush(): Promise<void>;
  /** Forgets applied batch ids older than any batch waits to be written. */
  prune(): Promise<void>;
}

export function createMeterWriter(deps: {
  db: Db;
  counter: UsageCounter;
  fallbackCounter?: UsageCounter;
  clock(): Date;
}): MeterWriter {
  const { db, counter, fallbackCounter, clock } = deps;
  return {
    async flush(): Promise<void> {
      // Each counter on its own: with Redis away, what the fallback counted is still written.
      let failure: unknown = null;
      for (const c of fallbackCounter ? [counter, fallbackCounter] : [counter]) {
        try {
          for (const batch of await c.cut()) {
            await applyBatch(db, batch);
            await c.done(batch.id);
          }
        } catch (err) {
          failure ??= err;
        }
      }
      if (failure) throw failure;
    },
    async prune(): Promise<void> {
      await pruneBatches(db, new Date(clock().getTime() - BATCH_ID_RETENTION_MS));
    },
  };
}
