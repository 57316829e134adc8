import type { Platform } from '../platform.js';
import { withInProcessFallback } from './redis-fallback.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './sliding-window-limiter.js';

/**
 * The limiter a feature counts with under `name`: shared by every instance through Redis when
 * REDIS_URL is set (in process while Redis is unavailable), in this process otherwise.
 */
export function createRateLimiter(
  platform: Pick<Platform, 'redis' | 'config' | 'metrics' | 'logger'>,
  name: string,
): RateLimiter {
  return platform.redis
    ? withInProcessFallback(
        createRedisRateLimiter(platform.redis, `${platform.config.redisPrefix}ratelimit:${name}:`),
        name,
        platform,
      )
    : createMemoryRateLimiter();
}
