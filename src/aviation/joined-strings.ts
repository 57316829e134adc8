// Between two values; folded names and idents never hold it (the gateway refuses NUL in input).
const SEPARATOR = '\u0000';

/**
 * Many short strings (85k airport names, cities, idents) kept as one UTF-8 buffer and the offsets
 * between them. A string object per value cost ~45 bytes of heap beside its characters, a map
 * from ident to airport another ~40, and a single joined string would be stored two bytes a
 * character as soon as one name is not Latin-1 (bench/results/2026-11-26.md). Searching the one
 * buffer is also faster than testing each value in turn.
 */
export class JoinedStrings {
  private readonly bytes: Buffer;
  /** Where each value starts in `bytes`; the value ends one byte before the next start. */
  private readonly starts: Int32Array;
  /** 1 where the value is null. */
  private readonly nulls: Uint8Array | null;

  constructor(values: readonly (string | null)[]) {
    this.bytes = Buffer.from(values.map((value) => value ?? '').join(SEPARATOR));
    this.starts = new Int32Array(values.length + 1);
    let at = 0;
    for (let i = 0; i < values.length; i++) {
      this.starts[i] = at;
      at += Buffer.byteLength(values[i] ?? '') + 1;
    }
    this.starts[values.length] = at;
    this.nulls = values.includes(null) ? Uint8Array.from(values, (value) => (value === null ? 1 : 0)) : null;
  }

  get size(): number {
    return this.starts.length - 1;
  }

  get(index: number): string | null {
    if (this.nulls?.[index]) return null;
    return this.bytes.toString('utf8', this.starts[index]!, this.starts[index + 1]! - 1);
  }

  /** A test of whether a value is exactly `value`, comparing bytes without making strings. */
  equalTo(value: string): (index: number) => boolean {
    const wanted = Buffer.from(value);
    return (index) => {
      if (this.nulls?.[index]) return false;
      const start = this.starts[index]!;
      const end = this.starts[index + 1]! - 1;
      return end - start === wanted.length && this.bytes.compare(wanted, 0, wanted.length, start, end) === 0;
    };
  }

  /** 1 for each value that contains `needle`, found by searching the one buffer. */
  containing(needle: string): Uint8Array {
    const found = new Uint8Array(this.size);
    if (needle === '') return found.map((_, index) => (this.nulls?.[index] ? 0 : 1));
    if (needle.includes(SEPARATOR)) return found;
    const wanted = Buffer.from(needle);
    let from = 0;
    let index = 0;
    for (;;) {
      const at = this.bytes.indexOf(wanted, from);
      if (at < 0) break;
      // The value holding `at`: starts only grow, so the search goes on from the last one found.
      while (this.starts[index + 1]! <= at) index++;
      if (!this.nulls?.[index]) found[index] = 1;
      // One match per value is enough: go on from the next value.
      from = this.starts[index + 1]!;
    }
    return found;
  }
}
