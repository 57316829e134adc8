import type { Db } from '../../platform/db/database.js';
import { finishAttempt, finishAttempts, type AttemptOutcome, type AttemptRecord, type FinishResult } from './store.js';

// Attempts recorded in one statement at most: one batch's response bodies (64 KiB each at worst)
// stay a few megabytes.
const MAX_BATCH = 128;

/** The delivery an attempt was made for, and the lease it was made under. */
type LeasedDelivery = { id: string; endpoint_id: string; lease_token: string | null };

interface Finished {
  delivery: LeasedDelivery;
  attempt: AttemptRecord;
  outcome: AttemptOutcome;
  settle: (result: FinishResult) => void;
  fail: (err: unknown) => void;
}

export interface AttemptRecorder {
  /** Records one finished attempt once its row is written; `recorded` says whether this worker still held the lease. */
  record(delivery: LeasedDelivery, attempt: AttemptRecord, outcome: AttemptOutcome): Promise<FinishResult>;
}

/**
 * Records finished attempts as group commits: while one write is on its way, the attempts that
 * finish meanwhile wait and go together in the next statement, so a busy worker makes one round
 * trip for many attempts and an idle one still records each attempt at once. An attempt's promise
 * settles only once its row is written (a process that dies before that leaves the lease to
 * expire, and the delivery is tried again: at least once).
 *
 * Writes happen one at a time, in the order the attempts finished. A death is written on its own
 * (`finishAttempt`: it adds to the endpoint's streak and may switch it off, in one transaction)
 * after the deliveries that finished before it and before those that finished after it, so the
 * streak of consecutive deaths, which a delivery resets, is counted exactly as it happened.
 */
export function createAttemptRecorder(db: Db): AttemptRecorder {
  let queue: Finished[] = [];
  let writing: Promise<void> | null = null;

  async function writeBatch(batch: Finished[]): Promise<void> {
    try {
      const recorded = await finishAttempts(
        db,
        batch.map((f) => ({
          delivery: f.delivery,
          attempt: f.attempt,
          outcome: f.outcome as Exclude<AttemptOutcome, { kind: 'dead' }>,
        })),
      );
      batch.forEach((f, i) => f.settle({ recorded: recorded[i] === true, switchedOff: null }));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.fail(err);
      // One attempt the database refuses must not cost the others their record: each on its own.
      for (const f of batch) await writeBatch([f]);
    }
  }

  async function writeDeath(f: Finished): Promise<void> {
    try {
      f.settle(await finishAttempt(db, f.delivery, f.attempt, f.outcome));
    } catch (err) {
      f.fail(err);
    }
  }

  function writeNext(): void {
    if (writing || queue.length === 0) return;
    const head = queue[0]!;
    let write: Promise<void>;
    if (head.outcome.kind === 'dead') {
      queue = queue.slice(1);
      write = writeDeath(head);
    } else {
      const end = queue.findIndex((f, i) => f.outcome.kind === 'dead' || i >= MAX_BATCH);
      const batch = end === -1 ? queue : queue.slice(0, end);
      queue = end === -1 ? [] : queue.slice(end);
      write = writeBatch(batch);
    }
    writing = write.finally(() => {
      writing = null;
      writeNext();
    });
  }

  return {
    record(delivery, attempt, outcome) {
      return new Promise<FinishResult>((settle, fail) => {
        queue.push({ delivery, attempt, outcome, settle, fail });
        // Attempts finishing in the same turn of the event loop join this write.
        if (!writing) setImmediate(writeNext);
      });
    },
  };
}
