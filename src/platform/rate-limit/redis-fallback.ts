import type { Platform } from '../platform.js';
import { failedDependency } from '../http/dependency-errors.js';
import { redisFallbackNotice } from '../redis-fallback-notice.js';
import { createMemoryRateLimiter, type RateLimiter } from './sliding-window-limiter.js';

// After Redis failed, the next decisions are made in process for this long before Redis is tried
// again: a Redis that hangs (rather than refuses) then costs one command time-out per second, not
// one per request.
export const RETRY_REDIS_AFTER_MS = 1_000;

/**
 * A shared limiter that keeps deciding while Redis is unavailable: each decision Redis cannot make
 * is made by an in-process limiter of the same shape, counted in
 * `flightagg_redis_fallback_total{feature}` and logged as a warning. The limit then holds per
 * instance instead of per cluster (N instances admit up to N times the limit) until Redis is back,
 * which is the choice made for every limiter (see docs/operations.md for why, limiter by limiter).
 */
export function withInProcessFallback(
  shared: RateLimiter,
  feature: string,
  platform: Pick<Platform, 'metrics' | 'logger'>,
): RateLimiter {
  const local = createMemoryRateLimiter();
  const notice = redisFallbackNotice(platform, feature, 'Redis unavailable: rate limit enforced per instance until it is back');
  let skipUntil = 0;

  const fellBack = (err: unknown) => {
    if (err !== null && failedDependency(err) !== 'redis') throw err;
    if (err !== null) skipUntil = Date.now() + RETRY_REDIS_AFTER_MS;
    notice();
  };

  const decide =
    (method: 'take' | 'peek'): RateLimiter['take'] =>
    async (key, limit, windowMs, nowMs) => {
      if (Date.now() < skipUntil) {
        fellBack(null);
        return local[method](key, limit, windowMs, nowMs);
      }
      try {
        return await shared[method](key, limit, windowMs, nowMs);
      } catch (err) {
        fellBack(err);
        return local[method](key, limit, windowMs, nowMs);
      }
    };

  return { take: decide('take'), peek: decide('peek') };
}
