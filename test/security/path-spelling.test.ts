import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFrameworkError, registerErrorHandling } from '../../src/platform/http/error-handler.js';
import { requestIdFor } from '../../src/platform/http/request-id.js';
import { API_KEY_ROUTE, type DeclaredRoute } from '../../src/platform/http/route-policy.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { concretePath, requestFor } from './route-walk.js';

/**
 * Other spellings of a path: each either reaches the same route (and its guard) or no route at
 * all. The gate once decided from the raw URL while the router matched the decoded path, so
 * `/%761/monitoring/airlines` was served without a key.
 */
function spellings(path: string): string[] {
  const rest = path.slice('/v1/'.length); // e.g. monitoring/airlines
  const [first, ...more] = rest.split('/');
  const tail = more.length ? `/${more.join('/')}` : '';
  const encodedFirstChar = `%${first!.charCodeAt(0).toString(16)}${first!.slice(1)}`;
  return [
    `/%761/${rest}`, // %76 is "v"
    `/%76%31/${rest}`,
    `/%56%31/${rest}`, // "V1"
    `/V1/${rest}`,
    `/v1%2F${rest}`,
    `/v1/${first}%2F${more.join('%2F')}`,
    `/%2Fv1/${rest}`,
    `//v1/${rest}`,
    `/v1//${rest}`,
    `/v1/./${rest}`,
    `/./v1/${rest}`,
    `/v1/x/../${rest}`,
    `/v1/x/%2e%2e/${rest}`,
    `/v1/x/%2E%2E/${rest}`,
    `/v1/${encodedFirstChar}${tail}`,
    `${path}/`,
    `${path}//`,
    `${path}/.`,
    `${path};x=1`,
    `${path}?x-api-key=fa_test_x`,
  ];
}

const isProtected = (r: DeclaredRoute) => r.auth === 'api-key' || r.auth === 'session';

/** One request over a raw socket, so no client library normalises the path first. */
function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; head: string; body: string }> {
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (withBody) lines.push('Content-Type: application/json', 'Content-Length: 2');
  const request = `${lines.join('\r\n')}\r\n\r\n${withBody ? '{}' : ''}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${method} ${path}`)));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
    socket.write(request);
  });
}

describe('path spellings never get past a guard', () => {
  let t: TestApp;
  let port: number;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    routes = t.app.declaredRoutes.filter(isProtected);
  });
  afterAll(() => t.close());

  it('the bypasses of the report are closed: 401, in the route’s own error shape', async () => {
    const plain = [
      ['GET', '/%761/monitoring/airlines'],
      ['GET', '/%761/monitoring/airlines/AA'],
      ['POST', '/%761/shopping/offers'],
      ['POST', '/%761/shopping/offers/stream'],
      ['POST', '/%761/offers/price'],
      ['GET', '/%761/offers/AA1-offer/seats'],
      ['GET', '/%761/offers/AA1-offer/services'],
      ['GET', '/%761/orders'],
    ] as const;
    for (const [method, url] of plain) {
      const res = await t.app.inject(requestFor({ method }, url));
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({
        error: 'missing X-API-Key',
        code: 'missing_api_key',
        request_id: res.headers['x-request-id'],
        documentation_url: expect.stringMatching(/\/docs\/errors#missing_api_key$/),
      });
      const raw = await rawRequest(port, method, url);
      expect(raw.status, `${method} ${url} over a socket`).toBe(401);
    }
    for (const url of ['/%761/aviation/airports', '/%761/aviation/airports/iata/JFK', '/%761/reference/sources']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({
        data: null,
        meta: { request_id: res.headers['x-request-id'] },
        errors: [
          {
            code: 'missing_api_key',
            message: 'missing X-API-Key',
            documentation_url: expect.stringMatching(/\/docs\/errors#missing_api_key$/),
          },
        ],
      });
      expect((await rawRequest(port, 'GET', url)).status, `${url} over a socket`).toBe(401);
    }
  });

  it('no spelling of a protected path is answered 2xx or 5xx without a credential (inject)', async () => {
    expect(routes.length).toBeGreaterThan(60);
    const seen = new Set<number>();
    for (const route of routes) {
      for (const url of spellings(concretePath(route.url))) {
        const res = await t.app.inject(requestFor(route, url));
        seen.add(res.statusCode);
        expect(res.statusCode, `${route.method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
      }
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining([401, 404]));
  });

  it('no spelling of a protected path is answered 2xx or 5xx without a credential (real HTTP, raw socket)', async () => {
    for (const route of routes) {
      for (const url of spellings(concretePath(route.url))) {
        const res = await rawRequest(port, route.method, url);
        expect(res.status, `${route.method} ${url} over a socket`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${route.method} ${url} over a socket`).toBeLessThan(500);
        expect(res.head.toLowerCase(), 'X-Request-Id on every answer').toContain('x-request-id: ');
      }
    }
  });

  it('a key restricted to some paths cannot leave them by spelling another path differently', async () => {
    const aviationOnly = await t.agencyWithKey({ allowedPaths: ['/v1/aviation'] });
    for (const url of ['/%761/orders', '/v1/%6frders', '/v1/orders/', '/V1/aviation/../orders', '/v1/aviation/%2e%2e/orders']) {
      const res = await t.app.inject({ url, headers: { 'x-api-key': aviationOnly.secret } });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.statusCode, url).toBeLessThan(500);
      const raw = await rawRequest(port, 'GET', url, { 'X-API-Key': aviationOnly.secret });
      expect(raw.status, `${url} over a socket`).not.toBe(200);
    }
    const refused = await t.app.inject({ url: '/%761/orders', headers: { 'x-api-key': aviationOnly.secret } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'path_not_allowed', error: 'api key does not allow /v1/orders' });

    // The restriction reads the path the router matched, so an allowed path in another spelling still works.
    const ordersOnly = await t.agencyWithKey({ allowedPaths: ['/v1/orders'] });
    expect((await t.app.inject({ url: '/%761/orders', headers: { 'x-api-key': ordersOnly.secret } })).statusCode).toBe(200);
    const outside = await t.app.inject({ url: '/%761/monitoring/airlines', headers: { 'x-api-key': ordersOnly.secret } });
    expect(outside.statusCode).toBe(403);

    // A parameter cannot add path segments to reach a narrower allowed path either.
    const oneAirline = await t.agencyWithKey({ allowedPaths: ['/v1/monitoring/airlines/AA'] });
    const viaParam = await t.app.inject({ url: '/v1/monitoring/airlines/AA%2F..', headers: { 'x-api-key': oneAirline.secret } });
    expect(viaParam.statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/v1/monitoring/airlines/%41A', headers: { 'x-api-key': oneAirline.secret } })).statusCode,
    ).toBe(200);
  });

  it('a read-only key cannot write through another spelling', async () => {
    const readOnly = await t.agencyWithKey({ readOnly: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/%761/offers/price',
      headers: { 'x-api-key': readOnly.secret, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('api_key_read_only');
  });
});

describe('the search limit counts every spelling of the search paths against the agency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 once the agency spent its searches, whichever way the path is spelled', async () => {
    const { secret } = await t.agencyWithKey();
    const search = (url: string) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-api-key': secret, 'content-type': 'application/json' }, payload: '{}' });
    // Bodies are invalid on purpose: the limit is taken before validation, so no airline is called.
    for (const url of ['/v1/shopping/offers', '/%761/shopping/offers', '/v1/shopping/offers/stream/']) {
      const res = await search(url);
      expect(res.statusCode, url).toBe(400);
    }
    const limited = await search('/%76%31/shopping/%6fffers');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    const anonymous = await t.app.inject({ method: 'POST', url: '/%761/shopping/offers', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('errors the router raises before any route answer in our format', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const long = 'a'.repeat(1001);
  const cases = [
    { url: '/v1/orders/%E0%A4%A', status: 400, code: 'invalid_path', surface: 'plain' },
    { url: '/v1/aviation/airports/%E0%A4%A', status: 400, code: 'invalid_path', surface: 'envelope' },
    { url: `/v1/orders/${long}`, status: 414, code: 'path_parameter_too_long', surface: 'plain' },
    { url: `/v1/offers/${long}/seats`, status: 414, code: 'path_parameter_too_long', surface: 'plain' },
    { url: `/v1/aviation/airports/${long}`, status: 414, code: 'path_parameter_too_long', surface: 'envelope' },
  ] as const;

  it('a malformed URL is 400 and an overlong path parameter 414, with request_id and X-Request-Id (inject)', async () => {
    for (const c of cases) {
      const res = await t.app.inject({ url: c.url });
      expect(res.statusCode, c.url.slice(0, 60)).toBe(c.status);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^req_/);
      if (c.surface === 'plain') expect(res.json()).toMatchObject({ code: c.code, request_id: id });
      else expect(res.json()).toMatchObject({ data: null, meta: { request_id: id }, errors: [{ code: c.code }] });
      expect(typeof (res.json().error ?? res.json().errors[0].message)).toBe('string');
    }
  });

  it('the same over a socket, keeping a caller’s own request id', async () => {
    for (const c of cases) {
      const res = await rawRequest(port, 'GET', c.url, { 'X-Request-Id': 'trace-path-1' });
      expect(res.status, c.url.slice(0, 60)).toBe(c.status);
      const id = /x-request-id: (req_[0-9A-Za-z]{20}_trace-path-1)\r\n/i.exec(res.head)?.[1];
      expect(id, c.url.slice(0, 60)).toBeDefined();
      const body = JSON.parse(res.body) as Record<string, unknown>;
      if (c.surface === 'plain') expect(body).toMatchObject({ code: c.code, request_id: id });
      else expect(body).toMatchObject({ data: null, meta: { request_id: id }, errors: [{ code: c.code }] });
    }
  });

  it('a failing async route constraint is a logged 500 in our format, not Fastify’s own body', async () => {
    // The gateway has no async constraints; this proves the handler Fastify would call for one.
    const logged: string[] = [];
    const tenant = {
      name: 'tenant',
      storage() {
        const handlers = new Map<string, unknown>();
        return { get: (k: string) => handlers.get(k) ?? null, set: (k: string, v: unknown) => void handlers.set(k, v) };
      },
      // Three parameters make the constraint asynchronous for the router.
      deriveConstraint(_req: unknown, _ctx: unknown, done: (err: Error | null, value?: string) => void) {
        done(new Error('tenant lookup failed'));
      },
      mustMatchWhenDerived: true,
      validate() {},
    };
    const options = {
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
      frameworkErrors: answerFrameworkError,
      genReqId: requestIdFor,
      constraints: { tenant },
    };
    const app = Fastify(options as unknown as FastifyServerOptions);
    registerErrorHandling(app, 'http://gateway.test/docs/errors');
    app.get('/v1/tenant', { constraints: { tenant: 'a' }, config: API_KEY_ROUTE }, async () => 'ok');
    try {
      const res = await app.inject({ url: '/v1/tenant' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: 'internal server error',
        code: 'internal_error',
        request_id: res.headers['x-request-id'],
        documentation_url: 'http://gateway.test/docs/errors#internal_error',
      });
      expect(logged.some((l) => l.includes('FST_ERR_ASYNC_CONSTRAINT'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
