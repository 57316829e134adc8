import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Platform } from '../platform/platform.js';
import { redisOrInProcess } from '../platform/rate-limit/redis-fallback.js';
import {
  createMemoryRateLimiter,
  rateDecision,
  SLIDING_WINDOW_TAKE_LUA,
  type RateDecision,
} from '../platform/rate-limit/sliding-window-limiter.js';

/** A search's admission, and the cached answer read with it when a cache key was given. */
export interface Admission {
  decision: RateDecision;
  /** The cached bytes (null: a miss); undefined when nothing was read (no key, refused, fallback). */
  cached?: Buffer | null;
}

/** One search to admit: whose, under which limit, when, and the cache key to read with it (if any). */
export interface AdmissionRequest {
  subject: string;
  limit: number;
  windowMs: number;
  nowMs: number;
  cacheKey: string | null;
}

export interface SearchAdmission {
  /** True when `take` can read the cache in the same round trip (Redis configured). */
  readonly readsCache: boolean;
  take(request: AdmissionRequest): Promise<Admission>;
}

// The sliding-window take (the limiter's own Lua, on the same sorted set), then, when admitted and
// asked to, the GET of the cache key: a cached search is one round trip to Redis instead of two
// (the budget of docs/operations/costs.md: ≤ 2 with the meter). A refused search reads nothing: its 429 never looks at
// the cache.
const TAKE_AND_READ_SCRIPT = `${SLIDING_WINDOW_TAKE_LUA}
local cached = false
if allowed == 1 and ARGV[5] == '1' then cached = redis.call('GET', KEYS[2]) end
return {allowed, count, oldest[2] or tostring(now), cached}
`;

type WithTakeAndRead = Redis & {
  searchTakeAndReadBuffer(
    limitKey: string,
    cacheKey: string,
    now: number,
    window: number,
    limit: number,
    member: string,
    read: '0' | '1',
  ): Promise<[number, number, Buffer, Buffer | null]>;
};

/**
 * The search rate limit's admissions: shared through Redis when configured (reading the cache in
 * the same script), in process otherwise and while Redis is unavailable, when the limit holds per
 * instance and the route reads the cache itself (`cached` undefined).
 */
export function createSearchAdmission(
  platform: Pick<Platform, 'redis' | 'config' | 'metrics' | 'logger'>,
  cacheRedisKey: (key: string) => string,
): SearchAdmission {
  const local = createMemoryRateLimiter();
  const inProcess = async ({ subject, limit, windowMs, nowMs }: AdmissionRequest): Promise<Admission> => ({
    decision: await local.take(subject, limit, windowMs, nowMs),
  });
  if (!platform.redis) return { readsCache: false, take: inProcess };

  const redis = platform.redis;
  if (!('searchTakeAndRead' in redis)) {
    redis.defineCommand('searchTakeAndRead', { numberOfKeys: 2, lua: TAKE_AND_READ_SCRIPT });
  }
  const r = redis as WithTakeAndRead;
  const limitPrefix = `${platform.config.redisPrefix}ratelimit:search:`;
  const decide = redisOrInProcess('search', platform);

  const inRedis = async ({ subject, limit, windowMs, nowMs, cacheKey }: AdmissionRequest) => {
    const member = `${nowMs}-${randomBytes(6).toString('hex')}`;
    // Without a key to read, KEYS[2] is the limit's own key: declared, never read.
    const [allowed, count, oldest, cached] = await r.searchTakeAndReadBuffer(
      limitPrefix + subject,
      cacheKey === null ? limitPrefix + subject : cacheRedisKey(cacheKey),
      nowMs,
      windowMs,
      limit,
      member,
      cacheKey === null ? '0' : '1',
    );
    const decision = rateDecision({ allowed: allowed === 1, limit, count, oldest: Number(oldest.toString()), windowMs, nowMs });
    return cacheKey === null || allowed !== 1 ? { decision } : { decision, cached };
  };

  return {
    readsCache: true,
    take: (request) =>
      decide<Admission>(
        () => inRedis(request),
        () => inProcess(request),
      ),
  };
}
