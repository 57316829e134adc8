/**
 * An answer's JSON written straight into bytes: stored records are copied from where they are
 * kept as UTF-8 (a text store's buffer) and the punctuation around them is written beside them.
 * A list page made as a string instead decoded every record to a string, joined them, and then
 * had its length measured and the whole text encoded again to be sent; a radius page is 15-30 KB.
 */
export class JsonBytes {
  private buffer: Buffer;
  private used = 0;

  /** `capacity`: the bytes expected; the buffer grows past it when needed. */
  constructor(capacity: number) {
    this.buffer = Buffer.allocUnsafe(Math.max(64, capacity));
  }

  /** Appends JSON text made here (punctuation, keys, numbers, `JSON.stringify` output). */
  text(json: string): this {
    // A UTF-8 character is at most 3 bytes per UTF-16 unit, so this much room always suffices.
    this.reserve(json.length * 3);
    this.used += this.buffer.write(json, this.used, 'utf8');
    return this;
  }

  /**
   * Appends a short text of ASCII characters only (punctuation, keys, numbers), a byte each: for
   * a few characters a loop costs less than Buffer.write's own checks.
   */
  ascii(text: string): this {
    this.reserve(text.length);
    const buffer = this.buffer;
    let at = this.used;
    for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
    this.used = at;
    return this;
  }

  /**
   * Appends `n / 1000` for a whole number `0 <= n < 10^15` as JSON, exactly as `String(n / 1000)`
   * prints it ("12.5", "0.007", "3"): the integer and up to three decimals, trailing zeros
   * dropped. With at most 15 significant digits, the quotient is the double nearest that decimal
   * and no shorter decimal is as near, so JavaScript's shortest printing gives these very digits.
   * Written as bytes because converting each distance to a string was a large share of a radius
   * page's CPU.
   */
  thousandths(n: number): this {
    const whole = Math.floor(n / 1000);
    let fraction = n - whole * 1000;
    // At most 12 digits before the point, the point and three after it.
    this.reserve(16);
    const buffer = this.buffer;
    let at = this.used;
    // The integer part's digits, written backwards into place.
    let digits = 1;
    for (let rest = whole; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    let rest = whole;
    for (let i = digits - 1; i >= 0; i--) {
      const next = Math.floor(rest / 10);
      buffer[at + i] = 48 + rest - next * 10;
      rest = next;
    }
    at += digits;
    if (fraction !== 0) {
      buffer[at++] = 46; // '.'
      let place = 100;
      while (fraction !== 0) {
        const digit = Math.floor(fraction / place);
        buffer[at++] = 48 + digit;
        fraction -= digit * place;
        place /= 10;
      }
    }
    this.used = at;
    return this;
  }

  /** Appends `source[start, end)`, JSON already. */
  copy(source: Buffer, start: number, end: number): this {
    this.reserve(end - start);
    this.used += source.copy(this.buffer, this.used, start, end);
    return this;
  }

  /** The bytes written: a view of this writer's buffer, which nothing writes into afterwards. */
  bytes(): Buffer {
    const written = this.buffer.subarray(0, this.used);
    this.buffer = Buffer.alloc(0);
    this.used = 0;
    return written;
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.used + bytes));
    this.buffer.copy(grown, 0, 0, this.used);
    this.buffer = grown;
  }
}
