import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unavailable } from '../platform/errors.js';
import type { TextStore, TextVisitor } from './text-store.js';

// Texts are gathered into a buffer of this size and written to the file a buffer at a time.
const STAGE_BYTES = 1 << 20;
// Reads are synchronous and never overlap, so one buffer serves every read that fits in it.
const shared = Buffer.allocUnsafe(64 * 1024);
// `visitMany` reads neighbours with one read when less than this lies between them: copying a few
// kilobytes more costs less than another system call.
const MAX_GAP_BYTES = 8 * 1024;

const closeWhenCollected = new FinalizationRegistry<number>((fd) => {
  try {
    fs.closeSync(fd);
  } catch {
    // Already closed: nothing holds it.
  }
});

const unreadable = () => unavailable('aviation data could not be read from its local file', 'aviation_data_unavailable');

/**
 * Texts in a file of their own, read back with positioned reads. The bytes stay in the kernel's
 * page cache, which counts in no process's RSS and which the kernel can take back under
 * pressure (reads then go to the disk), where buffers in the process held tens of MB of RSS for
 * the full aviation data for as long as it ran (bench/results/2026-11-26.md).
 *
 * The file is removed from its folder as soon as it is open: nothing is left behind by a crash,
 * and the disk space returns when the descriptor closes, which happens once the store itself is
 * garbage (the version replaced and no request holding it), so a read never meets a closed file.
 */
export class FileTexts implements TextStore {
  private stage: Buffer = Buffer.allocUnsafe(STAGE_BYTES);
  private staged = 0;
  /** Bytes already in the file. */
  private written = 0;
  private starts: number[] | Float64Array = [];
  private lengths: number[] | Int32Array = [];

  private constructor(
    private readonly dir: string,
    private fd: number,
  ) {
    closeWhenCollected.register(this, fd, this);
  }

  /** A store in a new file in `dir` (made if missing); throws when the file cannot be made. */
  static create(dir: string): FileTexts {
    return new FileTexts(dir, openUnlinked(dir));
  }

  get size(): number {
    return this.starts.length;
  }

  add(text: string): number {
    const bytes = Buffer.byteLength(text);
    const start = this.append(
      bytes,
      (stage, at) => stage.write(text, at),
      () => Buffer.from(text),
    );
    (this.starts as number[]).push(start);
    (this.lengths as number[]).push(bytes);
    return this.starts.length - 1;
  }

  get(index: number): string {
    const length = this.lengths[index]!;
    return this.read(this.fd, this.starts[index]!, length).toString('utf8', 0, length);
  }

  byteLength(index: number): number {
    return this.lengths[index]!;
  }

  visitMany(indexes: readonly number[], visit: TextVisitor): void {
    const count = indexes.length;
    if (count === 0) return;
    // The asked texts in file order: each one's start and its place in the asking packed into one
    // number (start × places + place, with places a power of two: exact, as files stay far below
    // 2^53 / places bytes, and unpacked by exact division), so a plain numeric sort orders them
    // without calling a comparator.
    const places = 2 ** Math.ceil(Math.log2(count + 1));
    const keys = new Float64Array(count);
    for (let k = 0; k < count; k++) keys[k] = this.starts[indexes[k]!]! * places + k;
    keys.sort();
    // Runs of texts close enough to read at once, laid one after another in one buffer; `placed[k]`
    // is where the kth asked text lands in it. At most a page's texts and the gaps between them.
    const placed = new Float64Array(count);
    const runStarts: number[] = [];
    const runEnds: number[] = [];
    let before = 0;
    for (let i = 0; i < count; i++) {
      const start = Math.floor(keys[i]! / places);
      const k = keys[i]! - start * places;
      const end = start + this.lengths[indexes[k]!]!;
      const last = runStarts.length - 1;
      if (last < 0 || start - runEnds[last]! > MAX_GAP_BYTES) {
        if (last >= 0) before += runEnds[last]! - runStarts[last]!;
        runStarts.push(start);
        runEnds.push(end);
      } else if (end > runEnds[last]!) {
        runEnds[last] = end;
      }
      placed[k] = before + start - runStarts[runStarts.length - 1]!;
    }
    const total = before + runEnds[runEnds.length - 1]! - runStarts[runStarts.length - 1]!;
    const bytes = total <= shared.length ? shared : Buffer.allocUnsafe(total);
    let at = 0;
    for (let r = 0; r < runStarts.length; r++) {
      const length = runEnds[r]! - runStarts[r]!;
      this.readInto(this.fd, runStarts[r]!, bytes.subarray(at, at + length));
      at += length;
    }
    for (let k = 0; k < count; k++) visit(bytes, placed[k]!, placed[k]! + this.lengths[indexes[k]!]!, k);
  }

  finish(): void {
    this.flush();
    this.stage = Buffer.alloc(0);
    // Typed arrays from here: 12 bytes a text and nothing for the collector to scan.
    this.starts = Float64Array.from(this.starts);
    this.lengths = Int32Array.from(this.lengths);
  }

  /** Copies the texts into a new file in `order`, then reads from it; the old file closes. */
  arrange(order: ArrayLike<number>): void {
    if (order.length !== this.size) throw new Error(`arrange: ${order.length} numbers for ${this.size} texts`);
    const from = this.fd;
    const starts = new Float64Array(this.size);
    this.fd = openUnlinked(this.dir);
    this.stage = Buffer.allocUnsafe(STAGE_BYTES);
    this.written = 0;
    try {
      for (let k = 0; k < order.length; k++) {
        const index = order[k]!;
        const length = this.lengths[index]!;
        const start = this.starts[index]!;
        starts[index] = this.append(
          length,
          (stage, at) => this.read(from, start, length).copy(stage, at, 0, length),
          () => Buffer.from(this.read(from, start, length).subarray(0, length)),
        );
      }
      this.flush();
    } catch (err) {
      fs.closeSync(this.fd);
      this.fd = from;
      throw err;
    } finally {
      this.stage = Buffer.alloc(0);
    }
    closeWhenCollected.unregister(this);
    fs.closeSync(from);
    closeWhenCollected.register(this, this.fd, this);
    this.starts = starts;
  }

  /** Puts `bytes` bytes at the end of the file (through the stage); answers where they start. */
  private append(bytes: number, intoStage: (stage: Buffer, at: number) => void, whole: () => Buffer): number {
    if (this.staged + bytes > this.stage.length) this.flush();
    const start = this.written + this.staged;
    if (bytes > this.stage.length) {
      this.writeAll(whole(), start);
      this.written += bytes;
    } else {
      intoStage(this.stage, this.staged);
      this.staged += bytes;
    }
    return start;
  }

  /** `length` bytes from `start`, at the front of the shared buffer when they fit in it. */
  private read(fd: number, start: number, length: number): Buffer {
    const buffer = length <= shared.length ? shared : Buffer.allocUnsafe(length);
    this.readInto(fd, start, buffer.subarray(0, length));
    return buffer;
  }

  /** Fills `target` with the file's bytes from `start`. */
  private readInto(fd: number, start: number, target: Buffer): void {
    const length = target.length;
    let done = 0;
    try {
      while (done < length) {
        const got = fs.readSync(fd, target, done, length - done, start + done);
        if (got === 0) break;
        done += got;
      }
    } catch {
      throw unreadable();
    }
    // Fewer bytes than written: the file was cut short under us.
    if (done < length) throw unreadable();
  }

  private flush(): void {
    if (this.staged === 0) return;
    this.writeAll(this.stage.subarray(0, this.staged), this.written);
    this.written += this.staged;
    this.staged = 0;
  }

  private writeAll(bytes: Buffer, at: number): void {
    let done = 0;
    while (done < bytes.length) done += fs.writeSync(this.fd, bytes, done, bytes.length - done, at + done);
  }
}

/** A new file in `dir`, open for reading and writing and already removed from the folder. */
function openUnlinked(dir: string): number {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `.aviation-texts-${crypto.randomUUID()}`);
  const fd = fs.openSync(file, 'w+', 0o600);
  try {
    fs.unlinkSync(file);
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
  return fd;
}
