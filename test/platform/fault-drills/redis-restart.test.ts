import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { daysAhead } from '../../shopping/shopping-fixture.js';
import {
  call,
  privateRedis,
  privateRedisUnavailable,
  sleep,
  startGateway,
  waitUntil,
  type Gateway,
  type PrivateRedis,
} from './children.js';
import { seedAccount, type DrillAccount } from './seed.js';

const skip = !inject('databaseUrl')
  ? 'fault drills run on PostgreSQL + Redis only (this run is on embedded PGlite)'
  : privateRedisUnavailable();

/** A Redis answer, even while Redis is away, comes within this (the command time-out is 500 ms). */
const PROMPT_MS = 1_500;

/**
 * Redis killed and started again under a running gateway. As docs/operations.md decides per
 * feature: search skips the cache and answers from the airline, every limiter falls back to the
 * in-process one (counted), readiness says 503; all within a second, no 500. Back to normal,
 * cache included, once Redis is back.
 */
describe.skipIf(skip !== null)(`fault drill: Redis stopped and started${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let redis: PrivateRedis;
  let gateway: Gateway;
  let account: DrillAccount;

  beforeAll(async () => {
    redis = await privateRedis();
    await redis.start();
    account = await seedAccount(inject('databaseUrl')!, inject('keyring'));
    gateway = await startGateway({
      DATABASE_URL: inject('databaseUrl')!,
      KEYRING: inject('keyring'),
      REDIS_URL: redis.url,
      REDIS_PREFIX: `flightagg:drill:${crypto.randomBytes(4).toString('hex')}:`,
    });
  }, 240_000);

  afterAll(async () => {
    await gateway?.stop();
    await redis?.stop();
  });

  const query = { origin: 'JFK', destination: 'MIA', departure_date: daysAhead(40), adults: 1 };
  const search = () =>
    call(`${gateway.url}/v1/shopping/offers`, { method: 'POST', headers: { 'x-api-key': account.key }, body: query });
  const login = (password = account.password) =>
    call(`${gateway.url}/v1/dev/login`, { method: 'POST', body: { email: account.email, password } });
  const subscribe = () => call(`${gateway.url}/v1/subscribe`, { method: 'POST', body: { email: 'someone@example.com' } });
  const ready = () => call(`${gateway.url}/v1/health/ready`);
  const fallbacks = async () => {
    const text = await (await fetch(`${gateway.url}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const counts: Record<string, number> = {};
    for (const [, feature, value] of text.matchAll(/^flightagg_redis_fallback_total\{feature="([^"]+)"\} (\d+)/gm)) {
      counts[feature!] = Number(value);
    }
    return counts;
  };

  it('answers within a second without Redis, as documented per feature, and uses Redis again once it is back', async () => {
    expect((await search()).headers.get('x-cache')).toBe('MISS');
    expect((await search()).headers.get('x-cache')).toBe('HIT');
    expect((await login()).status).toBe(200);
    expect((await subscribe()).status).toBe(200);
    expect((await ready()).status).toBe(200);
    expect(await fallbacks()).toEqual({});

    await redis.stop();
    await sleep(300);

    const readiness = await ready();
    expect(readiness.status).toBe(503);
    expect(readiness.body).toMatchObject({ checks: { redis: 'failing', database: 'ok' } });

    // Search: the cache is skipped (a miss), the airline answers.
    const searched = await search();
    expect(searched.status, JSON.stringify(searched.body)).toBe(200);
    expect(searched.headers.get('x-cache')).toBe('MISS');
    expect(searched.ms).toBeLessThan(PROMPT_MS);
    // Sign-in, its failure budget and the public forms: the in-process limiter decides.
    for (const [attempt, status] of [
      [() => login(), 200],
      [() => login('not-the-password-at-all'), 401],
      [subscribe, 200],
    ] as const) {
      const res = await attempt();
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.ms).toBeLessThan(PROMPT_MS);
    }
    expect(await fallbacks()).toMatchObject({
      search: expect.any(Number),
      'search-cache': expect.any(Number),
      'login-failures': expect.any(Number),
      subscribe: expect.any(Number),
    });

    await redis.start();
    await waitUntil('readiness 200 after Redis is back', 20_000, async () => (await ready()).status === 200);
    await sleep(1_100); // past the pause after a failure in which a limiter does not ask Redis
    const before = await fallbacks();
    expect((await search()).status).toBe(200);
    expect((await search()).headers.get('x-cache')).toBe('HIT');
    expect((await login()).status).toBe(200);
    expect(await fallbacks()).toEqual(before);

    expect(gateway.child.exitCode).toBeNull();
    const output = gateway.output();
    // Structured warnings through the logger, never ioredis' own lines on stderr, never a 500.
    expect(output).not.toMatch(/\[ioredis\]|Unhandled error event|"statusCode":500|unhandled error/);
    expect(output).toContain('Redis unavailable: rate limit enforced per instance until it is back');
    expect(output).toContain('redis connection restored');
  }, 120_000);
});
