import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/database.js';
import type { RequestFacts } from './request-facts.js';
import type { RequestLogMetrics } from './metrics.js';
import { encodeBatches, MAX_BATCH } from './batch-codec.js';
import { WRITER_BEHIND, type CapturedBodies } from './body-capture.js';
import { renderBody, type RenderedBody } from './body-render.js';
import { RequestRing } from './request-ring.js';
import { insertBatches, insertBodies, type BodyRow, type SharedBody } from './store.js';

export interface RecorderLimits {
  /** Rows per write (at most MAX_BATCH); reaching it starts a write at once instead of waiting for the next tick. */
  batchSize: number;
  /** Rows held in memory at most; past it the oldest are dropped (and counted). */
  maxBuffered: number;
  /**
   * Rows held with their bodies at most: a body is a reference to bytes the request had (up to
   * 1 MB each), kept until written; rows past it are written with the note that the writer was behind.
   */
  maxWithBodies?: number;
}

/**
 * 1,000 rows a write: one stored batch per agency and environment among them; 20,000 rows are ~5 MB.
 * Bodies for two writes' worth: a busy gateway's next write, while one is in flight.
 */
export const DEFAULT_LIMITS: RecorderLimits = { batchSize: MAX_BATCH, maxBuffered: 20_000, maxWithBodies: 2 * MAX_BATCH };

// Bodies rendered between two turns of the event loop: a write renders up to a batch of them
// (parse, redact, serialize; a large search answer takes milliseconds), and requests go on between.
const RENDERS_PER_TURN = 16;

// A shared answer (a cached search's, kept once for all its hits) is written again by an instance
// at most this often while hits keep naming it, which moves its `last_used` on for the retention
// sweep (retention.ts keeps a text a day past the last body that may name it). Digests remembered
// at most SHARED_REMEMBERED; past it the memory starts again, costing one write each.
const SHARED_REWRITE_MS = 3_600_000;
const SHARED_REMEMBERED = 4_096;

const BEHIND_NOTE: RenderedBody = Object.freeze({
  text: null,
  note: "not recorded: the log's writer was behind",
  droppedBytes: 0,
  redacted: false,
});

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
  /** The shared answers this instance wrote, and when (deps.nowMs). */
  private readonly sharedWritten = new Map<string, number>();

  constructor(
    private readonly deps: { db: Db; logger: Logger; metrics: RequestLogMetrics; nowMs?: () => number },
    private readonly limits: RecorderLimits = DEFAULT_LIMITS,
  ) {
    if (limits.batchSize > MAX_BATCH) throw new Error(`request log batchSize is at most ${MAX_BATCH}`);
    this.ring = new RequestRing(limits.maxBuffered);
  }

  /** Rows waiting to be written. */
  get pending(): number {
    return this.ring.size;
  }

  /** Appends a request; with `bodies`, its bodies (references, rendered when written). */
  record(facts: RequestFacts, bodies?: CapturedBodies): void {
    // Full: drop a batch's worth of the oldest at once, so a long outage costs one release per batch, not per request.
    if (this.ring.size >= this.limits.maxBuffered) this.drop(Math.min(this.ring.size, this.limits.batchSize));
    this.ring.push(
      facts,
      bodies && this.ring.withBodies >= (this.limits.maxWithBodies ?? DEFAULT_LIMITS.maxWithBodies!) ? WRITER_BEHIND : bodies,
    );
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
      // Read at once: while bodies render, a full ring may drop these rows and reuse their slots.
      const rows = this.ring.read(from, to);
      const captured = rows.map((_, i) => this.ring.bodiesOf(from + i));
      try {
        await insertBatches(this.deps.db, encodeBatches(rows));
      } catch (err) {
        this.failing = true;
        throw err;
      }
      this.failing = false;
      this.deps.metrics.written.inc(to - from);
      this.ring.release(to);
      await this.writeBodies(rows, captured);
    }
  }

  /**
   * The bodies of a written batch, best effort: a failure is logged and they are not tried again,
   * so the batch (already written) is never written twice.
   */
  private async writeBodies(rows: readonly RequestFacts[], captured: readonly (CapturedBodies | undefined)[]): Promise<void> {
    const bodyRows: BodyRow[] = [];
    const shared = new Map<string, SharedBody>();
    const nowMs = this.deps.nowMs?.() ?? Date.now();
    for (let i = 0; i < rows.length; i++) {
      const bodies = captured[i];
      if (!bodies) continue;
      if (bodyRows.length > 0 && bodyRows.length % RENDERS_PER_TURN === 0) await nextTurn();
      const { row, sharedAnswer } = bodyRow(rows[i]!, bodies);
      bodyRows.push(row);
      if (sharedAnswer && !shared.has(sharedAnswer.digest)) {
        const written = this.sharedWritten.get(sharedAnswer.digest);
        if (written === undefined || nowMs - written >= SHARED_REWRITE_MS) shared.set(sharedAnswer.digest, sharedAnswer);
      }
    }
    try {
      await insertBodies(this.deps.db, bodyRows, [...shared.values()], new Date(nowMs));
    } catch (err) {
      this.deps.logger.warn({ err, count: bodyRows.length }, 'request log bodies not written');
      return;
    }
    if (this.sharedWritten.size + shared.size > SHARED_REMEMBERED) this.sharedWritten.clear();
    for (const digest of shared.keys()) this.sharedWritten.set(digest, nowMs);
  }

  private drop(count: number): void {
    this.ring.release(this.ring.start + count);
    this.deps.metrics.dropped.inc(count);
  }
}

/** A request's body row, and the shared answer it names (written once for all the hits naming it), if any. */
function bodyRow(facts: RequestFacts, bodies: CapturedBodies): { row: BodyRow; sharedAnswer: SharedBody | null } {
  const request = 'behind' in bodies ? BEHIND_NOTE : renderBody(bodies.request);
  const response = 'behind' in bodies ? BEHIND_NOTE : renderBody(bodies.response);
  const sharedAnswer =
    response.sharedDigest !== undefined && response.text !== null ? { digest: response.sharedDigest, body: response.text } : null;
  return {
    sharedAnswer,
    row: {
      agency_id: facts.agencyId,
      environment: facts.environment,
      request_id: facts.requestId,
      at: new Date(facts.atMs),
      request_body: request.text,
      request_note: request.note,
      request_dropped_bytes: request.droppedBytes,
      request_redacted: request.redacted,
      response_body: sharedAnswer ? null : response.text,
      response_note: response.note,
      response_dropped_bytes: response.droppedBytes,
      response_redacted: response.redacted,
      response_shared_digest: sharedAnswer?.digest ?? null,
    },
  };
}
