import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Admissions left in the window ending now (after this one, when admitted). */
  remaining: number;
  /** Seconds until the oldest admission in the window leaves it, i.e. until a slot frees up. */
  resetSeconds: number;
}

/**
 * An exact sliding-window limiter (a log of admissions, not buckets): whatever 60 s window one
 * picks, it never holds more than `limit` admissions. Refused attempts are not logged, so a
 * client that keeps knocking while refused is let in as soon as a slot frees.
 */
export interface RateLimiter {
  take(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateDecision>;
  /** What `take` would decide now, without admitting anything. */
  peek(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateDecision>;
}

/** The decision for `count` admissions in the window, the oldest at `oldest` (ms). */
export function rateDecision({
  allowed,
  limit,
  count,
  oldest,
  windowMs,
  nowMs,
}: {
  allowed: boolean;
  limit: number;
  count: number;
  oldest: number;
  windowMs: number;
  nowMs: number;
}): RateDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: count === 0 ? 0 : Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000)),
  };
}

// Every this many takes, logs whose admissions have all left their window are dropped: keys such
// as client addresses come and go, and one that never returns must not stay in memory.
const SWEEP_EVERY = 1024;

export function createMemoryRateLimiter(): RateLimiter {
  // Per key, admission times in order from `head`: a queue without Array#shift, which would copy
  // the whole log on every call once limits are in the thousands.
  const logs = new Map<string, { times: number[]; head: number; windowMs: number }>();
  let takes = 0;
  return {
    async take(key, limit, windowMs, nowMs) {
      if (++takes % SWEEP_EVERY === 0) {
        for (const [k, l] of logs) if (l.times[l.times.length - 1]! <= nowMs - l.windowMs) logs.delete(k);
      }
      let log = logs.get(key);
      if (!log) logs.set(key, (log = { times: [], head: 0, windowMs }));
      log.windowMs = windowMs;
      // An admission at t counts in every window (t' - windowMs, t'] with t' >= t.
      while (log.head < log.times.length && log.times[log.head]! <= nowMs - windowMs) log.head++;
      if (log.head > 1024 && log.head * 2 > log.times.length) {
        log.times = log.times.slice(log.head);
        log.head = 0;
      }
      const count = log.times.length - log.head;
      const allowed = count < limit;
      if (allowed) log.times.push(nowMs);
      const after = log.times.length - log.head;
      const oldest = log.times[log.head] ?? nowMs;
      if (after === 0) logs.delete(key);
      return rateDecision({ allowed, limit, count: after, oldest, windowMs, nowMs });
    },

    async peek(key, limit, windowMs, nowMs) {
      const times = logs.get(key)?.times ?? [];
      const inWindow = times.filter((t) => t > nowMs - windowMs);
      return rateDecision({
        allowed: inWindow.length < limit,
        limit,
        count: inWindow.length,
        oldest: inWindow[0] ?? nowMs,
        windowMs,
        nowMs,
      });
    },
  };
}

/**
 * Prune, count and admit in one atomic step, so two gateway instances cannot both take the last
 * slot: the sorted set KEYS[1], ARGV now, window, limit and a unique member. Leaves `allowed`,
 * `count`, `oldest` and `now` set for the rest of the script: a script that does more in the same
 * round trip (the search admission reads the cache) starts with this very text, so both keep one
 * sorted set exact together.
 */
export const SLIDING_WINDOW_TAKE_LUA = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
`;

const TAKE_SCRIPT = `${SLIDING_WINDOW_TAKE_LUA}
return {allowed, count, oldest[2] or tostring(now)}
`;

type WithTake = Redis & {
  slidingWindowTake(key: string, now: number, window: number, limit: number, member: string): Promise<[number, number, string]>;
};

/** The same limiter shared by every instance through one Redis sorted set per key. */
export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  if (!('slidingWindowTake' in redis)) redis.defineCommand('slidingWindowTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  const r = redis as WithTake;
  return {
    async take(key, limit, windowMs, nowMs) {
      const member = `${nowMs}-${randomBytes(6).toString('hex')}`;
      const [allowed, count, oldest] = await r.slidingWindowTake(prefix + key, nowMs, windowMs, limit, member);
      return rateDecision({ allowed: allowed === 1, limit, count, oldest: Number(oldest), windowMs, nowMs });
    },

    async peek(key, limit, windowMs, nowMs) {
      const since = `(${nowMs - windowMs}`;
      const [count, first] = await Promise.all([
        redis.zcount(prefix + key, since, '+inf'),
        redis.zrangebyscore(prefix + key, since, '+inf', 'WITHSCORES', 'LIMIT', 0, 1),
      ]);
      return rateDecision({ allowed: count < limit, limit, count, oldest: first[1] ? Number(first[1]) : nowMs, windowMs, nowMs });
    },
  };
}
