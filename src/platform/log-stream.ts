import fs from 'node:fs';
import os from 'node:os';

/** Text waiting for the output at most; past it, lines are dropped and counted until it drains. */
const MAX_PENDING_CHARS = 16 * 1024 * 1024;
/** Lines wait this long at most, so a write carries every line of a few milliseconds. */
const GATHER_MS = 5;
/** A full non-blocking pipe (EAGAIN) is tried again after this long. */
const RETRY_MS = 10;

/**
 * Where the gateway's log lines go (stdout): lines are gathered for GATHER_MS, then joined and
 * written with one asynchronous write, never blocking a request on the output. Under load that is
 * one write for tens of requests' lines, where a write per line (or per turn of the event loop,
 * which under load serves a request or two) cost a request more than its line.
 *
 * pino's default stream (sonic-boom) also writes asynchronously, but measures the whole text it
 * holds again for every line it appends, and that text is a rope each measure flattens: at one
 * access line per request it cost more CPU than making the line (docs/operations/http.md, "Logs").
 *
 * Bounded: while the output is slower than the lines (a stalled log collector), at most
 * MAX_PENDING_CHARS wait; later lines are dropped, and one warning line says how many, once the
 * output takes lines again. An output that fails for good (closed pipe) ends the writing. What is
 * still waiting when the process exits is written synchronously (`flushSync`, on `exit`).
 */
export class LogStream {
  private pending: string[] = [];
  private pendingChars = 0;
  private dropped = 0;
  private scheduled = false;
  private writing = false;
  private broken = false;
  private drained: ((err?: Error) => void)[] = [];

  constructor(
    private readonly fd: number,
    private readonly maxPendingChars = MAX_PENDING_CHARS,
  ) {}

  /** pino's only call for each line. */
  write(line: string): void {
    if (this.broken) return;
    if (this.pendingChars + line.length > this.maxPendingChars) {
      this.dropped++;
      return;
    }
    this.pending.push(line);
    this.pendingChars += line.length;
    if (!this.writing) this.schedule();
  }

  /** Calls back once every line written so far has reached the output (pino's `logger.flush`). */
  flush(done?: (err?: Error) => void): void {
    if (!done) return;
    if (!this.writing && !this.scheduled) done();
    else this.drained.push(done);
  }

  /**
   * Writes what is waiting now, blocking: at exit, when no turn of the event loop is left. A write
   * already on libuv's pool finishes on its own and these lines follow it; one waiting to retry a
   * full pipe is lost with the process.
   */
  flushSync(): void {
    if (this.broken || (this.pending.length === 0 && this.dropped === 0)) return;
    const bytes = Buffer.from(this.take(), 'utf8');
    let from = 0;
    for (let tries = 0; from < bytes.length;) {
      try {
        from += fs.writeSync(this.fd, bytes, from, bytes.length - from);
      } catch (err) {
        // A full non-blocking pipe: a few short waits, then what is left is lost with the process.
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN' || ++tries > 100) return;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      }
    }
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Unreferenced: waiting lines never keep the process alive; at exit flushSync writes them.
    setTimeout(this.writeGathered, GATHER_MS).unref();
  }

  private readonly writeGathered = (): void => {
    this.scheduled = false;
    if (this.pending.length === 0 && this.dropped === 0) {
      this.settleFlushes();
      return;
    }
    this.writing = true;
    this.writeBytes(Buffer.from(this.take(), 'utf8'), 0);
  };

  private writeBytes(bytes: Buffer, from: number): void {
    fs.write(this.fd, bytes, from, bytes.length - from, null, (err, written) => {
      if (err) {
        if (err.code === 'EAGAIN') {
          setTimeout(() => this.writeBytes(bytes, from), RETRY_MS);
          return;
        }
        // Closed or gone: nothing can be written any more, so nothing is kept for it.
        this.broken = true;
        this.writing = false;
        this.pending = [];
        this.pendingChars = 0;
        this.settleFlushes(err);
        return;
      }
      if (from + written < bytes.length) {
        this.writeBytes(bytes, from + written);
        return;
      }
      this.writing = false;
      // Lines that came during the write wait their turn; with none, whoever waits on flush is told.
      if (this.pending.length > 0 || this.dropped > 0) this.schedule();
      else this.settleFlushes();
    });
  }

  /** Tells whoever waits on `flush` that the lines are out (or cannot be). */
  private settleFlushes(err?: Error): void {
    for (const done of this.drained.splice(0)) done(err);
  }

  /** Everything waiting as one text, with the dropped lines' warning after the lines kept before them. */
  private take(): string {
    let text = this.pending.join('');
    if (this.dropped > 0) text += droppedLine(this.dropped);
    this.pending = [];
    this.pendingChars = 0;
    this.dropped = 0;
    return text;
  }
}

/** A warning in pino's line format, written by the stream itself. */
function droppedLine(count: number): string {
  return (
    JSON.stringify({
      level: 40,
      time: Date.now(),
      pid: process.pid,
      hostname: os.hostname(),
      dropped: count,
      msg: 'log lines dropped: the output took them slower than they came',
    }) + '\n'
  );
}

let stdout: LogStream | null = null;

/** The process's one stream to stdout, written out at exit. */
export function stdoutLogStream(): LogStream {
  if (stdout === null) {
    const stream = new LogStream(1);
    process.once('exit', () => stream.flushSync());
    stdout = stream;
  }
  return stdout;
}
