// Duffel's rate limit (duffel.com/docs/api/overview/rate-limits): a number of requests per access
// token in a fixed window, told on every answer in `ratelimit-limit`, `ratelimit-remaining` and
// `ratelimit-reset` (when the window ends, as an HTTP date), and a 429 `rate_limit_exceeded` once
// spent. The limit and window can be lowered through POST /control/rate-limit for tests.
// Duffel counts a token's requests however many of its servers answer them, so processes sharing
// a PostgreSQL store count in it (storage/duffel-db-traffic.ts); alone, a process counts here.

export interface RateLimitSetting {
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAt: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSetting = { limit: 120, windowMs: 60_000 };

export interface RateLimiter {
  setting(): Promise<RateLimitSetting>;
  /** Sets the limit and window; every token starts a new window. */
  configure(next: RateLimitSetting): Promise<void>;
  /** Back to the setting the test system started with, every token in a new window. */
  reset(): Promise<void>;
  /** Counts one request by `token` at real time `nowMs` (rate limits follow the wall clock, not the test clock). */
  take(token: string, nowMs: number): Promise<RateLimitDecision>;
}

/** Windows start on multiples of the window length, so every counter of one token agrees on them. */
export const windowStart = (nowMs: number, windowMs: number) => nowMs - (nowMs % windowMs);

export function memoryRateLimiter(initial: RateLimitSetting = DEFAULT_RATE_LIMIT): RateLimiter {
  let setting = initial;
  const windows = new Map<string, { start: number; used: number }>();
  return {
    setting: async () => setting,
    async configure(next) {
      setting = next;
      windows.clear();
    },
    async reset() {
      setting = initial;
      windows.clear();
    },
    async take(token, nowMs) {
      let w = windows.get(token);
      if (!w || nowMs >= w.start + setting.windowMs) {
        w = { start: windowStart(nowMs, setting.windowMs), used: 0 };
        windows.set(token, w);
      }
      const allowed = w.used < setting.limit;
      if (allowed) w.used++;
      return { allowed, limit: setting.limit, remaining: setting.limit - w.used, resetAt: w.start + setting.windowMs };
    },
  };
}
