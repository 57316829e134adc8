import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { HOLD_MS, usageField, type Refusal, type UsageCounter } from './counter.js';

// Search counters outlive their day or period by a margin, then Redis drops them.
const DAY_TTL_MS = 2 * 86_400_000;
const PERIOD_TTL_MS = 35 * 86_400_000;

/**
 * Admission in one step, so that no two instances can both take the last free request or the
 * last search under a ceiling. KEYS: allowance counter, holds (a sorted set by admission time),
 * today's searches, this period's searches. Returns {'seed'} while a counter it needs is missing;
 * the caller reads the seeds from the database and calls again with them (SET NX: the first
 * instance's seed wins, the counters are never reset by a later one).
 */
const RESERVE = `
local now = tonumber(ARGV[1])
local holdMs = tonumber(ARGV[2])
local cap = tonumber(ARGV[3])
local needUsed = ARGV[5] == '1'
local search = ARGV[6] == '1'
if ARGV[10] ~= '' then
  local seeds = cjson.decode(ARGV[10])
  if needUsed then redis.call('SET', KEYS[1], seeds[1], 'NX') end
  if search then
    redis.call('SET', KEYS[3], seeds[2], 'NX', 'PX', ARGV[11])
    redis.call('SET', KEYS[4], seeds[3], 'NX', 'PX', ARGV[12])
  end
end
if needUsed and redis.call('EXISTS', KEYS[1]) == 0 then return {'seed', 0} end
if search and (redis.call('EXISTS', KEYS[3]) == 0 or redis.call('EXISTS', KEYS[4]) == 0) then return {'seed', 0} end
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if cap >= 0 then
  if used >= cap then return {'payment_required', used} end
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - holdMs)
  if used + redis.call('ZCARD', KEYS[2]) >= cap then return {'allowance_burst', used} end
end
if search then
  local day = tonumber(redis.call('GET', KEYS[3]))
  local period = tonumber(redis.call('GET', KEYS[4]))
  if tonumber(ARGV[7]) >= 0 and day >= tonumber(ARGV[7]) then return {'daily_ceiling', used} end
  if tonumber(ARGV[8]) >= 0 and period >= tonumber(ARGV[8]) then return {'monthly_ceiling', used} end
  if tonumber(ARGV[9]) >= 0 and day >= tonumber(ARGV[9]) then return {'look_to_book', used} end
  redis.call('INCR', KEYS[3])
  redis.call('INCR', KEYS[4])
end
if cap >= 0 then
  redis.call('ZADD', KEYS[2], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[2], holdMs)
end
return {'ok', used}
`;

/**
 * The end of a request. KEYS: allowance counter, holds, today's searches, this period's searches,
 * the pending usage hash. A served request is counted once in the pending hash (and against the
 * allowance); a refused or failed one gives its hold and its search back.
 */
const SETTLE = `
if ARGV[1] ~= '' then redis.call('ZREM', KEYS[2], ARGV[1]) end
if ARGV[2] == '1' then
  if ARGV[3] == '1' and redis.call('EXISTS', KEYS[1]) == 1 then redis.call('INCR', KEYS[1]) end
  redis.call('HINCRBY', KEYS[5], ARGV[5], 1)
elseif ARGV[4] == '1' then
  if redis.call('EXISTS', KEYS[3]) == 1 then redis.call('DECR', KEYS[3]) end
  if redis.call('EXISTS', KEYS[4]) == 1 then redis.call('DECR', KEYS[4]) end
end
return 1
`;

/**
 * Cuts the pending hash off under a new batch id (RENAME is atomic: a count lands either in this
 * batch or in the next pending hash, never in both, never in neither) and lists every batch not
 * yet marked done. KEYS: pending hash, batch list; ARGV: batch key prefix, new batch id.
 */
const CUT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('RENAME', KEYS[1], ARGV[1] .. ARGV[2])
  redis.call('RPUSH', KEYS[2], ARGV[2])
end
return redis.call('LRANGE', KEYS[2], 0, -1)
`;

type Scripted = Redis & {
  billingReserve(...args: (string | number)[]): Promise<[string, number]>;
  billingSettle(...args: (string | number)[]): Promise<number>;
  billingCut(...args: (string | number)[]): Promise<string[]>;
};

/** The counters shared by every instance through Redis (docs/plans.md, "Exact counts"). */
export function createRedisCounter(redis: Redis, redisPrefix: string): UsageCounter {
  if (!('billingReserve' in redis)) {
    redis.defineCommand('billingReserve', { numberOfKeys: 4, lua: RESERVE });
    redis.defineCommand('billingSettle', { numberOfKeys: 5, lua: SETTLE });
    redis.defineCommand('billingCut', { numberOfKeys: 2, lua: CUT });
  }
  const r = redis as Scripted;
  const prefix = `${redisPrefix}billing:`;
  const pendingKey = `${prefix}usage:pending`;
  const batchList = `${prefix}usage:batches`;
  const batchPrefix = `${prefix}usage:batch:`;
  const keys = (agencyId: string, day = '-', period = '-') => [
    `${prefix}used:${agencyId}`,
    `${prefix}holds:${agencyId}`,
    `${prefix}searches:${agencyId}:d:${day}`,
    `${prefix}searches:${agencyId}:p:${period}`,
  ];

  return {
    kind: 'redis',

    async reserve(request, readSeeds) {
      const { search } = request;
      const args = (seeds: string) => [
        ...keys(request.agencyId, search?.day, search?.period),
        request.nowMs,
        HOLD_MS,
        request.cap ?? -1,
        request.holdId,
        request.countsAllowance || request.cap !== null ? '1' : '0',
        search ? '1' : '0',
        search?.daily ?? -1,
        search?.monthly ?? -1,
        search?.lookToBook ?? -1,
        seeds,
        DAY_TTL_MS,
        PERIOD_TTL_MS,
      ];
      let [outcome, used] = await r.billingReserve(...args(''));
      if (outcome === 'seed') {
        const seeds = await readSeeds();
        [outcome, used] = await r.billingReserve(...args(JSON.stringify([seeds.used, seeds.daySearches, seeds.periodSearches])));
      }
      return outcome === 'ok' ? { ok: true, used } : { ok: false, refusal: outcome as Refusal, used };
    },

    async settle(ticket, served) {
      const agencyId = ticket.agencyId ?? '-';
      await r.billingSettle(
        ...keys(agencyId, ticket.search?.day, ticket.search?.period),
        pendingKey,
        ticket.hold ?? '',
        served ? '1' : '0',
        ticket.countsAllowance ? '1' : '0',
        ticket.search ? '1' : '0',
        usageField(ticket),
      );
    },

    async cut() {
      const ids = await r.billingCut(pendingKey, batchList, batchPrefix, `rds_${randomUUID()}`);
      const batches = [];
      for (const id of ids) {
        const hash = await redis.hgetall(batchPrefix + id);
        batches.push({ id, counts: new Map(Object.entries(hash).map(([field, n]) => [field, Number(n)])) });
      }
      return batches;
    },

    async done(batchId) {
      await redis
        .multi()
        .del(batchPrefix + batchId)
        .lrem(batchList, 0, batchId)
        .exec();
    },
  };
}
