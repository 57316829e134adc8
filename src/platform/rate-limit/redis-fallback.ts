import type { Platform } from '../platform.js';
import { failedDependency } from '../http/dependency-errors.js';
import { redisFallbackNotice } from '../redis-fallback-notice.js';
import { createMemoryRateLimiter, type RateLimiter } from './sliding-window-limiter.js';

// After Redis failed, the next decisions are made in process for this long before Redis is tried
// again: a Redis that hangs (rather than refuses) then costs one command time-out per second, not
// one per request.
export const RETRY_REDIS_AFTER_MS = 1_000;

const PER_INSTANCE = 'Redis unavailable: rate limit enforced per instance until it is back';

/**
 * Runs a decision in Redis, or in process while Redis is unavailable. A failure of Redis (and only
 * that: any other error is thrown) sends this and the next RETRY_REDIS_AFTER_MS of decisions to
 * the in-process stand-in; each of those is counted in `flightagg_redis_fallback_total{feature}`
 * and warned about (redis-fallback-notice.ts). The limit then holds per instance instead of per
 * cluster (N instances admit up to N times the limit) until Redis is back, which is the choice made
 * for every limiter (see docs/operations.md for why, limiter by limiter).
 */
export function redisOrInProcess(feature: string, platform: Pick<Platform, 'metrics' | 'logger'>) {
  const notice = redisFallbackNotice(platform, feature, PER_INSTANCE);
  let skipUntil = 0;
  return async function decide<T>(inRedis: () => Promise<T>, inProcess: () => Promise<T>): Promise<T> {
    if (Date.now() >= skipUntil) {
      try {
        return await inRedis();
      } catch (err) {
        if (failedDependency(err) !== 'redis') throw err;
        skipUntil = Date.now() + RETRY_REDIS_AFTER_MS;
      }
    }
    notice();
    return inProcess();
  };
}

/** A shared limiter that keeps deciding while Redis is unavailable (redisOrInProcess). */
export function withInProcessFallback(
  shared: RateLimiter,
  feature: string,
  platform: Pick<Platform, 'metrics' | 'logger'>,
): RateLimiter {
  const local = createMemoryRateLimiter();
  const decide = redisOrInProcess(feature, platform);
  return {
    take: (key, limit, windowMs, nowMs) =>
      decide(
        () => shared.take(key, limit, windowMs, nowMs),
        () => local.take(key, limit, windowMs, nowMs),
      ),
    peek: (key, limit, windowMs, nowMs) =>
      decide(
        () => shared.peek(key, limit, windowMs, nowMs),
        () => local.peek(key, limit, windowMs, nowMs),
      ),
  };
}
