import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { HOLD_MS, type Refusal, type ReserveOutcome, type ReserveRequest, type UsageCounter } from './counter.js';
import { batchCall, counterKeys, type Ending } from './redis-batch.js';
import { BATCH, CUT } from './redis-scripts.js';

// Search counters outlive their day or period by a margin, then Redis drops them.
const DAY_TTL_MS = 2 * 86_400_000;
const PERIOD_TTL_MS = 35 * 86_400_000;
// A turn's batch is cut at this many operations, so one script never runs long in Redis.
const MAX_BATCH = 500;

type Scripted = Redis & {
  billingBatch(...args: (string | number)[]): Promise<(string | number)[]>;
  billingCut(...args: (string | number)[]): Promise<string[]>;
};

interface Waiting {
  request: ReserveRequest;
  /** `[used, day searches, period searches]` from the database, when Redis asked for them. */
  seeds: number[] | null;
  resolve(outcome: ReserveOutcome | 'seed'): void;
  reject(err: unknown): void;
}

export interface RedisCounterOptions {
  /**
   * Where served requests are counted when a batch cannot reach Redis: this instance's memory,
   * written by its own flush, so no served request goes uncounted.
   */
  fallback?: { counter: UsageCounter; notice(): void };
  logger: Logger;
}

/**
 * The counters shared by every instance through Redis (docs/plans.md, "Exact counts").
 *
 * Every request a turn of the event loop admits or ends goes to Redis in ONE script call with the
 * others of that turn (`BATCH`), instead of one call to admit it and one to count it: under load
 * dozens of requests share a round trip, and each is still decided and counted in Redis before it
 * is served, exactly as it would be alone (the script applies them one by one, in order). A
 * request that ends is counted in Redis in the next turn's call, so an instance that crashes loses
 * at most the requests of the turn it crashed in (before, the one whose count was in flight).
 */
export function createRedisCounter(redis: Redis, redisPrefix: string, { fallback, logger }: RedisCounterOptions): UsageCounter {
  if (!('billingBatch' in redis)) {
    redis.defineCommand('billingBatch', { lua: BATCH });
    redis.defineCommand('billingCut', { numberOfKeys: 2, lua: CUT });
  }
  const r = redis as Scripted;
  const keys = counterKeys(redisPrefix);

  let reserves: Waiting[] = [];
  let settles: Ending[] = [];
  let scheduled = false;
  const inFlight = new Set<Promise<void>>();

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // After the poll phase: every request whose bytes arrived in this turn has been admitted or
    // ended by then (the gate's own awaits are microtasks), so they all go in one call.
    setImmediate(drain);
  }

  function drain(): void {
    scheduled = false;
    while (reserves.length > 0 || settles.length > 0) {
      const ending = settles.splice(0, MAX_BATCH);
      const waiting = reserves.splice(0, Math.max(0, MAX_BATCH - ending.length));
      const sent = send(ending, waiting).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
  }

  async function send(ending: Ending[], waiting: Waiting[]): Promise<void> {
    const call = batchCall(keys, ending, waiting);
    let answer: (string | number)[];
    try {
      answer = await r.billingBatch(call.keys.length, ...call.keys, Date.now(), HOLD_MS, DAY_TTL_MS, PERIOD_TTL_MS, call.ops);
    } catch (err) {
      for (const w of waiting) w.reject(err);
      lost(ending, err);
      return;
    }
    waiting.forEach((w, i) => {
      const outcome = String(answer[2 * i]);
      const spent = Number(answer[2 * i + 1]);
      if (outcome === 'seed') w.resolve('seed');
      else w.resolve(outcome === 'ok' ? { ok: true, used: spent } : { ok: false, refusal: outcome as Refusal, used: spent });
    });
  }

  /** Served requests of a batch that did not reach Redis are counted in this instance's memory. */
  function lost(ending: Ending[], err: unknown): void {
    const served = ending.filter((e) => e.served);
    if (served.length === 0) return;
    if (!fallback) {
      logger.error({ err, requests: served.length }, 'could not count metered requests');
      return;
    }
    for (const { ticket } of served) {
      fallback.notice();
      // Its hold lapses in Redis by itself; the allowance counter is Redis's, caught up by its seed.
      fallback.counter.settle({ ...ticket, countsAllowance: false, hold: null, search: null }, true);
    }
  }

  function queue(request: ReserveRequest, seeds: number[] | null): Promise<ReserveOutcome | 'seed'> {
    return new Promise((resolve, reject) => {
      reserves.push({ request, seeds, resolve, reject });
      schedule();
    });
  }

  return {
    kind: 'redis',

    async reserve(request, readSeeds) {
      let outcome = await queue(request, null);
      // Seeded by the next call (SET NX); a search counter of a day that has just ended can lapse
      // in between, hence a few tries.
      for (let attempt = 0; outcome === 'seed' && attempt < 3; attempt++) {
        const seeds = await readSeeds(request);
        outcome = await queue(request, [seeds.used, seeds.daySearches, seeds.periodSearches]);
      }
      if (outcome === 'seed') throw new Error('the billing counters could not be seeded in Redis');
      return outcome;
    },

    settle(ticket, served) {
      settles.push({ ticket, served });
      schedule();
    },

    async settled() {
      // What is queued goes out at the next turn; wait for that turn and for every call in flight.
      if (scheduled) await new Promise<void>((resolve) => setImmediate(resolve));
      await Promise.all([...inFlight]);
    },

    async cut() {
      const ids = await r.billingCut(keys.pending, keys.batches, keys.batchPrefix, `rds_${randomUUID()}`);
      const batches = [];
      for (const id of ids) {
        const hash = await redis.hgetall(keys.batchPrefix + id);
        batches.push({ id, counts: new Map(Object.entries(hash).map(([field, n]) => [field, Number(n)])) });
      }
      return batches;
    },

    async done(batchId) {
      await redis
        .multi()
        .del(keys.batchPrefix + batchId)
        .lrem(keys.batches, 0, batchId)
        .exec();
    },
  };
}
