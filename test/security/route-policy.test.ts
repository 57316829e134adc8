import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import {
  PUBLIC_ROUTE,
  SESSION_ROUTE,
  setRoutePolicy,
  type DeclaredRoute,
  type MeterSurface,
} from '../../src/platform/http/route-policy.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { createTestPlatform } from '../helpers/test-platform.js';
import { concretePath, requestFor } from './route-walk.js';

/**
 * The routes anyone may call without a credential. Adding a public route means adding it here:
 * a conscious act, reviewed like any other change to the attack surface.
 */
const PUBLIC_ROUTES = [
  '/v1/health',
  '/v1/health/ready',
  '/v1/subscribe',
  '/v1/dev/signup',
  '/v1/dev/verify-email',
  '/v1/dev/login',
  '/v1/dev/login/mfa',
  '/v1/dev/password-reset',
  '/v1/dev/password-reset/confirm',
  '/v1/dev/invites/accept',
  '/',
  '/openapi.json',
  '/openapi/dashboard.json',
  '/openapi/operator.json',
  '/docs',
  '/docs/scalar.js',
  '/docs/errors',
  '/docs/errors.md',
  '/dashboard',
  '/dashboard/*',
];
const METRICS_ROUTES = ['/metrics'];
/** Airlines pushing their change notifications, authenticated by an HMAC signature (docs/orders.md). */
const AIRLINE_ROUTES = ['/v1/airlines/:airline/notifications', '/v1/sources/duffel/webhooks'];

/** The error's code and sentence, in either shape; checks the shape is the route's surface. */
function errorOf(res: LightMyRequestResponse, route: DeclaredRoute): { code: string; message: string } {
  const body = res.json<Record<string, unknown>>();
  expect(res.headers['x-request-id'], 'X-Request-Id header').toBeTruthy();
  if (route.surface === 'envelope') {
    expect(body, `${route.method} ${route.url}: envelope`).toMatchObject({
      data: null,
      meta: { request_id: res.headers['x-request-id'] },
    });
    const [first] = body.errors as { code: string; message: string }[];
    return { code: first!.code, message: first!.message };
  }
  expect(body.request_id, `${route.method} ${route.url}: plain shape`).toBe(res.headers['x-request-id']);
  return { code: body.code as string, message: body.error as string };
}

describe('every registered route declares its policy, and the policy holds', () => {
  let t: TestApp;
  let routes: readonly DeclaredRoute[];

  beforeAll(async () => {
    t = await buildTestApp();
    routes = t.app.declaredRoutes;
  });
  afterAll(() => t.close());

  const only = (auth: DeclaredRoute['auth']) => routes.filter((r) => r.auth === auth);

  it('the list covers every route the router knows (checked against Fastify’s own route tree)', () => {
    expect(routes.length).toBeGreaterThan(60);
    const tree = t.app.printRoutes({ commonPrefix: false });
    const inTree = [...tree.matchAll(/\(([A-Z, ]+)\)/g)].reduce((n, m) => n + m[1]!.split(', ').length, 0);
    expect(routes.length).toBe(inTree);
    for (const r of routes) expect(t.app.hasRoute({ method: r.method as 'GET', url: r.url }), `${r.method} ${r.url}`).toBe(true);
  });

  it('public and metrics routes are exactly the listed ones', () => {
    expect([...new Set(only('public').map((r) => r.url))].sort()).toEqual([...PUBLIC_ROUTES].sort());
    expect([...new Set(only('metrics-token').map((r) => r.url))]).toEqual(METRICS_ROUTES);
    expect([...new Set(only('airline-signature').map((r) => r.url))]).toEqual(AIRLINE_ROUTES);
    expect(
      only('api-key').length +
        only('session').length +
        only('public').length +
        only('metrics-token').length +
        only('airline-signature').length,
    ).toBe(routes.length);
  });

  it('aviation and reference routes answer in the envelope, every other route in the plain shape', () => {
    for (const r of routes) {
      const envelope = r.url.startsWith('/v1/aviation') || r.url.startsWith('/v1/reference');
      expect(r.surface, `${r.method} ${r.url}`).toBe(envelope ? 'envelope' : 'plain');
    }
  });

  it('every api-key route under the metered prefixes declares its meter, the usage surface of its prefix (docs/plans.md)', () => {
    const surfaces: [string, MeterSurface][] = [
      ['/v1/shopping', 'shopping'],
      ['/v1/offers', 'offers'],
      ['/v1/orders', 'orders'],
      ['/v1/monitoring', 'monitoring'],
      ['/v1/aviation', 'aviation'],
      ['/v1/reference', 'reference'],
    ];
    const keyRoutes = only('api-key');
    for (const r of keyRoutes) {
      const surface = surfaces.find(([prefix]) => r.url === prefix || r.url.startsWith(`${prefix}/`))?.[1];
      if (surface) expect(r.meter, `${r.method} ${r.url}`).toBe(surface);
    }
    expect(keyRoutes.filter((r) => r.meter).length).toBeGreaterThan(40);
    // Only a key's requests are metered: no session, public or metrics route declares a meter.
    expect(routes.filter((r) => r.auth !== 'api-key' && r.meter).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('every api-key route answers 401 missing X-API-Key without a key and 401 invalid api key with a wrong one', async () => {
    const keyRoutes = only('api-key');
    expect(keyRoutes.length).toBeGreaterThan(40);
    for (const route of keyRoutes) {
      const url = concretePath(route.url);
      const missing = await t.app.inject(requestFor(route, url));
      expect(missing.statusCode, `${route.method} ${url} without a key`).toBe(401);
      if (route.method === 'HEAD') continue;
      expect(errorOf(missing, route)).toEqual({ code: 'missing_api_key', message: 'missing X-API-Key' });

      const wrong = await t.app.inject(requestFor(route, url, { 'x-api-key': `fa_test_${'Z'.repeat(43)}` }));
      expect(wrong.statusCode, `${route.method} ${url} with a wrong key`).toBe(401);
      expect(errorOf(wrong, route)).toEqual({ code: 'invalid_api_key', message: 'invalid api key' });
    }
  });

  it('every session route answers 401 missing_session without a bearer and 401 with a wrong one', async () => {
    const sessionRoutes = only('session');
    expect(sessionRoutes.length).toBeGreaterThan(20);
    for (const route of sessionRoutes) {
      const url = concretePath(route.url);
      const missing = await t.app.inject(requestFor(route, url));
      expect(missing.statusCode, `${route.method} ${url} without a session`).toBe(401);
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="portal"');
      if (route.method !== 'HEAD') expect(errorOf(missing, route).code).toBe('missing_session');

      const wrong = await t.app.inject(requestFor(route, url, { authorization: 'Bearer sess_not_a_real_session_token' }));
      expect(wrong.statusCode, `${route.method} ${url} with a wrong session`).toBe(401);
      if (route.method !== 'HEAD') expect(errorOf(wrong, route).code).toBe('invalid_session');
    }
  });

  it('an API key does not open a session route, and a session bearer does not open an api-key route', async () => {
    const { secret } = await t.agencyWithKey();
    const dev = await t.app.inject({ url: '/v1/dev/api-keys', headers: { 'x-api-key': secret } });
    expect(dev.statusCode).toBe(401);
    expect(dev.json().code).toBe('missing_session');
    const data = await t.app.inject({ url: '/v1/monitoring/airlines', headers: { authorization: 'Bearer sess_whatever' } });
    expect(data.statusCode).toBe(401);
    expect(data.json().error).toBe('missing X-API-Key');
  });

  it('the airline notification route refuses a caller without a valid signature (401 invalid_signature)', async () => {
    for (const route of only('airline-signature')) {
      const url = concretePath(route.url).replace(/\/[^/]+\/notifications$/, '/aa/notifications');
      // Each in the type it reads: another type is 415 before the signature is looked at.
      const xml = url.endsWith('/notifications');
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { 'content-type': xml ? 'application/xml' : 'application/json' },
        payload: xml ? '<IATA_OrderChangeNotifRQ/>' : '{"id":"wev_1"}',
      });
      expect(res.statusCode, `${route.method} ${url}`).toBe(401);
      expect(errorOf(res, route).code).toBe('invalid_signature');
    }
  });

  it('the metrics route is never open to a remote caller without its token', async () => {
    const res = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect([401, 403]).toContain(res.statusCode);
  });

  it('a path that matches no route is 404 (or 405) before any credential is asked for', async () => {
    const unknown = await t.app.inject({ url: '/v1/nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', request_id: unknown.headers['x-request-id'] });
    const aviation = await t.app.inject({ url: '/v1/aviation/nowhere' });
    expect(aviation.statusCode).toBe(404);
    expect(aviation.json()).toMatchObject({ data: null, errors: [{ code: 'not_found' }] });
    const reference = await t.app.inject({ method: 'DELETE', url: '/v1/reference/sources' });
    expect(reference.statusCode).toBe(405);
    expect(reference.json()).toMatchObject({ data: null, errors: [{ code: 'method_not_allowed' }] });
    const wrongMethod = await t.app.inject({ method: 'PATCH', url: '/v1/orders' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, POST');
  });
});

describe('a route without a declared policy', () => {
  it('stops the app from starting, naming the route', async () => {
    const platform = await createTestPlatform();
    const app = await buildApp(platform);
    try {
      app.get('/v1/forgotten', async () => ({ open: true }));
      await expect(app.ready()).rejects.toThrow(/routes without a declared policy.*GET \/v1\/forgotten/);
    } finally {
      await app.close().catch(() => undefined);
      await platform.close();
    }
  });

  it('is refused even when it only declares half of it', async () => {
    const platform = await createTestPlatform();
    const app = await buildApp(platform);
    try {
      app.get('/v1/half', { config: { surface: 'plain' } }, async () => ({ open: true }));
      await expect(app.ready()).rejects.toThrow(/GET \/v1\/half/);
    } finally {
      await app.close().catch(() => undefined);
      await platform.close();
    }
  });
});

describe('the session gate', () => {
  let t: TestApp;
  const PASSWORD = 'violet-harbour-sunrise-42';
  const seen = (request: FastifyRequest) => ({ userId: request.session?.userId ?? null });

  beforeAll(async () => {
    // Session routes the way any feature could add one, with no hook of their own: in a scope
    // that sets the policy, and at the root declaring it on the route; and a public route.
    t = await buildTestApp({
      routes: (app) => {
        void app.register(async (scope) => {
          setRoutePolicy(scope, SESSION_ROUTE);
          scope.get('/v1/dev/probe-scoped', async (request) => seen(request));
        });
        app.post('/v1/admin/probe-root', { config: SESSION_ROUTE }, async (request) => seen(request));
        app.get('/v1/probe-public', { config: PUBLIC_ROUTE }, async (request) => seen(request));
      },
    });
  });
  afterAll(() => t.close());

  async function signIn(): Promise<{ userId: string; token: string }> {
    const agency = await t.gateway.identity.createAgency({ name: 'Gate Agency' });
    const email = `gate-${Math.random().toString(36).slice(2, 8)}@agency.test`;
    const user = await t.gateway.identity.createUser({ agencyId: agency.id, email, password: PASSWORD, role: 'owner' });
    const login = await t.app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    return { userId: user.id, token: login.json<{ token: string }>().token };
  }

  it('guards a session route that declares the policy and adds no hook, wherever it is registered', async () => {
    const { userId, token } = await signIn();
    for (const [method, url] of [
      ['GET', '/v1/dev/probe-scoped'],
      ['POST', '/v1/admin/probe-root'],
    ] as const) {
      const missing = await t.app.inject({ method, url });
      expect(missing.statusCode, `${method} ${url} without a session`).toBe(401);
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="portal"');
      expect(missing.json()).toMatchObject({ code: 'missing_session', request_id: missing.headers['x-request-id'] });

      const malformed = await t.app.inject({ method, url, headers: { authorization: 'Basic dXNlcjpwYXNz' } });
      expect(malformed.statusCode, `${method} ${url} with another scheme`).toBe(401);
      expect(malformed.json().code).toBe('invalid_session');

      const ok = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode, `${method} ${url} with a session`).toBe(200);
      expect(ok.json()).toEqual({ userId });
    }
  });

  it('refuses a session that has ended', async () => {
    const { token } = await signIn();
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'POST', url: '/v1/dev/logout', headers })).statusCode).toBe(200);
    const ended = await t.app.inject({ url: '/v1/dev/probe-scoped', headers });
    expect(ended.statusCode).toBe(401);
    expect(ended.headers['www-authenticate']).toBe('Bearer realm="portal"');
    expect(ended.json().code).toBe('invalid_session');
  });

  it('leaves every other route alone: a public route neither asks for a session nor reads one sent to it', async () => {
    const { token } = await signIn();
    const res = await t.app.inject({ url: '/v1/probe-public', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: null });
    expect((await t.app.inject({ url: '/v1/probe-public' })).statusCode).toBe(200);
  });
});
