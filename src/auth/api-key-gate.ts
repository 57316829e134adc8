import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../platform/errors.js';
import type { Platform } from '../platform/platform.js';
import { recordSecurityEvent } from '../security/security-event-store.js';
import type { VerifiedKey } from './api-keys/key-cache.js';
import { checkRestrictions, type RestrictionRefusal } from './api-keys/key-restrictions.js';
import type { ApiKeyService } from './api-keys/key-service.js';

/** What every later module knows about the caller of a key-authenticated request. */
export interface ApiKeyContext {
  id: string;
  agencyId: string | null;
  kind: VerifiedKey['kind'];
  environment: VerifiedKey['environment'];
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyContext | null;
  }
}

const PUBLIC_PATHS = new Set(['/v1/health', '/v1/health/ready', '/v1/subscribe']);

/**
 * Paths that do not take an API key: liveness and readiness, signup (any method, so a wrong one
 * answers 405 rather than 401), and the session-authenticated portal and admin paths.
 */
function isExempt(path: string): boolean {
  if (PUBLIC_PATHS.has(path)) return true;
  return path === '/v1/dev' || path.startsWith('/v1/dev/') || path === '/v1/admin' || path.startsWith('/v1/admin/');
}

// One refusal event per key and reason a minute is enough for the log; more would let a
// misconfigured client fill the table.
const REFUSAL_LOG_INTERVAL_MS = 60_000;

export function registerApiKeyGate(app: FastifyInstance, keys: ApiKeyService, platform: Pick<Platform, 'db' | 'clock'>): void {
  const lastRefusalLogged = new Map<string, number>();

  function logRefusal(request: FastifyRequest, key: VerifiedKey, refusal: RestrictionRefusal, path: string) {
    const mark = `${key.id}:${refusal.code}`;
    const now = Date.now();
    if ((lastRefusalLogged.get(mark) ?? 0) > now - REFUSAL_LOG_INTERVAL_MS) return;
    if (lastRefusalLogged.size > 10_000) lastRefusalLogged.clear();
    lastRefusalLogged.set(mark, now);
    recordSecurityEvent(platform.db, {
      kind: 'api_key.request_refused',
      agencyId: key.agencyId,
      apiKeyId: key.id,
      ip: request.ip,
      detail: { reason: refusal.code, method: request.method, path },
    }).catch((err: unknown) => request.log.error({ err }, 'could not record a refused request'));
  }

  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0]!;
    if (!path.startsWith('/v1/') || isExempt(path)) return;

    const header = request.headers['x-api-key'];
    if (header === undefined || header === '') throw unauthorized('missing X-API-Key', 'missing_api_key');
    if (typeof header !== 'string') throw unauthorized('invalid api key', 'invalid_api_key');

    const key = await keys.authenticate(header.trim());
    if (!key) throw unauthorized('invalid api key', 'invalid_api_key');

    const refusal = checkRestrictions(key, { ip: request.ip, method: request.method, path, now: platform.clock() });
    if (refusal) {
      logRefusal(request, key, refusal, path);
      throw new AppError(refusal.status, refusal.code, refusal.message);
    }
    request.apiKey = { id: key.id, agencyId: key.agencyId, kind: key.kind, environment: key.environment };
  });
}
