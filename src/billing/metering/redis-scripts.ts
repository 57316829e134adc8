/**
 * The meter's Lua scripts (docs/plans.md, "Exact counts"). Each runs atomically in Redis, so no two
 * instances can both take the last free request or the last search under a ceiling.
 */

/**
 * One turn of an instance's event loop, in one step: first the requests that ended (settles),
 * then the requests waiting to be admitted (reserves), in arrival order, each exactly as if it
 * were alone. KEYS[1] is the pending usage hash; the other keys are named by index in ARGV[5], a
 * JSON object:
 * - `z`: `[holdsKey, holdId]` pairs: holds given back (the request ended);
 * - `u`: `[usedKey, n]`: served requests of portal keys, added to the allowance counter;
 * - `d`: `[searchKey, n]`: searches not served, given back to the day and period counters;
 * - `h`: `[field, n]`: served requests, added to the pending usage hash;
 * - `r`: reserves `[usedKey, holdsKey, dayKey, periodKey, cap, holdId, needUsed, daily, monthly,
 *   lookToBook, seeds]` (key index 0: none; limit -1: none; seeds 0 or `[used, day, period]`).
 * Counters are seeded with SET NX: the first instance's seed wins, a later one never resets them.
 * Returns `[outcome, used]` per reserve, flattened; outcome `seed` asks the caller to read the
 * seeds from the database and ask again.
 */
export const BATCH = `
local now = tonumber(ARGV[1])
local holdMs = tonumber(ARGV[2])
local dayTtl = ARGV[3]
local periodTtl = ARGV[4]
local ops = cjson.decode(ARGV[5])
for _, z in ipairs(ops.z) do redis.call('ZREM', KEYS[z[1]], z[2]) end
for _, u in ipairs(ops.u) do
  if redis.call('EXISTS', KEYS[u[1]]) == 1 then redis.call('INCRBY', KEYS[u[1]], u[2]) end
end
for _, d in ipairs(ops.d) do
  if redis.call('EXISTS', KEYS[d[1]]) == 1 then redis.call('DECRBY', KEYS[d[1]], d[2]) end
end
for _, h in ipairs(ops.h) do redis.call('HINCRBY', KEYS[1], h[1], h[2]) end

local trimmed = {}
local held = {}
local out = {}
for _, r in ipairs(ops.r) do
  local usedKey = KEYS[r[1]]
  local holdsKey = KEYS[r[2]]
  local search = r[3] > 0
  local cap = r[5]
  local needUsed = r[7] == 1
  if type(r[11]) == 'table' then
    if needUsed then redis.call('SET', usedKey, r[11][1], 'NX') end
    if search then
      redis.call('SET', KEYS[r[3]], r[11][2], 'NX', 'PX', dayTtl)
      redis.call('SET', KEYS[r[4]], r[11][3], 'NX', 'PX', periodTtl)
    end
  end
  local outcome = 'ok'
  local used = 0
  if needUsed and redis.call('EXISTS', usedKey) == 0 then
    outcome = 'seed'
  elseif search and (redis.call('EXISTS', KEYS[r[3]]) == 0 or redis.call('EXISTS', KEYS[r[4]]) == 0) then
    outcome = 'seed'
  else
    used = tonumber(redis.call('GET', usedKey) or '0')
    if cap >= 0 then
      if used >= cap then
        outcome = 'payment_required'
      else
        -- Lapsed holds (their instance died mid-request) are dropped once per batch and key.
        if not trimmed[holdsKey] then
          redis.call('ZREMRANGEBYSCORE', holdsKey, '-inf', now - holdMs)
          trimmed[holdsKey] = true
        end
        if used + redis.call('ZCARD', holdsKey) >= cap then outcome = 'allowance_burst' end
      end
    end
    if outcome == 'ok' and search then
      local day = tonumber(redis.call('GET', KEYS[r[3]]))
      local period = tonumber(redis.call('GET', KEYS[r[4]]))
      if r[8] >= 0 and day >= r[8] then
        outcome = 'daily_ceiling'
      elseif r[9] >= 0 and period >= r[9] then
        outcome = 'monthly_ceiling'
      elseif r[10] >= 0 and day >= r[10] then
        outcome = 'look_to_book'
      else
        redis.call('INCR', KEYS[r[3]])
        redis.call('INCR', KEYS[r[4]])
      end
    end
    if outcome == 'ok' and cap >= 0 then
      redis.call('ZADD', holdsKey, now, r[6])
      held[holdsKey] = true
    end
  end
  out[#out + 1] = outcome
  out[#out + 1] = used
end
for holdsKey in pairs(held) do redis.call('PEXPIRE', holdsKey, holdMs) end
return out
`;

/**
 * Cuts the pending hash off under a new batch id (RENAME is atomic: a count lands either in this
 * batch or in the next pending hash, never in both, never in neither) and lists every batch not
 * yet marked done. KEYS: pending hash, batch list; ARGV: batch key prefix, new batch id.
 */
export const CUT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('RENAME', KEYS[1], ARGV[1] .. ARGV[2])
  redis.call('RPUSH', KEYS[2], ARGV[2])
end
return redis.call('LRANGE', KEYS[2], 0, -1)
`;
