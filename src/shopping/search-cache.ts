import { createHash } from 'node:crypto';
import type { Platform } from '../platform/platform.js';
import { createMemoryCache, createRedisCache, type ByteCache } from '../platform/cache/byte-cache.js';
import type { SearchRequest } from './search-validation.js';

/** Redis when configured (shared by every instance), in process otherwise. */
export function createSearchCache(platform: Platform): ByteCache {
  return platform.redis
    ? createRedisCache(platform.redis, `${platform.config.redisPrefix}search:`)
    : createMemoryCache({ now: () => platform.clock().getTime() });
}

/** Identical searches share a key: same environment, slices, passengers, cabin and filters. */
export function searchCacheKey(request: SearchRequest, environment: 'test' | 'live'): string {
  const { query } = request;
  const canonical = JSON.stringify([
    environment,
    query.slices.map((s) => [s.origin, s.destination, s.departureDate]),
    [query.passengers.adults, query.passengers.children, query.passengers.infants],
    query.cabin,
    query.maxConnections,
    request.includePartnerOperated,
  ]);
  return createHash('sha256').update(canonical).digest('base64url');
}

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
