import { cardNumber, isCardField, isSecretField, REDACTED, scalarJson, type RedactedJson } from './body-redaction.js';

/** What a JSON text's first part came to: its redacted compact JSON, and the bytes not read. */
export interface RedactedPrefix extends RedactedJson {
  /** Bytes of the text after the point where writing stopped (0 when `complete`). */
  unreadBytes: number;
}

/** Nesting deeper than this is not read (the body parser refuses far less; JSON.parse would overflow its stack). */
const MAX_DEPTH = 512;

class NotJson extends Error {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
// What makes a string token more than its own text: an escape, a control character, a byte of multi-byte UTF-8.
const NOT_PLAIN = /[\\\x00-\x1f\x80-\xff]/;

/**
 * Writes the first part of a JSON text as `serializeRedacted` writes its parsed value (compact,
 * the same redaction rules) but reading the text token by token and stopping once past `maxChars`
 * characters of output, so a 450 KB search answer costs the 16 KB the request log keeps rather
 * than a parse of all of it and a serialisation to count it (about 6 ms on this kind of machine).
 * What is read is checked as JSON; what is not read is not. Null when what was read is not JSON.
 *
 * Two differences from parsing first, both where a parse would rewrite the text rather than where
 * a secret could slip through: fields keep the text's order (a parsed object puts integer-like keys
 * first) and a repeated key is written each time (a parse keeps the last).
 */
export function redactedJsonPrefix(bytes: Buffer, maxChars: number): RedactedPrefix | null {
  const writer = new PrefixWriter(bytes, maxChars);
  try {
    const complete = writer.write(0);
    if (complete && !writer.atEnd()) return null;
    return { text: writer.text(), complete, redacted: writer.redacted, unreadBytes: complete ? 0 : bytes.length - writer.pos };
  } catch (err) {
    if (err instanceof NotJson || err instanceof SyntaxError) return null;
    throw err;
  }
}

/** The reader and writer of one text: where it is in the bytes, and what it wrote so far. */
class PrefixWriter {
  pos = 0;
  redacted = false;
  private readonly out: string[] = [];
  private length = 0;
  // While above 0, values are read (and checked) without being written: a secret's value.
  private muted = 0;
  private readonly onRedacted = () => {
    this.redacted = true;
  };

  constructor(
    private readonly bytes: Buffer,
    private readonly maxChars: number,
  ) {}

  text(): string {
    return this.out.join('');
  }

  /** Only layout whitespace is left after the value. */
  atEnd(): boolean {
    this.skipSpace();
    return this.pos === this.bytes.length;
  }

  /** The value at `pos`, written (false once writing stopped past `maxChars`); `card` when it is a card field's. */
  write(depth: number, card = false): boolean {
    if (depth > MAX_DEPTH) throw new NotJson();
    this.skipSpace();
    const b = this.bytes[this.pos];
    if (b === QUOTE) return this.emit(scalarJson(this.readString(), this.onRedacted));
    if (b === 0x5b) return this.writeArray(depth);
    if (b === 0x7b) return this.writeObject(depth, card);
    const bare = this.readBare();
    return this.emit(typeof bare === 'number' ? scalarJson(bare, this.onRedacted) : JSON.stringify(bare));
  }

  private writeArray(depth: number): boolean {
    this.pos++;
    if (!this.emit('[')) return false;
    if (!this.closes(0x5d)) {
      for (let first = true; ; first = false) {
        if (!first && !this.emit(',')) return false;
        if (!this.write(depth + 1)) return false;
        if (!this.next()) break;
      }
      this.expect(0x5d);
    }
    return this.emit(']');
  }

  private writeObject(depth: number, card: boolean): boolean {
    this.pos++;
    if (!this.emit('{')) return false;
    if (!this.closes(0x7d)) {
      for (let first = true; ; first = false) {
        if (!first && !this.emit(',')) return false;
        this.skipSpace();
        const key = this.readString();
        this.skipSpace();
        this.expect(0x3a);
        if (!this.emit(`${JSON.stringify(key)}:`)) return false;
        if (!this.field(key, depth + 1, card)) return false;
        if (!this.next()) break;
      }
      this.expect(0x7d);
    }
    return this.emit('}');
  }

  /** A field's value after its key: replaced when the rules say so, else written as any value. */
  private field(key: string, depth: number, inCard: boolean): boolean {
    this.skipSpace();
    const { bytes, pos } = this;
    if (inCard && key === 'number') {
      this.redacted = true;
      const b = bytes[pos];
      const scalar = b === QUOTE ? this.readString() : b === 0x7b || b === 0x5b ? this.skipped(depth) : this.readBare();
      return this.emit(scalarJson(cardNumber(scalar), this.onRedacted));
    }
    const isNull = bytes[pos] === 0x6e && bytes.toString('latin1', pos, pos + 4) === 'null';
    if (isSecretField(key, isNull)) {
      this.redacted = true;
      this.skipped(depth);
      return this.emit(JSON.stringify(REDACTED));
    }
    return this.write(depth, isCardField(key) && bytes[pos] === 0x7b);
  }

  /** Reads (and checks) the value at `pos` without writing it. */
  private skipped(depth: number): undefined {
    this.muted++;
    this.write(depth);
    this.muted--;
    return undefined;
  }

  /**
   * The string token at `pos`, decoded. Multi-byte UTF-8 never holds a quote's or backslash's byte;
   * a token of plain ASCII up to the next quote (most of them) is its own text, anything else is
   * scanned for its closing quote and decoded by JSON.parse.
   */
  private readString(): string {
    const { bytes } = this;
    const start = this.pos;
    this.expect(QUOTE);
    const next = bytes.indexOf(QUOTE, this.pos);
    if (next > 0) {
      const text = bytes.toString('latin1', this.pos, next);
      if (!NOT_PLAIN.test(text)) {
        this.pos = next + 1;
        return text;
      }
    }
    while (this.pos < bytes.length) {
      const b = bytes[this.pos]!;
      if (b === QUOTE) break;
      if (b < 0x20) throw new NotJson();
      this.pos += b === BACKSLASH ? 2 : 1;
    }
    this.expect(QUOTE);
    return JSON.parse(bytes.toString('utf8', start, this.pos)) as string;
  }

  /** A number or a literal at `pos`, parsed: JSON.parse checks its form. */
  private readBare(): number | boolean | null {
    const { bytes } = this;
    const start = this.pos;
    while (this.pos < bytes.length) {
      const b = bytes[this.pos]!;
      // Digits, letters (true, false, null, exponents) and the signs and point of a number.
      if (!((b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7a) || b === 0x2d || b === 0x2b || b === 0x2e || b === 0x45)) break;
      this.pos++;
    }
    if (this.pos === start) throw new NotJson();
    return JSON.parse(bytes.toString('latin1', start, this.pos)) as number | boolean | null;
  }

  /** Whether the container just opened closes at once with `closer` (read past it if so). */
  private closes(closer: number): boolean {
    this.skipSpace();
    if (this.bytes[this.pos] !== closer) return false;
    this.pos++;
    return true;
  }

  /** Whether another member follows (its comma read past). */
  private next(): boolean {
    this.skipSpace();
    if (this.bytes[this.pos] !== 0x2c) return false;
    this.pos++;
    return true;
  }

  private emit(piece: string): boolean {
    if (this.muted > 0) return true;
    this.out.push(piece);
    this.length += piece.length;
    return this.length <= this.maxChars;
  }

  private skipSpace(): void {
    const { bytes } = this;
    while (this.pos < bytes.length) {
      const b = bytes[this.pos]!;
      if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return;
      this.pos++;
    }
  }

  private expect(byte: number): void {
    if (this.bytes[this.pos] !== byte) throw new NotJson();
    this.pos++;
  }
}
