import type { Redis } from 'ioredis';

/**
 * A cache of serialized values. Values are bytes, not objects, on purpose: a hit is written to
 * the socket as it is, with no JSON.stringify per request (see the measurements in
 * architecture.md), and the same bytes work in process and in Redis.
 */
export interface ByteCache {
  get(key: string): Promise<Buffer | null>;
  /** Stores for `ttlMs`; a ttl of zero or less stores nothing. */
  set(key: string, value: Buffer, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * In-process cache bounded by entry count; the oldest insertion goes first when full (a Map
 * iterates in insertion order), which is close enough to LRU for short-lived search results.
 */
export function createMemoryCache(options: { maxEntries?: number; now?: () => number } = {}): ByteCache {
  const maxEntries = options.maxEntries ?? 5_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Buffer; expiresAt: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return null;
      }
      return entry.value;
    },
    async set(key, value, ttlMs) {
      if (ttlMs <= 0) return;
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

/** Shared cache for several gateway instances; Redis expires entries itself (PX). */
export function createRedisCache(redis: Redis, prefix: string): ByteCache {
  return {
    async get(key) {
      return redis.getBuffer(prefix + key);
    },
    async set(key, value, ttlMs) {
      if (ttlMs <= 0) return;
      await redis.set(prefix + key, value, 'PX', Math.ceil(ttlMs));
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}
