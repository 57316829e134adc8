import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Surface } from './surfaces.js';

/**
 * How a route is authenticated. The API-key gate enforces `api-key`, the session gate `session`;
 * the other kinds name the check that guards the route so the choice is visible on the route and
 * provable by a test. What each means is ROUTE_AUTH_MEANINGS (the docs' list is rendered from it).
 */
export const ROUTE_AUTH_KINDS = ['public', 'api-key', 'session', 'metrics-token', 'airline-signature'] as const;
export type RouteAuth = (typeof ROUTE_AUTH_KINDS)[number];

/** What each kind checks, and where: one line each, rendered into docs/route-policy.md and docs/architecture.md. */
export const ROUTE_AUTH_MEANINGS: Readonly<Record<RouteAuth, string>> = {
  public: 'no credential (liveness, readiness, sign-up, login, the API descriptions and docs)',
  'api-key': "`X-API-Key`, checked by the API-key gate (`src/auth/api-key-gate.ts`) with the key's restrictions",
  session: 'a portal bearer token, checked by the session gate (`src/identity/sessions/session-gate.ts`)',
  'metrics-token': "the scrape endpoint's own token check (`src/platform/http/metrics-routes.ts`)",
  'airline-signature':
    "a source calling the gateway (an airline's change notifications, Duffel's webhooks), checked by the route's own HMAC signature check with the shared secret",
};

/**
 * The usage surfaces a metered route counts under (src/billing): requests of an API key to a route
 * that declares one are counted, and a developer-portal key's are held to its plan's standing check.
 */
export const METER_SURFACES = ['shopping', 'offers', 'orders', 'monitoring', 'aviation', 'reference'] as const;
export type MeterSurface = (typeof METER_SURFACES)[number];

/** What a route declares about itself, read by the gate, the error handler and the meter. */
export interface RoutePolicy {
  auth: RouteAuth;
  /** The error shape of the route: `plain` `{error, code, request_id}` or the aviation `envelope`. */
  surface: Surface;
  /** The usage surface the route is metered under; absent: not metered. */
  meter?: MeterSurface;
  /**
   * `noted`: the request log keeps a note in place of the route's successful answer, for public
   * reference data the same request answers again; absent: its redacted JSON, as for every route
   * (docs/operations/request-log.md).
   */
  answerLogged?: 'noted';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    surface?: Surface;
    meter?: MeterSurface;
    answerLogged?: 'noted';
  }
}

export const API_KEY_ROUTE: RoutePolicy = Object.freeze({ auth: 'api-key', surface: 'plain' });
export const API_KEY_ENVELOPE_ROUTE: RoutePolicy = Object.freeze({ auth: 'api-key', surface: 'envelope' });
export const SESSION_ROUTE: RoutePolicy = Object.freeze({ auth: 'session', surface: 'plain' });
export const PUBLIC_ROUTE: RoutePolicy = Object.freeze({ auth: 'public', surface: 'plain' });

type RouteConfig = NonNullable<RouteOptions['config']>;

// What each route declared itself, captured the first time any default hook sees it, so that
// defaults of nested scopes never overwrite a route's own declaration.
const declared = new WeakMap<object, Partial<RoutePolicy>>();

function ownPolicy(route: RouteOptions): Partial<RoutePolicy> {
  let own = declared.get(route);
  if (!own) {
    const config = (route.config ?? {}) as RouteConfig;
    own = {};
    if (config.auth !== undefined) own.auth = config.auth;
    if (config.surface !== undefined) own.surface = config.surface;
    if (config.meter !== undefined) own.meter = config.meter;
    if (config.answerLogged !== undefined) own.answerLogged = config.answerLogged;
    declared.set(route, own);
  }
  return own;
}

/**
 * Gives every route registered in this encapsulation context (the plugin `scope` and its children)
 * the policy `defaults`, unless the route declares its own in `config`. Call it at the top of an
 * encapsulated plugin; a plugin wrapped with fastify-plugin shares its parent's context, so its
 * routes declare `config` themselves instead. Inner scopes refine outer ones.
 */
export function setRoutePolicy(scope: FastifyInstance, defaults: RoutePolicy): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), ...defaults, ...ownPolicy(route) };
  });
}

export function isRoutePolicy(config: unknown): config is RoutePolicy {
  const c = config as Partial<RoutePolicy> | undefined;
  return (
    c !== undefined &&
    (ROUTE_AUTH_KINDS as readonly string[]).includes(c.auth ?? '') &&
    (c.surface === 'plain' || c.surface === 'envelope')
  );
}

/** One registered route and its policy: the list the route-policy test walks. */
export interface DeclaredRoute extends RoutePolicy {
  method: string;
  url: string;
  /** The route takes any query string (`config.openQuery`, strict-query.ts). */
  openQuery?: true;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app with its policy, filled once the app is ready. */
    readonly declaredRoutes: readonly DeclaredRoute[];
  }
}

/**
 * Fails closed: the app refuses to start (ready() rejects) while any route has no declared policy,
 * so a route can never be served unguarded because someone forgot to say what guards it.
 * The check runs at ready, not in onRoute, because the root's onRoute hooks run before the
 * default-filling hooks of the scope the route lives in. Call it before any route is added.
 */
export function requireRoutePolicies(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter((r) => !isRoutePolicy(r.config)).map((r) => `${String(r.method)} ${r.url}`);
    if (missing.length > 0) {
      throw new Error(
        `routes without a declared policy (config.auth and config.surface; see src/platform/http/route-policy.ts): ${missing.join(', ')}`,
      );
    }
    for (const route of routes.splice(0)) {
      const { auth, surface, meter, answerLogged } = route.config as RoutePolicy;
      const open = route.config?.openQuery === true ? { openQuery: true as const } : {};
      for (const method of [route.method].flat()) {
        declaredRoutes.push({
          method,
          url: route.url,
          auth,
          surface,
          ...(meter ? { meter } : {}),
          ...(answerLogged ? { answerLogged } : {}),
          ...open,
        });
      }
    }
  });
}

/** The policy of the route a request matched, or null when it matched none (the not-found handler). */
export function policyOf(request: FastifyRequest): RoutePolicy | null {
  if (request.is404) return null;
  const config = request.routeOptions.config;
  return isRoutePolicy(config) ? config : null;
}

/**
 * The path the router matched, spelled canonically: the route template with each parameter
 * percent-encoded. `/%761/orders/a%2Fb` and `/v1/orders/a%2Fb/` both give `/v1/orders/a%2Fb`, and a
 * parameter can never add path segments, so prefix checks on it (key `allowedPaths`) cannot be
 * escaped by another spelling of the same path.
 */
export function matchedPath(request: FastifyRequest): string | null {
  const template = request.routeOptions.url;
  if (request.is404 || template === undefined) return null;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return template
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''))
    .replace(/\*$/, () => encodeURIComponent(params['*'] ?? ''));
}
