import type { Platform } from '../../platform/platform.js';
import { createRateLimiter } from '../../platform/rate-limit/rate-limiter.js';

const HOUR_MS = 3_600_000;

export interface AccountMailDecision {
  allowed: boolean;
  /** Seconds until the account may be mailed again; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Takes one mail of a kind for an inbox (`key`: a user id, or another key naming it), or says it is
 * over its hourly cap; `log` names it in the warning without an e-mail address.
 */
export type AccountMailCap = (key: string, log: { userId: string } | { agencyId: string }) => Promise<AccountMailDecision>;

/**
 * At most `perHour` mails of one kind to one account in any rolling hour, whichever client
 * addresses ask (the per-address limits cannot stop many addresses flooding one inbox). Over the
 * cap the caller answers as usual and sends nothing, so the answer never tells whether an account
 * exists; a warning log line (`mailCap`) makes a flood visible to the operator.
 */
export function accountMailCap(
  platform: Parameters<typeof createRateLimiter>[0] & Pick<Platform, 'clock' | 'logger'>,
  options: { name: string; perHour: number },
): AccountMailCap {
  const limiter = createRateLimiter(platform, `account-mail:${options.name}`);
  return async (key, log) => {
    const decision = await limiter.take(key, options.perHour, HOUR_MS, platform.clock().getTime());
    if (decision.allowed) return { allowed: true, retryAfterSeconds: 0 };
    platform.logger.warn({ mailCap: options.name, ...log, perHour: options.perHour }, 'account mail cap reached: mail not sent');
    return { allowed: false, retryAfterSeconds: decision.resetSeconds };
  };
}
