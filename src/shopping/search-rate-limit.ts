import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../platform/errors.js';
import type { Platform } from '../platform/platform.js';
import { createRateLimiter } from '../platform/rate-limit/rate-limiter.js';
import { agencySearchLimit } from './shopping-store.js';

const WINDOW_MS = 60_000;
// An agency's own limit is re-read this often, so an operator's change applies within a minute
// without a database trip per search.
const LIMIT_CACHE_MS = 60_000;

/**
 * 60 searches per rolling minute per agency (or the agency's own `search_rate_limit`), both search
 * endpoints together, shared through Redis when configured. Every search answer carries the
 * RateLimit-* headers; the 429 also carries `Retry-After: 60`.
 */
export function createSearchRateLimit(platform: Platform) {
  const limiter = createRateLimiter(platform, 'search');
  const limits = new Map<string, { limit: number; readAt: number }>();

  async function limitFor(agencyId: string | null): Promise<number> {
    const fallback = platform.config.search.rateLimitPerMinute;
    if (!agencyId) return fallback;
    const now = Date.now();
    const known = limits.get(agencyId);
    if (known && now - known.readAt < LIMIT_CACHE_MS) return known.limit;
    const limit = (await agencySearchLimit(platform.db, agencyId)) ?? fallback;
    if (limits.size > 10_000) limits.clear();
    limits.set(agencyId, { limit, readAt: now });
    return limit;
  }

  return async function enforce(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = request.apiKey;
    const subject = key?.agencyId ? `agency:${key.agencyId}` : `key:${key?.id ?? request.ip}`;
    const limit = await limitFor(key?.agencyId ?? null);
    const decision = await limiter.take(subject, limit, WINDOW_MS, platform.clock().getTime());
    reply.header('RateLimit-Limit', String(decision.limit));
    reply.header('RateLimit-Remaining', String(decision.remaining));
    reply.header('RateLimit-Reset', String(decision.resetSeconds));
    reply.header('RateLimit-Policy', `${decision.limit};w=60`);
    if (!decision.allowed) {
      throw tooManyRequests(`rate limit exceeded: more than ${decision.limit} searches in the last minute`, 60);
    }
  };
}
