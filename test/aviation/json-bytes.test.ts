import { describe, expect, it } from 'vitest';
import { JsonBytes } from '../../src/aviation/json-bytes.js';

describe('JsonBytes', () => {
  it('writes texts and copied bytes in order, growing past the size it was given', () => {
    const stored = Buffer.from('xx{"name":"Zürich ✈"}yy');
    const out = new JsonBytes(1);
    out
      .ascii('[')
      .copy(stored, 2, stored.length - 2)
      .ascii(',')
      .text('{"city":"Köln"}')
      .ascii(']');
    for (let i = 0; i < 100; i++) out.ascii(' ');
    const bytes = out.bytes();
    expect(JSON.parse(bytes.toString('utf8'))).toEqual([{ name: 'Zürich ✈' }, { city: 'Köln' }]);
    expect(bytes.length).toBe(Buffer.byteLength(`[{"name":"Zürich ✈"},{"city":"Köln"}]`) + 100);
  });

  it('hands over its bytes once: a later write goes to a new buffer', () => {
    const out = new JsonBytes(64);
    const first = out.ascii('{"a":1}').bytes();
    out.ascii('{"b":2}');
    expect(first.toString()).toBe('{"a":1}');
    expect(out.bytes().toString()).toBe('{"b":2}');
  });

  it('writes a whole number of thousandths as JavaScript prints the quotient', () => {
    const wholes = [
      0,
      1,
      7,
      10,
      70,
      99,
      100,
      500,
      999,
      1000,
      1001,
      1010,
      1100,
      12_500,
      20_039_999,
      10 ** 15 - 1,
      10 ** 15 - 1000,
      123_456_789_012_345,
    ];
    const seeded = Array.from({ length: 20_000 }, (_, i) => (i * 7_919_993) % 20_040_000);
    for (const n of [...wholes, ...seeded, ...Array.from({ length: 3_000 }, (_, i) => i)]) {
      const written = new JsonBytes(1).ascii('[').thousandths(n).ascii(']').bytes().toString();
      expect(written, `${n}`).toBe(`[${String(n / 1000)}]`);
    }
  });
});
