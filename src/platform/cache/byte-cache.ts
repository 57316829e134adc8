import type { Redis } from 'ioredis';
import { tracedRedis } from '../tracing/db-span.js';

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

export interface MemoryCacheOptions {
  maxEntries?: number;
  /** The values' bytes it may hold together; a value larger than this is not stored. */
  maxBytes?: number;
  now?: () => number;
}

/**
 * In-process cache bounded by entry count and by the bytes its values hold: a search answer is
 * 100-400 KB, so a count alone let a busy gateway on embedded storage hold hundreds of MB of them.
 * The oldest insertion goes first when full (a Map iterates in insertion order), which is close
 * enough to LRU for short-lived search results; entries whose time is up leave as soon as a new
 * one is stored, not only when read, so an idle gateway does not keep answers it can no longer serve.
 */
export function createMemoryCache(options: MemoryCacheOptions = {}): ByteCache {
  const maxEntries = options.maxEntries ?? 5_000;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Buffer; expiresAt: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.value.length;
  };
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= now()) {
        remove(key);
        return null;
      }
      return entry.value;
    },
    async set(key, value, ttlMs) {
      remove(key);
      if (ttlMs <= 0 || value.length > maxBytes) return;
      const at = now();
      // From the oldest: whatever has expired, then whatever makes room (deleting the entry a
      // Map iterator has just given is safe).
      for (const [oldest, entry] of entries) {
        const roomy = entries.size < maxEntries && bytes + value.length <= maxBytes;
        if (roomy && entry.expiresAt > at) break;
        remove(oldest);
      }
      entries.set(key, { value, expiresAt: at + ttlMs });
      bytes += value.length;
    },
    async delete(key) {
      remove(key);
    },
  };
}

/**
 * Shared cache for several gateway instances; Redis expires entries itself (PX). Each round trip is
 * a span while tracing is on (a search's cache look-up is part of its time).
 */
export function createRedisCache(redis: Redis, prefix: string): ByteCache {
  return {
    async get(key) {
      return tracedRedis('GET', prefix, () => redis.getBuffer(prefix + key));
    },
    async set(key, value, ttlMs) {
      if (ttlMs <= 0) return;
      await tracedRedis('SET', prefix, () => redis.set(prefix + key, value, 'PX', Math.ceil(ttlMs)));
    },
    async delete(key) {
      await tracedRedis('DEL', prefix, () => redis.del(prefix + key));
    },
  };
}
