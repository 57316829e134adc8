import type { Logger } from 'pino';
import type { Db } from '../platform/db/database.js';
import type { RequestFacts } from './request-facts.js';
import type { RequestLogMetrics } from './metrics.js';
import { encodeBatches, MAX_BATCH } from './batch-codec.js';
import { RequestRing } from './request-ring.js';
import { insertBatches } from './store.js';

export interface RecorderLimits {
  /** Rows per write (at most MAX_BATCH); reaching it starts a write at once instead of waiting for the next tick. */
  batchSize: number;
  /** Rows held in memory at most; past it the oldest are dropped (and counted). */
  maxBuffered: number;
}

/** 1,000 rows a write: one stored batch per agency and environment among them; 20,000 rows are ~5 MB. */
export const DEFAULT_LIMITS: RecorderLimits = { batchSize: MAX_BATCH, maxBuffered: 20_000 };

/**
 * The request log's writer, off the request path: `record` appends to a ring of columns
 * (request-ring.ts: no I/O, no promise, no object kept per request), and `flush` (every second, when a batch fills, at close) writes what was recorded, one
 * stored batch per agency and environment (batch-codec.ts), one statement in flight at a time.
 * While storage is slow or down rows wait in memory up to `maxBuffered`, then the oldest are
 * dropped and counted (`flightagg_request_log_dropped_total`): a request never waits on the log
 * and never fails because of it.
 */
export class RequestRecorder {
  private readonly ring: RequestRing;
  private writing: Promise<void> | null = null;
  /** The last write failed: until a write succeeds, only the every-second flush retries, not every full batch. */
  private failing = false;

  constructor(
    private readonly deps: { db: Db; logger: Logger; metrics: RequestLogMetrics },
    private readonly limits: RecorderLimits = DEFAULT_LIMITS,
  ) {
    if (limits.batchSize > MAX_BATCH) throw new Error(`request log batchSize is at most ${MAX_BATCH}`);
    this.ring = new RequestRing(limits.maxBuffered);
  }

  /** Rows waiting to be written. */
  get pending(): number {
    return this.ring.size;
  }

  record(facts: RequestFacts): void {
    // Full: drop a batch's worth of the oldest at once, so a long outage costs one release per batch, not per request.
    if (this.ring.size >= this.limits.maxBuffered) this.drop(Math.min(this.ring.size, this.limits.batchSize));
    this.ring.push(facts);
    if (this.ring.size >= this.limits.batchSize && this.writing === null && !this.failing) {
      this.flush().catch((err: unknown) =>
        this.deps.logger.warn({ err }, 'request log batch not written; kept for the next flush'),
      );
    }
  }

  /**
   * Writes every row recorded before the call, a batch at a time. A failed batch stays first in
   * the ring for the next flush (within the bound) and the error is thrown for the caller to log.
   * A call while a write is in flight waits for it and then writes what came since.
   */
  async flush(): Promise<void> {
    while (this.writing) await this.writing.catch(() => undefined);
    if (this.ring.size === 0) return;
    this.writing = this.writeAll();
    try {
      await this.writing;
    } finally {
      this.writing = null;
    }
  }

  private async writeAll(): Promise<void> {
    // Only what was recorded before this write began: rows that arrive while a batch is in flight
    // wait for the next flush or a full batch, instead of following it in a stream of small inserts
    // (each statement has a fixed cost on both databases that a full batch spreads thin).
    // A batch stays in the ring until it is written: a failed write leaves it first in line for the
    // next flush. (Rows a full ring drops while their write is in flight are counted both dropped
    // and written.)
    const due = this.ring.end;
    while (this.ring.start < due) {
      const from = this.ring.start;
      const to = Math.min(from + this.limits.batchSize, due);
      try {
        await insertBatches(this.deps.db, encodeBatches(this.ring.read(from, to)));
      } catch (err) {
        this.failing = true;
        throw err;
      }
      this.failing = false;
      this.deps.metrics.written.inc(to - from);
      this.ring.release(to);
    }
  }

  private drop(count: number): void {
    this.ring.release(this.ring.start + count);
    this.deps.metrics.dropped.inc(count);
  }
}
