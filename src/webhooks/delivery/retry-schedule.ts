import { WEBHOOK_POLICY } from '../events.js';

/**
 * When to try again after the `failures`-th failed attempt: 30 s after the first, doubling, never
 * more than 6 hours apart, plus up to 10 % at random (never less than the contract's delay, so
 * endpoints that failed together spread out without any retry coming early). Null once the
 * delivery has had its 10 attempts: it is dead.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random): number | null {
  if (failures >= WEBHOOK_POLICY.maxAttempts) return null;
  const base = WEBHOOK_POLICY.firstRetryMs * 2 ** (failures - 1);
  return Math.min(Math.round(base * (1 + WEBHOOK_POLICY.jitterRatio * random())), WEBHOOK_POLICY.maxRetryMs);
}
