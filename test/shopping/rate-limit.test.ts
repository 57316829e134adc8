import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createRateLimiter } from '../../src/platform/rate-limit/rate-limiter.js';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from '../../src/platform/rate-limit/sliding-window-limiter.js';
import { createTestPlatform } from '../helpers/test-platform.js';
import { privateRedis, privateRedisUnavailable, sleep, waitUntil } from '../platform/fault-drills/children.js';
import { daysAhead, shoppingFixture, type ShoppingFixture } from './shopping-fixture.js';

let now = Date.now();
let f: ShoppingFixture;
beforeAll(async () => {
  f = await shoppingFixture({ clock: () => new Date(now) });
});
afterAll(async () => f?.close());

const search = { origin: 'JFK', destination: 'MIA', departure_date: daysAhead(30), adults: 1 };

/** A seeded sequence of gaps: bursts over the limit, then pauses, so windows start and end everywhere. */
function gaps(n: number): number[] {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, i) => (i % 80 < 70 ? Math.floor(rnd() * 200) : 3_000 + Math.floor(rnd() * 9_000)));
}

describe('search rate limit: 60 per rolling minute per agency, both endpoints together', () => {
  it('never admits more than 60 in any rolling 60 s, and never refuses when a slot is free', async () => {
    const warm = await f.search(search);
    expect(warm.statusCode).toBe(200);
    const admitted: number[] = [now];
    const refused: number[] = [];
    let i = 0;
    for (const gap of gaps(220)) {
      now += gap;
      // Alternate endpoints: they share one budget.
      const url = i++ % 3 === 0 ? '/v1/shopping/offers/stream' : '/v1/shopping/offers';
      const res = await f.app.inject({ method: 'POST', url, headers: { 'x-api-key': f.key }, payload: search });
      expect(res.headers['ratelimit-limit']).toBe('60');
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBe('60');
        expect(res.headers['ratelimit-remaining']).toBe('0');
        expect(res.json().error).toMatch(/more than 60 searches in the last minute/);
        refused.push(now);
      } else {
        expect(res.statusCode).toBe(200);
        admitted.push(now);
      }
    }
    const inWindow = (t: number) => admitted.filter((a) => a > t - 60_000 && a <= t).length;
    for (const t of admitted) expect(inWindow(t)).toBeLessThanOrEqual(60);
    // Exact: a refusal happens only when the window ending then already holds 60 admissions.
    for (const t of refused) expect(inWindow(t)).toBe(60);
    expect(refused.length).toBeGreaterThan(0);
    expect(admitted.length).toBeGreaterThan(60);
  });

  it('an agency with its own limit gets that limit; other agencies are unaffected', async () => {
    const other = await f.agencyWithKey();
    await sql`update agencies set search_rate_limit = 3 where id = ${other.agencyId}`.execute(f.platform.db);
    now += 120_000;
    const codes: number[] = [];
    for (let n = 0; n < 4; n++) codes.push((await f.search(search, other.secret)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await f.search(search)).statusCode).toBe(200);
  });
});

async function concurrentTakes(limiter: RateLimiter, key: string): Promise<number> {
  const at = Date.now();
  const results = await Promise.all(Array.from({ length: 150 }, (_, i) => limiter.take(key, 60, 60_000, at + (i % 5))));
  return results.filter((r) => r.allowed).length;
}

describe('sliding-window limiter', () => {
  it('in process: 150 simultaneous attempts admit exactly 60', async () => {
    expect(await concurrentTakes(createMemoryRateLimiter(), 'k')).toBe(60);
  });

  /** `peek` answers what `take` would, and admits nothing: checked against the same limiter's takes. */
  async function peekAgreesWithTake(limiter: RateLimiter, key: string) {
    const t0 = 1_000_000;
    expect(await limiter.peek(key, 2, 60_000, t0)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 0 });
    await limiter.take(key, 2, 60_000, t0);
    await limiter.take(key, 2, 60_000, t0 + 10_000);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.peek(key, 2, 60_000, t0 + 20_000)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 40 });
    }
    // The first admission leaves the window at t0 + 60 s: one slot again, and peeking took none of it.
    expect(await limiter.peek(key, 2, 60_000, t0 + 60_000)).toMatchObject({ allowed: true, remaining: 1 });
    expect((await limiter.take(key, 2, 60_000, t0 + 60_000)).allowed).toBe(true);
  }

  it('in process: peek decides as take would and admits nothing', async () => {
    await peekAgreesWithTake(createMemoryRateLimiter(), 'p');
  });

  it.runIf(inject('redisUrl'))('through Redis: peek decides as take would and admits nothing', async () => {
    const redis = new Redis(inject('redisUrl')!);
    try {
      await peekAgreesWithTake(createRedisRateLimiter(redis, `flightagg:test:${inject('runId')}:rl:`), `p${Date.now()}`);
    } finally {
      redis.disconnect();
    }
  });

  it.runIf(inject('redisUrl'))('through Redis: two instances sharing one key admit exactly 60 together', async () => {
    const a = new Redis(inject('redisUrl')!);
    const b = new Redis(inject('redisUrl')!);
    try {
      const prefix = `flightagg:test:${inject('runId')}:rl:`;
      const key = `k${Date.now()}`;
      const [x, y] = await Promise.all([
        concurrentTakes(createRedisRateLimiter(a, prefix), key),
        concurrentTakes(createRedisRateLimiter(b, prefix), key),
      ]);
      expect(x + y).toBe(60);
      const later = await createRedisRateLimiter(a, prefix).take(key, 60, 60_000, Date.now() + 61_000);
      expect(later.allowed).toBe(true);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });
});

describe('a shared limiter while Redis is unavailable', () => {
  const unavailable = privateRedisUnavailable();

  it.skipIf(unavailable !== null)(
    `keeps deciding in process within a second, counted per feature, and uses Redis again once it is back${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    async () => {
      const redisServer = await privateRedis();
      await redisServer.start();
      const logLines: string[] = [];
      const platform = await createTestPlatform({ env: { REDIS_URL: redisServer.url }, logLines });
      try {
        const limiter = createRateLimiter(platform, 'drill');
        const fallbacks = async () =>
          (await platform.metrics.redisFallbacks.get()).values.find((v) => v.labels.feature === 'drill')?.value ?? 0;
        const key = `k${Date.now()}`;
        const t0 = Date.now();
        expect((await limiter.take(key, 2, 60_000, t0)).allowed).toBe(true);
        expect(await fallbacks()).toBe(0);

        await redisServer.stop();
        const started = Date.now();
        // The in-process limiter starts empty and then holds the limit on its own.
        const decisions = [];
        for (let i = 0; i < 3; i++) decisions.push((await limiter.take(key, 2, 60_000, t0 + 1 + i)).allowed);
        expect(decisions).toEqual([true, true, false]);
        expect((await limiter.peek(key, 2, 60_000, t0 + 10)).allowed).toBe(false);
        expect(Date.now() - started).toBeLessThan(1_000);
        expect(await fallbacks()).toBe(4);
        expect(logLines.filter((l) => l.includes('rate limit enforced per instance'))).toHaveLength(1);

        await redisServer.start();
        await waitUntil('Redis answers the limiter again', 20_000, async () => {
          await platform.redis!.ping();
          return true;
        });
        await sleep(1_100); // past the pause after a failure, in which Redis is not asked
        const counted = await fallbacks();
        // Decided by Redis again: this one runs without persistence, so it restarted empty.
        const again = [];
        for (let i = 0; i < 3; i++) again.push((await limiter.take(key, 2, 60_000, t0 + 20 + i)).allowed);
        expect(again).toEqual([true, true, false]);
        expect(await fallbacks()).toBe(counted);
      } finally {
        await platform.close();
        await redisServer.stop();
      }
    },
    60_000,
  );
});
