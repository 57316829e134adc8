import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedBody } from './response-cache.js';

// Reference data changes at most once per sync (daily by default): an hour of client caching,
// then a cheap conditional request. `private` because every answer needs an API key.
export const DATA_CACHE_CONTROL = 'private, max-age=3600';
// Sync status changes with every attempt: always revalidate.
export const STATUS_CACHE_CONTROL = 'private, no-cache';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a serialized envelope with its validators, or 304 when the client already holds it.
 * The body is a string, so Fastify sends it as is (the route's response schema documents it).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody, cacheControl = DATA_CACHE_CONTROL) {
  reply.header('cache-control', cacheControl).header('etag', cached.etag);
  if (matches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
