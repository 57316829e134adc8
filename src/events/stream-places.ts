import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Platform } from '../platform/platform.js';
import { redisOrInProcess } from '../platform/rate-limit/redis-fallback.js';
import { EVENTS_POLICY } from './policy.js';

/** A place one stream holds: given back with `release`, kept alive with `renew`. */
export interface StreamPlace {
  keyId: string;
  id: string;
  /** Where it was taken: in Redis (the cluster's count) or in this process (no Redis, or Redis down). */
  shared: boolean;
}

/**
 * The stream places of API keys: at most EVENTS_POLICY.maxStreamsPerKey open at once per key. With
 * Redis, across the cluster: a sorted set per key of place ids scored by when their lease ends. A
 * stream renews its lease with each heartbeat, so the places of an instance that died come free
 * within a lease. Without Redis, and while it is unavailable, per instance.
 */
export interface StreamPlaces {
  take(keyId: string): Promise<StreamPlace | null>;
  renew(place: StreamPlace): Promise<void>;
  release(place: StreamPlace): Promise<void>;
}

/** A lease outlives two missed heartbeats: a stream that is alive never loses its place. */
export const PLACE_LEASE_MS = 3 * EVENTS_POLICY.heartbeatMs;

// Expired places out, then one more if the key holds fewer than the most; the set itself expires
// with its longest lease, so a key whose streams all ended leaves nothing behind.
const TAKE_LUA = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;
// Only a place still held is renewed: one taken away (its lease ran out) stays away.
const RENEW_LUA = `
if redis.call('ZADD', KEYS[1], 'XX', 'CH', ARGV[1], ARGV[2]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1
`;

type WithPlaces = Redis & {
  streamPlaceTake(key: string, now: number, leaseEnd: number, max: number, id: string, leaseMs: number): Promise<number>;
  streamPlaceRenew(key: string, leaseEnd: number, id: string, leaseMs: number): Promise<number>;
};

/** Places counted in this process only. */
function inProcessPlaces(max: number) {
  const held = new Map<string, Set<string>>();
  return {
    take(keyId: string, id: string): boolean {
      const ids = held.get(keyId) ?? new Set<string>();
      if (ids.size >= max) return false;
      held.set(keyId, ids.add(id));
      return true;
    },
    release(keyId: string, id: string): void {
      const ids = held.get(keyId);
      ids?.delete(id);
      if (ids?.size === 0) held.delete(keyId);
    },
  };
}

export function createStreamPlaces(
  platform: Pick<Platform, 'redis' | 'config' | 'metrics' | 'logger'>,
  { max = EVENTS_POLICY.maxStreamsPerKey, leaseMs = PLACE_LEASE_MS }: { max?: number; leaseMs?: number } = {},
): StreamPlaces {
  const local = inProcessPlaces(max);
  const newId = () => randomBytes(9).toString('base64url');
  const takeLocal = (keyId: string, id: string) => (local.take(keyId, id) ? { keyId, id, shared: false } : null);
  const redis = platform.redis;
  if (!redis) {
    return {
      take: async (keyId) => takeLocal(keyId, newId()),
      renew: async () => {},
      release: async (place) => local.release(place.keyId, place.id),
    };
  }
  if (!('streamPlaceTake' in redis)) {
    redis.defineCommand('streamPlaceTake', { numberOfKeys: 1, lua: TAKE_LUA });
    redis.defineCommand('streamPlaceRenew', { numberOfKeys: 1, lua: RENEW_LUA });
  }
  const r = redis as WithPlaces;
  const setOf = (keyId: string) => `${platform.config.redisPrefix}event-streams:${keyId}`;
  const decide = redisOrInProcess('event-streams', platform);
  // Lease times are the machines' real time, not the service clock tests move.
  return {
    take(keyId) {
      const id = newId();
      return decide(
        async () => {
          const now = Date.now();
          const taken = await r.streamPlaceTake(setOf(keyId), now, now + leaseMs, max, id, leaseMs);
          return taken === 1 ? { keyId, id, shared: true } : null;
        },
        async () => takeLocal(keyId, id),
      );
    },
    async renew(place) {
      if (!place.shared) return;
      // A renewal that fails leaves the lease to run out; the stream itself goes on.
      await r.streamPlaceRenew(setOf(place.keyId), Date.now() + leaseMs, place.id, leaseMs).catch(() => undefined);
    },
    async release(place) {
      if (!place.shared) return local.release(place.keyId, place.id);
      await r.zrem(setOf(place.keyId), place.id).catch(() => undefined);
    },
  };
}
