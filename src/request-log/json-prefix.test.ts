import { describe, expect, it } from 'vitest';
import { serializeRedacted } from './body-redaction.js';
import { BODY_MAX_BYTES, renderBody, truncationMarker } from './body-render.js';
import { redactedJsonPrefix } from './json-prefix.js';

const CARD = '4111111111111111';
const KEY = `fa_live_${'A1b2C3d4E5'.repeat(4)}xyz`;

/** Values of every shape the rules look at, made from a seed so each run writes the same ones. */
function sampleValue(seed: number, depth = 0): unknown {
  const pick = (seed * 7919 + depth * 104_729) % 23;
  if (depth > 3 || pick < 6) {
    const scalars: unknown[] = [
      'plain',
      `card ${CARD} here`,
      'é "quoted" \\ back\nline \u0001 ☃',
      KEY,
      'Bearer abc.def',
      4111111111111111,
      -12.5e3,
      0,
      true,
      false,
      null,
      '',
    ];
    return scalars[(seed + depth) % scalars.length];
  }
  if (pick < 12) return Array.from({ length: (seed % 4) + (pick % 2) }, (_, i) => sampleValue(seed + i + 1, depth + 1));
  const names = ['offer_id', 'password', 'card', 'number', 'api_key', 'token', 'given_name', 'expiry', 'total', 'nested'];
  const value: Record<string, unknown> = {};
  for (let i = 0; i < (seed % 5) + 1; i++) {
    const name = names[(seed + i * 3) % names.length]!;
    value[name] =
      name === 'card' ? { number: sampleValue(seed + i, 9), holder_name: 'ADA' } : sampleValue(seed * 31 + i, depth + 1);
  }
  return value;
}

describe("the request log's reading of a long body as far as it keeps", () => {
  it('writes what a parse and serializeRedacted write: the same text, redaction and completeness', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const value = sampleValue(seed);
      const text = JSON.stringify(value);
      for (const max of [Infinity, 40]) {
        const parsed = serializeRedacted(JSON.parse(text), max);
        const read = redactedJsonPrefix(Buffer.from(text), max);
        expect(read, text).not.toBeNull();
        expect({ text: read!.text, complete: read!.complete }, text).toEqual({ text: parsed.text, complete: parsed.complete });
        if (parsed.complete) expect(read!.redacted, text).toBe(parsed.redacted);
        expect(read!.text).not.toContain(CARD);
        expect(read!.text).not.toContain(KEY);
      }
    }
  });

  it('writes compact JSON of text with spaces, and refuses what is not JSON in the part it reads', () => {
    expect(redactedJsonPrefix(Buffer.from(' { "a" : [ 1 , "x" ] , "b" : { } , "c" : [ ] } '), Infinity)).toEqual({
      text: '{"a":[1,"x"],"b":{},"c":[]}',
      complete: true,
      redacted: false,
      unreadBytes: 0,
    });
    for (const bad of ['{oops', '{"a":1,}', '[1 2]', '{"a" 1}', '"open', '01', '{"a":tru}', '[1]x', '"tab\there"', '']) {
      expect(redactedJsonPrefix(Buffer.from(bad), Infinity), bad).toBeNull();
    }
    expect(redactedJsonPrefix(Buffer.from(`${'['.repeat(600)}${']'.repeat(600)}`), Infinity)).toBeNull();
  });

  it("skips a secret's whole value, brackets and quotes inside it included, and keeps a null one", () => {
    const text = '{"password":{"a":["]}",{"b":"\\"}"}]},"token":null,"next":"kept"}';
    expect(redactedJsonPrefix(Buffer.from(text), Infinity)).toMatchObject({
      text: '{"password":"[redacted]","token":null,"next":"kept"}',
      redacted: true,
    });
  });

  it('stops reading past the bound: a long body whose tail is not JSON still keeps its first part', () => {
    const offers = Array.from({ length: 2_000 }, (_, i) => ({ offer_id: `off_${i}`, card: { number: CARD } }));
    const whole = JSON.stringify({ offers });
    const broken = Buffer.from(`${whole.slice(0, -10)}!! not json`);
    const read = redactedJsonPrefix(broken, BODY_MAX_BYTES)!;
    expect(read.complete).toBe(false);
    expect(read.unreadBytes).toBeGreaterThan(broken.length - 2 * BODY_MAX_BYTES);
    expect(read.text).toContain('"number":"************1111"');

    // As the log stores it: 16 KB, what was cut counted exactly (compact JSON, masking keeps lengths).
    const stored = renderBody({ payload: broken, contentType: 'application/json' });
    const kept = stored.text!.slice(0, -truncationMarker(stored.droppedBytes).length);
    expect(Buffer.byteLength(kept)).toBe(BODY_MAX_BYTES);
    expect(stored.droppedBytes).toBe(broken.length - BODY_MAX_BYTES);
    expect(stored.text).not.toContain(CARD);
  });

  it('decodes UTF-8 across the whole body and cuts on a character boundary', () => {
    const long = JSON.stringify({ names: Array.from({ length: 3_000 }, (_, i) => `Zoë ${i} 東京`) });
    const stored = renderBody({ payload: Buffer.from(long), contentType: 'application/json' });
    const kept = stored.text!.slice(0, -truncationMarker(stored.droppedBytes).length);
    expect(long.startsWith(kept)).toBe(true);
    expect(Buffer.byteLength(kept) + stored.droppedBytes).toBe(Buffer.byteLength(long));
  });
});
