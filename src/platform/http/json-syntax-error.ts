/**
 * Where a body that JSON.parse refused first goes wrong, and what is wrong there, in words a
 * developer can act on. V8's own messages name no position for most mistakes and quote the body,
 * which the contract forbids; this names the place (line, column and character offset) and the
 * mistake, never the body's text beyond the one structural character expected there.
 *
 * Only called after JSON.parse failed, on a body whose nesting is already bounded
 * (json-body-parser.ts), so the recursion is shallow and its cost is never paid by a valid body.
 */
export interface JsonSyntaxError {
  line: number;
  column: number;
  /** Characters before the mistake (0-based). */
  offset: number;
  /** What is wrong there and what to write instead. */
  problem: string;
}

class Mistake extends Error {
  constructor(
    readonly at: number,
    readonly problem: string,
  ) {
    super(problem);
  }
}

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const VALUE_WORDS = 'a value (a string in double quotes, a number, an object, an array, true, false or null)';

/** A JSON validator that stops at the first mistake. */
class Scanner {
  private i = 0;
  constructor(private readonly text: string) {}

  run(): void {
    if (this.text.charCodeAt(0) === 0xfeff) throw new Mistake(0, 'the body starts with a byte-order mark: remove it');
    this.value();
    this.space();
    if (this.i < this.text.length) throw new Mistake(this.i, 'unexpected text after the JSON value: send one value only');
  }

  private space(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i]!)) this.i++;
  }

  private endOr(problem: string): never {
    if (this.i >= this.text.length)
      throw new Mistake(this.i, 'the body ends before the JSON does: a closing bracket or quote is missing');
    throw new Mistake(this.i, problem);
  }

  private value(): void {
    this.space();
    const c = this.text[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    if (c === "'") throw new Mistake(this.i, 'strings take double quotes ("), not single quotes');
    this.endOr(`expected ${VALUE_WORDS}`);
  }

  private object(): void {
    this.i++;
    this.space();
    if (this.text[this.i] === '}') {
      this.i++;
      return;
    }
    for (;;) {
      this.space();
      const c = this.text[this.i];
      if (c === '}') throw new Mistake(this.i, 'a comma before "}": remove the trailing comma');
      if (c === "'") throw new Mistake(this.i, 'property names take double quotes ("), not single quotes');
      if (c !== '"') this.endOr('expected a property name in double quotes');
      this.string();
      this.space();
      if (this.text[this.i] !== ':') this.endOr('expected ":" after the property name');
      this.i++;
      this.value();
      this.space();
      const after = this.text[this.i];
      if (after === '}') {
        this.i++;
        return;
      }
      if (after !== ',') this.endOr('expected "," or "}" after the property value (a comma missing?)');
      this.i++;
    }
  }

  private array(): void {
    this.i++;
    this.space();
    if (this.text[this.i] === ']') {
      this.i++;
      return;
    }
    for (;;) {
      this.space();
      if (this.text[this.i] === ']') throw new Mistake(this.i, 'a comma before "]": remove the trailing comma');
      this.value();
      this.space();
      const after = this.text[this.i];
      if (after === ']') {
        this.i++;
        return;
      }
      if (after !== ',') this.endOr('expected "," or "]" after the array item (a comma missing?)');
      this.i++;
    }
  }

  private string(): void {
    this.i++;
    for (;;) {
      if (this.i >= this.text.length) throw new Mistake(this.i, 'the body ends inside a string: a closing quote is missing');
      const code = this.text.charCodeAt(this.i);
      if (code === 34) {
        this.i++;
        return;
      }
      if (code < 0x20)
        throw new Mistake(this.i, 'a control character (a line break or tab) inside a string: write it as \\n or \\t');
      if (code === 92) {
        const next = this.text[this.i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 2, this.i + 6)))
            throw new Mistake(this.i, 'a \\u escape takes four hexadecimal digits');
          this.i += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next))
          throw new Mistake(
            this.i,
            'an unknown escape in a string: use \\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hex digits',
          );
        this.i += 2;
        continue;
      }
      this.i++;
    }
  }

  private number(): void {
    NUMBER.lastIndex = this.i;
    const match = NUMBER.exec(this.text);
    if (!match) throw new Mistake(this.i, 'a number is malformed: digits expected');
    this.i += match[0].length;
    const next = this.text[this.i];
    if (next !== undefined && /[0-9.eE]/.test(next))
      throw new Mistake(this.i, 'a number is malformed (leading zero, or a point or exponent without digits)');
  }
}

/** The first mistake of `text`, or null when it is valid JSON after all. */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  try {
    new Scanner(text).run();
    return null;
  } catch (err) {
    if (!(err instanceof Mistake)) throw err;
    const before = text.slice(0, err.at);
    const lineStart = before.lastIndexOf('\n') + 1;
    const line = before.split('\n').length;
    return { line, column: err.at - lineStart + 1, offset: err.at, problem: err.problem };
  }
}
