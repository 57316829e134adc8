import type { FastifyInstance, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError, unauthorized } from '../platform/errors.js';
import { matchedPath, type RouteAuth } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { recordSecurityEvent } from '../identity/security-events/store.js';
import type { KeyIdentity, VerifiedKey } from './api-keys/key-cache.js';
import { checkRestrictions, type RestrictionRefusal } from './api-keys/key-restrictions.js';
import type { ApiKeyService } from './api-keys/key-service.js';

/** What every later module knows about the caller of a key-authenticated request (frozen, shared by its requests). */
export type ApiKeyContext = KeyIdentity;

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyContext | null;
  }
}

/**
 * Fails closed: only routes that declared another guard skip the key. A route with no declared
 * policy cannot start (requireRoutePolicies, in app.ts); were one served anyway, it would still need a key.
 */
function needsApiKey(auth: RouteAuth | undefined): boolean {
  return auth !== 'public' && auth !== 'session' && auth !== 'metrics-token' && auth !== 'airline-signature';
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

  /** Restrictions, then the request carries the key's identity and the use is noted for last_used_at. */
  function admit(request: FastifyRequest, key: VerifiedKey | null, done: HookHandlerDoneFunction): void {
    if (!key) return done(unauthorized('invalid api key', 'invalid_api_key'));
    const refusal = checkRestrictions(key, request, gatePath, platform.clock);
    if (refusal) {
      logRefusal(request, key, refusal, gatePath(request));
      return done(new AppError(refusal.status, refusal.code, refusal.message));
    }
    request.apiKey = key.identity;
    keys.usage.touch(key.id, Date.now());
    done();
  }

  app.decorateRequest('apiKey', null);
  // Decided by the matched route's declared policy, never by URL text: the router has already
  // decoded and matched the path, so every spelling of a path gets the same decision. A request
  // that matched no route is left to the not-found handler (404/405) and reaches no handler.
  // A callback hook, not an async one: a key the cache knows (the usual case) is admitted with
  // no promise, no await and no closure; only a lookup in the database waits.
  app.addHook('onRequest', function apiKeyGate(request, _reply, done) {
    if (request.is404 || !needsApiKey(request.routeOptions.config.auth)) return done();

    const header = request.headers['x-api-key'];
    if (header === undefined || header === '') return done(missingKey(request.headers.authorization !== undefined));
    if (typeof header !== 'string') return done(unauthorized('invalid api key', 'invalid_api_key'));

    const raw = header.trim();
    const known = keys.cached(raw);
    if (known !== undefined) return admit(request, known, done);
    keys.authenticate(raw).then((key) => {
      // Outside Fastify's hook runner here: a throw must still answer the request, not hang it.
      try {
        admit(request, key, done);
      } catch (err) {
        done(err as Error);
      }
    }, done);
  });
}

// The path as the router matched it (template and encoded params): what restrictions compare.
function gatePath(request: FastifyRequest): string {
  return matchedPath(request) ?? request.routeOptions.url ?? '';
}

/**
 * The contract's 401 `missing X-API-Key`; when the request carries `Authorization` instead (the
 * habit of most APIs), `detail` says where the key goes.
 */
function missingKey(sentAuthorization: boolean): AppError {
  if (!sentAuthorization) return unauthorized('missing X-API-Key', 'missing_api_key');
  return new AppError(401, 'missing_api_key', 'missing X-API-Key', {
    fields: {
      detail:
        'send the API key in the X-API-Key header, not in Authorization (a Bearer token is for /v1/dev and /v1/admin sessions)',
    },
  });
}
