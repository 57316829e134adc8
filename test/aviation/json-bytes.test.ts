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
});
