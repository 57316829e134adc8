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
  const end = bytes.length;
  const out: string[] = [];
  let length = 0;
  let redacted = false;
  let pos = 0;
  // While above 0, values are read (and checked) without being written: a secret's value.
  let muted = 0;

  const onRedacted = () => {
    redacted = true;
  };
  const emit = (piece: string): boolean => {
    if (muted > 0) return true;
    out.push(piece);
    length += piece.length;
    return length <= maxChars;
  };
  const skipSpace = () => {
    while (pos < end) {
      const b = bytes[pos]!;
      if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return;
      pos++;
    }
  };
  const expect = (byte: number) => {
    if (bytes[pos] !== byte) throw new NotJson();
    pos++;
  };

  /**
   * The string token at `pos`, decoded. Multi-byte UTF-8 never holds a quote's or backslash's byte;
   * a token of plain ASCII up to the next quote (most of them) is its own text, anything else is
   * scanned for its closing quote and decoded by JSON.parse.
   */
  const readString = (): string => {
    const start = pos;
    expect(QUOTE);
    const next = bytes.indexOf(QUOTE, pos);
    if (next > 0) {
      const text = bytes.toString('latin1', pos, next);
      if (!NOT_PLAIN.test(text)) {
        pos = next + 1;
        return text;
      }
    }
    while (pos < end) {
      const b = bytes[pos]!;
      if (b === QUOTE) break;
      if (b < 0x20) throw new NotJson();
      pos += b === BACKSLASH ? 2 : 1;
    }
    expect(QUOTE);
    return JSON.parse(bytes.toString('utf8', start, pos)) as string;
  };

  /** A number or a literal at `pos`, parsed: JSON.parse checks its form. */
  const readBare = (): number | boolean | null => {
    const start = pos;
    while (pos < end) {
      const b = bytes[pos]!;
      // Digits, letters (true, false, null, exponents) and the signs and point of a number.
      if (!((b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7a) || b === 0x2d || b === 0x2b || b === 0x2e || b === 0x45)) break;
      pos++;
    }
    if (pos === start) throw new NotJson();
    return JSON.parse(bytes.toString('latin1', start, pos)) as number | boolean | null;
  };

  /** The value at `pos`, written (false once writing stopped past `maxChars`); `card` when it is a card field's. */
  const write = (depth: number, card = false): boolean => {
    if (depth > MAX_DEPTH) throw new NotJson();
    skipSpace();
    const b = bytes[pos];
    if (b === QUOTE) return emit(scalarJson(readString(), onRedacted));
    if (b === 0x5b) {
      pos++;
      if (!emit('[')) return false;
      skipSpace();
      if (bytes[pos] === 0x5d) {
        pos++;
        return emit(']');
      }
      for (let first = true; ; first = false) {
        if (!first && !emit(',')) return false;
        if (!write(depth + 1)) return false;
        skipSpace();
        if (bytes[pos] === 0x2c) pos++;
        else break;
      }
      expect(0x5d);
      return emit(']');
    }
    if (b === 0x7b) {
      pos++;
      if (!emit('{')) return false;
      skipSpace();
      if (bytes[pos] === 0x7d) {
        pos++;
        return emit('}');
      }
      for (let first = true; ; first = false) {
        if (!first && !emit(',')) return false;
        skipSpace();
        const key = readString();
        skipSpace();
        expect(0x3a);
        if (!emit(`${JSON.stringify(key)}:`)) return false;
        if (!field(key, depth + 1, card)) return false;
        skipSpace();
        if (bytes[pos] === 0x2c) pos++;
        else break;
      }
      expect(0x7d);
      return emit('}');
    }
    const bare = readBare();
    return emit(typeof bare === 'number' ? scalarJson(bare, onRedacted) : JSON.stringify(bare));
  };

  /** A field's value after its key: replaced when the rules say so, else written as any value. */
  const field = (key: string, depth: number, inCard: boolean): boolean => {
    skipSpace();
    const isNull = bytes[pos] === 0x6e && bytes.toString('latin1', pos, pos + 4) === 'null';
    if (inCard && key === 'number') {
      redacted = true;
      const b = bytes[pos];
      const scalar = b === QUOTE ? readString() : b === 0x7b || b === 0x5b ? skipped(depth) : readBare();
      return emit(scalarJson(cardNumber(scalar), onRedacted));
    }
    if (isSecretField(key, isNull)) {
      redacted = true;
      skipped(depth);
      return emit(JSON.stringify(REDACTED));
    }
    return write(depth, isCardField(key) && bytes[pos] === 0x7b);
  };

  /** Reads (and checks) the value at `pos` without writing it. */
  const skipped = (depth: number): undefined => {
    muted++;
    write(depth);
    muted--;
    return undefined;
  };

  try {
    const complete = write(0);
    if (complete) {
      skipSpace();
      if (pos !== end) return null;
    }
    return { text: out.join(''), complete, redacted, unreadBytes: complete ? 0 : end - pos };
  } catch (err) {
    if (err instanceof NotJson || err instanceof SyntaxError) return null;
    throw err;
  }
}
