import { createHash } from 'node:crypto';
import type { Platform } from '../platform/platform.js';
import { createMemoryCache, createRedisCache, type ByteCache } from '../platform/cache/byte-cache.js';
import { failedDependency } from '../platform/http/dependency-errors.js';
import { redisFallbackNotice } from '../platform/redis-fallback-notice.js';
import type { SearchRequest } from './search-validation.js';

/** Redis when configured (shared by every instance), in process otherwise. */
export function createSearchCache(platform: Platform): ByteCache {
  return platform.redis
    ? skippedWhileRedisFails(createRedisCache(platform.redis, searchCacheRedisKey(platform, '')), platform)
    : createMemoryCache({ maxBytes: platform.config.search.cacheMemoryMb * 1024 * 1024, now: () => platform.clock().getTime() });
}

/** The Redis key a cached search is stored under (the search rate limit's script reads it too). */
export function searchCacheRedisKey(platform: Pick<Platform, 'config'>, key: string): string {
  return `${platform.config.redisPrefix}search:${key}`;
}

/**
 * The cache is an optimisation: while Redis is unavailable a read is a miss and a write is
 * skipped, so searches go to the airlines (within Redis' command time-out, ~0.5 s at worst) instead
 * of failing. Counted in `flightagg_redis_fallback_total{feature="search-cache"}`.
 */
function skippedWhileRedisFails(cache: ByteCache, platform: Pick<Platform, 'metrics' | 'logger'>): ByteCache {
  const notice = redisFallbackNotice(platform, 'search-cache', 'Redis unavailable: searches skip the cache until it is back');
  const skip = (err: unknown) => {
    if (failedDependency(err) !== 'redis') throw err;
    notice();
  };
  return {
    get: (key) =>
      cache.get(key).catch((err: unknown) => {
        skip(err);
        return null;
      }),
    set: (key, value, ttlMs) => cache.set(key, value, ttlMs).catch(skip),
    delete: (key) => cache.delete(key).catch(skip),
  };
}

/**
 * What a cached result holds changes with releases (offer ids became signed `AA|2.` ids; offers
 * gained hold eligibility, itemised taxes, then fare conditions per slice and passenger type; answers gained currency warnings): a new
 * format gets new keys, so instances of a new release never serve what an old one cached.
 */
const CACHED_FORMAT = 'offers-v6';

/** Identical searches share a key: same environment, slices, passengers, cabin and filters. */
export function searchCacheKey(request: SearchRequest, environment: 'test' | 'live'): string {
  const { query } = request;
  const canonical = JSON.stringify([
    CACHED_FORMAT,
    environment,
    query.slices.map((s) => [s.origin, s.destination, s.departureDate]),
    [query.passengers.adults, query.passengers.children, query.passengers.infants],
    query.cabin,
    query.maxConnections,
    query.currency ?? null,
    request.includePartnerOperated,
    request.airlines,
  ]);
  let key = recentKeys.get(canonical);
  if (key === undefined) {
    key = createHash('sha256').update(canonical).digest('base64url');
    if (recentKeys.size >= RECENT_KEYS) recentKeys.clear();
    recentKeys.set(canonical, key);
  }
  return key;
}

/**
 * The keys of recent searches by their canonical text: a repeated search (the ones the cache
 * answers) skips hashing, which was a few per cent of a cache hit's CPU. Bounded; emptied whole
 * when full, as the next searches refill it.
 */
const RECENT_KEYS = 1024;
const recentKeys = new Map<string, string>();

/**
 * How long a result may be served from cache: the configured TTL, never past the earliest offer
 * expiry (a cached offer must not outlive the airline's promise), zero for an empty result.
 */
export function cacheTtlMs(ttlSeconds: number, expiries: (string | null)[], offerCount: number, nowMs: number): number {
  if (offerCount === 0) return 0;
  let ttl = ttlSeconds * 1000;
  for (const e of expiries) {
    if (!e) continue;
    const at = Date.parse(e);
    if (Number.isFinite(at)) ttl = Math.min(ttl, at - nowMs);
  }
  return Math.max(0, ttl);
}
