import { describe, expect, it } from 'vitest';
import type { RequestFacts } from '../../src/request-log/request-facts.js';
import { RequestRing } from '../../src/request-log/request-ring.js';

const facts = (n: number, over: Partial<RequestFacts> = {}): RequestFacts => ({
  atMs: 1_800_000_000_000 + n + 0.5,
  agencyId: 'agc_ring',
  apiKeyId: n % 2 ? 'key_odd' : null,
  userId: n % 2 ? null : 'usr_even',
  environment: n % 3 ? 'test' : 'live',
  method: 'GET',
  route: '/v1/aviation/airports/:code',
  path: `/v1/aviation/airports/A${n}`,
  status: n % 5 ? 200 : 404,
  durationMs: n / 100,
  requestId: `req_ring_${n}`,
  errorCode: n % 5 ? null : 'airport_not_found',
  ...over,
});

describe('the request ring', () => {
  it('gives back exactly what was recorded, across its wrap-around, and lets go of what was released', () => {
    const ring = new RequestRing(4);
    for (let n = 0; n < 3; n++) ring.push(facts(n));
    expect(ring.read(0, 3)).toEqual([facts(0), facts(1), facts(2)]);
    ring.release(2);
    expect([ring.start, ring.end, ring.size]).toEqual([2, 3, 1]);
    // Slots 3, 4 and 5 wrap around the four places.
    for (let n = 3; n < 6; n++) ring.push(facts(n));
    expect(ring.read(2, 6)).toEqual([2, 3, 4, 5].map((n) => facts(n)));
    expect(() => ring.push(facts(6))).toThrow(/full/);
    expect(() => ring.read(1, 3)).toThrow(/not all kept/);
    ring.release(6);
    expect(ring.size).toBe(0);
    ring.push(facts(7));
    expect(ring.read(6, 7)).toEqual([facts(7)]);
  });

  it('keeps its string table bounded while rows are dropped unwritten', () => {
    const ring = new RequestRing(3);
    // Storage down: every row has a distinct path, and the oldest are dropped one at a time.
    for (let n = 0; n < 200; n++) {
      if (ring.size === 3) ring.release(ring.start + 1);
      ring.push(facts(n));
    }
    expect(ring.read(197, 200)).toEqual([197, 198, 199].map((n) => facts(n)));
    const table = (ring as unknown as { strings: string[] }).strings;
    expect(table.length).toBeLessThanOrEqual(3 * 8 + 8);
  });
});
