import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../platform/errors.js';
import type { Platform } from '../platform/platform.js';
import { createSearchAdmission } from './search-admission.js';
import { searchCacheKey, searchCacheRedisKey } from './search-cache.js';
import type { SearchRequestBody } from './search-schemas.js';
import { agencySearchLimit } from '../identity/agencies/store.js';
import { validateSearch } from './search-validation.js';

const WINDOW_MS = 60_000;
// An agency's own limit is re-read this often, so an operator's change applies within a minute
// without a database trip per search.
const LIMIT_CACHE_MS = 60_000;

export interface SearchRateLimit {
  /** The preValidation hook of both search routes. */
  enforce(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * The cached answer read together with the admission, when it was read for `key` (null: a miss);
   * undefined when it was not, and the route reads the cache itself.
   */
  cachedWith(request: FastifyRequest, key: string): Buffer | null | undefined;
}

/**
 * 60 searches per rolling minute per agency (or the agency's own `search_rate_limit`), both search
 * endpoints and the dashboard's search together, shared through Redis when configured. Every search answer carries the
 * RateLimit-* headers; the 429 also carries `Retry-After: 60`.
 *
 * The limit counts every search request, valid or not, so it runs before validation; with Redis,
 * the cache read rides in the same script, for the key the body would have once validated (a body
 * that will fail validation reads nothing). The route reads again only if the validated body's key
 * differs, so a hit is exact either way.
 */
export function createSearchRateLimit(platform: Platform): SearchRateLimit {
  const admission = createSearchAdmission(platform, (key) => searchCacheRedisKey(platform, key));
  const limits = new Map<string, { limit: number; readAt: number }>();
  const readWith = new WeakMap<FastifyRequest, { key: string; bytes: Buffer | null }>();

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

  /** The agency searching: the API key's, or the portal session's on the dashboard's search. */
  const agencyOf = (request: FastifyRequest) => request.apiKey?.agencyId ?? request.session?.agencyId ?? null;
  /** The key's environment, or on the dashboard the `environment` asked for (validated later; anything else reads test). */
  const environmentOf = (request: FastifyRequest): 'test' | 'live' =>
    request.apiKey?.environment ??
    ((request.query as { environment?: unknown } | undefined)?.environment === 'live' ? 'live' : 'test');

  function likelyCacheKey(request: FastifyRequest): string | null {
    if (!admission.readsCache || typeof request.body !== 'object' || request.body === null) return null;
    try {
      const search = validateSearch(request.body as SearchRequestBody, platform.clock());
      return searchCacheKey(search, environmentOf(request));
    } catch {
      return null;
    }
  }

  return {
    async enforce(request, reply) {
      const agencyId = agencyOf(request);
      const subject = agencyId ? `agency:${agencyId}` : `key:${request.apiKey?.id ?? request.ip}`;
      const limit = await limitFor(agencyId);
      const cacheKey = likelyCacheKey(request);
      const { decision, cached } = await admission.take({
        subject,
        limit,
        windowMs: WINDOW_MS,
        nowMs: platform.clock().getTime(),
        cacheKey,
      });
      if (cacheKey !== null && cached !== undefined) readWith.set(request, { key: cacheKey, bytes: cached });
      reply.header('RateLimit-Limit', String(decision.limit));
      reply.header('RateLimit-Remaining', String(decision.remaining));
      reply.header('RateLimit-Reset', String(decision.resetSeconds));
      reply.header('RateLimit-Policy', `${decision.limit};w=60`);
      if (!decision.allowed) {
        throw tooManyRequests(`rate limit exceeded: more than ${decision.limit} searches in the last minute`, 60);
      }
    },

    cachedWith(request, key) {
      const read = readWith.get(request);
      return read?.key === key ? read.bytes : undefined;
    },
  };
}
