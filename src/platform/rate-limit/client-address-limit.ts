import { tooManyRequests } from '../errors.js';
import type { Platform } from '../platform.js';
import { createRateLimiter } from './rate-limiter.js';

const HOUR_MS = 3_600_000;

/** Admits one more request from a client address, or throws 429 with `Retry-After`. */
export type ClientAddressLimit = (address: string | null) => Promise<void>;

/**
 * At most `perHour` admissions per client address in any rolling hour, for unauthenticated
 * requests whose every answer costs something (an e-mail sent), shared by every instance through
 * Redis when configured. Callers take a slot only once a request has passed its checks, right
 * before the costly part: a refused body sends nothing and does not count. `Retry-After` is the
 * seconds until a slot frees. Behind a load balancer the client address needs TRUST_PROXY.
 */
export function clientAddressLimit(
  platform: Pick<Platform, 'config' | 'redis' | 'clock' | 'metrics' | 'logger'>,
  options: { name: string; what: string; perHour: number },
): ClientAddressLimit {
  const limiter = createRateLimiter(platform, options.name);
  return async (address) => {
    const decision = await limiter.take(address ?? 'unknown', options.perHour, HOUR_MS, platform.clock().getTime());
    if (!decision.allowed) {
      throw tooManyRequests(
        `too many ${options.what} from this address: at most ${options.perHour} an hour`,
        decision.resetSeconds,
      );
    }
  };
}

/** Failures from one client address: `check` before an attempt, `record` after one failed. */
export interface ClientFailureBudget {
  /** Throws 429 with `Retry-After` once the address has used up its failures in the last hour. */
  check(address: string | null): Promise<void>;
  record(address: string | null): Promise<void>;
}

/**
 * At most `perHour` failures per client address in any rolling hour, after which every attempt
 * from that address is refused, right ones too, until the oldest failure leaves the hour: a
 * per-account lockout alone does not slow one address trying a few passwords on many accounts.
 */
export function clientFailureBudget(
  platform: Pick<Platform, 'config' | 'redis' | 'clock' | 'metrics' | 'logger'>,
  options: { name: string; what: string; perHour: number },
): ClientFailureBudget {
  const limiter = createRateLimiter(platform, options.name);
  return {
    async check(address) {
      const decision = await limiter.peek(address ?? 'unknown', options.perHour, HOUR_MS, platform.clock().getTime());
      if (!decision.allowed) {
        throw tooManyRequests(`too many ${options.what} from this address: try again later`, decision.resetSeconds);
      }
    },
    async record(address) {
      await limiter.take(address ?? 'unknown', options.perHour, HOUR_MS, platform.clock().getTime());
    },
  };
}
