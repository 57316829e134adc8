// What every call to /air/* passes before its handler, as Duffel checks it: a request id on the
// answer (`x-request-id`, also in error bodies' meta), the access token (`Authorization: Bearer`),
// the API version (`Duffel-Version: v2`), the rate limit and its headers, then any injected fault.
// References: duffel.com/docs/api/overview/making-requests (headers), …/versioning, …/rate-limits.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DuffelDeps } from '../deps.js';
import { DuffelApiError } from './duffel-errors.js';

export const SUPPORTED_VERSIONS = ['v2'] as const;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const requestIds = new WeakMap<FastifyRequest, string>();

export function requestIdOf(request: FastifyRequest): string {
  let id = requestIds.get(request);
  if (!id) {
    id = [...randomBytes(20)].map((b) => ALPHABET[b % 62]).join('');
    requestIds.set(request, id);
  }
  return id;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerRequestGuard(app: FastifyInstance, deps: DuffelDeps, accessToken: string): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', requestIdOf(request));
    if (!request.url.startsWith('/air/')) return;
    const authorization = request.headers.authorization;
    if (authorization === undefined)
      throw new DuffelApiError(401, 'authentication_error', 'missing_authorization_header', {
        title: 'Missing authorization header',
        message: 'The Authorization header is missing; send "Authorization: Bearer <access token>"',
      });
    const match = /^Bearer (\S+)$/.exec(authorization);
    if (!match)
      throw new DuffelApiError(401, 'authentication_error', 'invalid_authorization_header', {
        title: 'Invalid authorization header',
        message: 'The Authorization header must be "Bearer <access token>"',
      });
    if (!sameToken(match[1]!, accessToken))
      throw new DuffelApiError(401, 'authentication_error', 'access_token_not_found', {
        title: 'Access token not found',
        message: 'The access token used is not valid',
      });
    const version = request.headers['duffel-version'];
    if (version === undefined)
      throw new DuffelApiError(400, 'invalid_request_error', 'missing_version_header', {
        title: 'Missing Duffel-Version header',
        message: 'The Duffel-Version header is required; the supported version is v2',
      });
    if (!SUPPORTED_VERSIONS.includes(version as 'v2'))
      throw new DuffelApiError(400, 'invalid_request_error', 'unsupported_version', {
        title: 'Unsupported version',
        message: `Duffel-Version "${String(version)}" is not supported; the supported version is v2`,
      });
    const limit = await deps.limiter.take(match[1]!, Date.now());
    reply.header('ratelimit-limit', String(limit.limit));
    reply.header('ratelimit-remaining', String(Math.max(0, limit.remaining)));
    reply.header('ratelimit-reset', new Date(limit.resetAt).toUTCString());
    if (!limit.allowed)
      throw new DuffelApiError(429, 'rate_limit_error', 'rate_limit_exceeded', {
        title: 'Rate limit exceeded',
        message: 'You have exceeded the rate limit; wait until the time in the ratelimit-reset header',
      });
    const fault = await deps.faults.take(request.url.split('?')[0]!);
    if (fault) throw fault;
  });
}
