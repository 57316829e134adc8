import type { TextStore, TextVisitor } from './text-store.js';

// Texts are appended into buffers of this size; one larger text gets a buffer of its own.
const CHUNK_BYTES = 1 << 20;

/**
 * Many small texts (the JSON of each record) stored as UTF-8 in large buffers outside the
 * JavaScript heap, each read back by its number: 85k airports cost their bytes and 12 bytes of
 * bookkeeping each, where one object per record cost three to four times as much, most of it
 * scanned by every garbage collection. Used where no file can be made for `FileTexts`; the
 * buffers count in the process's RSS.
 */
export class PackedTexts implements TextStore {
  private readonly chunks: Buffer[] = [];
  private current = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  /** Chunk, start and byte length of each text, three numbers per text. */
  private readonly spans: number[] = [];

  get size(): number {
    return this.spans.length / 3;
  }

  /** Stores the text; answers its number. */
  add(text: string): number {
    const bytes = Buffer.byteLength(text);
    if (this.used + bytes > this.current.length) {
      this.seal();
      this.current = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
      this.used = 0;
    }
    this.current.write(text, this.used);
    this.spans.push(this.chunks.length, this.used, bytes);
    this.used += bytes;
    return this.spans.length / 3 - 1;
  }

  get(index: number): string {
    const chunk = this.spans[index * 3]!;
    const start = this.spans[index * 3 + 1]!;
    const buffer = chunk === this.chunks.length ? this.current : this.chunks[chunk]!;
    return buffer.toString('utf8', start, start + this.spans[index * 3 + 2]!);
  }

  byteLength(index: number): number {
    return this.spans[index * 3 + 2]!;
  }

  visitMany(indexes: readonly number[], visit: TextVisitor): void {
    for (let k = 0; k < indexes.length; k++) {
      const index = indexes[k]!;
      const chunk = this.spans[index * 3]!;
      const start = this.spans[index * 3 + 1]!;
      const buffer = chunk === this.chunks.length ? this.current : this.chunks[chunk]!;
      visit(buffer, start, start + this.spans[index * 3 + 2]!, k);
    }
  }

  /** In memory every text is as near as any other: nothing to do. */
  arrange(): void {}

  /** Called once every text is in: the last buffer shrinks to what it holds. */
  finish(): void {
    if (this.used > 0 || this.chunks.length === 0) this.chunks.push(Buffer.from(this.current.subarray(0, this.used)));
    this.current = Buffer.alloc(0);
    this.used = 0;
    // The empty `current` now stands after the last sealed chunk: no span points at it.
  }

  /**
   * A full chunk is kept as it is (its unused tail is smaller than the text that did not fit):
   * copying each one to its exact size freed a megabyte per chunk during the load, which the
   * allocator kept in RSS. Only the last, partly used chunk is copied.
   */
  private seal(): void {
    if (this.used === 0 && this.chunks.length > 0) return;
    this.chunks.push(this.current);
  }
}
