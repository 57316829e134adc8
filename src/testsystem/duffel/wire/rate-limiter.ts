// Duffel's rate limit (duffel.com/docs/api/overview/rate-limits): a number of requests per access
// token in a fixed window, told on every answer in `ratelimit-limit`, `ratelimit-remaining` and
// `ratelimit-reset` (when the window ends, as an HTTP date), and a 429 `rate_limit_exceeded` once
// spent. The limit and window can be lowered through POST /control/rate-limit for tests.

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

export function createRateLimiter(initial: RateLimitSetting = DEFAULT_RATE_LIMIT) {
  let setting = initial;
  const windows = new Map<string, { start: number; used: number }>();
  return {
    setting: () => setting,
    configure(next: RateLimitSetting) {
      setting = next;
      windows.clear();
    },
    /** Counts one request by `token` at real time `nowMs` (rate limits follow the wall clock, not the test clock). */
    take(token: string, nowMs: number): RateLimitDecision {
      let w = windows.get(token);
      if (!w || nowMs >= w.start + setting.windowMs) {
        w = { start: nowMs - (nowMs % setting.windowMs), used: 0 };
        windows.set(token, w);
      }
      const allowed = w.used < setting.limit;
      if (allowed) w.used++;
      return { allowed, limit: setting.limit, remaining: setting.limit - w.used, resetAt: w.start + setting.windowMs };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
