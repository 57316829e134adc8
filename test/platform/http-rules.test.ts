import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { probeRoutes } from '../helpers/probe-routes.js';
import { API_KEY_ROUTE } from '../../src/platform/http/route-policy.js';

const MIB = 1024 * 1024;

/** A JSON body of exactly `size` bytes: {"pad":"xxxx..."} */
function jsonOfSize(size: number): string {
  const overhead = '{"pad":""}'.length;
  return `{"pad":"${'x'.repeat(size - overhead)}"}`;
}

describe('cross-cutting HTTP rules', () => {
  let t: TestApp;
  let key: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ routes: probeRoutes, logLines });
    key = (await t.agencyWithKey()).secret;
  });
  afterAll(() => t.close());

  const post = (payload: string | Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/probe/echo',
      payload,
      headers: { 'content-type': 'application/json', 'x-api-key': key, ...headers },
    });

  it('accepts a body of exactly 1 MiB', async () => {
    const body = jsonOfSize(MIB);
    expect(Buffer.byteLength(body)).toBe(MIB);
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().body.pad).toHaveLength(MIB - 10);
  });

  it('refuses 1 MiB + 1 byte with 413', async () => {
    const res = await post(jsonOfSize(MIB + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'request body too large' });
  });

  it('refuses malformed JSON with a generic 400 that never quotes the body', async () => {
    const res = await post('{"secretive": "s3cr3t-value", oops}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid request body' });
    expect(res.body).not.toContain('s3cr3t-value');
  });

  it('refuses a truncated body', async () => {
    const res = await post('{"origin": "JFK", "destin');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid request body');
  });

  it('refuses bytes that are not UTF-8', async () => {
    const res = await post(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('request body is not valid UTF-8');
  });

  it('refuses deeply nested bodies', async () => {
    const res = await post(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/nested more than 64 levels/);
  });

  it('refuses prototype-poisoning keys', async () => {
    const res = await post('{"__proto__": {"admin": true}}');
    expect(res.statusCode).toBe(400);
  });

  it('refuses a body in another content type with 415', async () => {
    const res = await post('origin=JFK', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatch(/application\/json/);
  });

  it('treats an empty JSON body as no body', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toBeNull();
  });

  it('answers an unknown path with 404 in the plain shape', async () => {
    const res = await t.app.inject({ url: '/v1/nowhere', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', request_id: res.headers['x-request-id'] });
    expect(typeof res.json().error).toBe('string');
  });

  it('answers an unknown aviation path with 404 in the envelope', async () => {
    const res = await t.app.inject({ url: '/v1/aviation/nowhere', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: null, errors: [{ code: 'not_found' }] });
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/v1/health' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.json().code).toBe('method_not_allowed');
  });

  it('puts X-Request-Id on every response and request_id in every error body', async () => {
    const ok = await t.app.inject({ url: '/v1/health' });
    expect(ok.headers['x-request-id']).toMatch(/^req_[0-9A-Za-z]{20}$/);
    const next = await t.app.inject({ url: '/v1/health' });
    expect(next.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
    const err = await t.app.inject({ url: '/v1/probe/whoami' });
    expect(err.json().request_id).toBe(err.headers['x-request-id']);
  });

  it('keeps a caller-supplied request id after a minted one and replaces an unsafe one', async () => {
    const kept = await t.app.inject({ url: '/v1/health', headers: { 'x-request-id': 'trace-123.abc' } });
    expect(kept.headers['x-request-id']).toMatch(/^req_[0-9A-Za-z]{20}_trace-123\.abc$/);
    const replaced = await t.app.inject({ url: '/v1/health', headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^req_[0-9A-Za-z]{20}$/);
  });

  it('never lets a caller reuse a request id: one id names one request (hardening round 4)', async () => {
    // A caller copying another request's id (another agency's, from a shared error report).
    const victim = await t.app.inject({ url: '/v1/probe/whoami' });
    const victimId = String(victim.headers['x-request-id']);
    const copied = await t.app.inject({ url: '/v1/probe/whoami', headers: { 'x-request-id': victimId } });
    expect(copied.headers['x-request-id']).not.toBe(victimId);
    expect(copied.json().request_id).toBe(copied.headers['x-request-id']);
    // The same caller id twice names two requests.
    const first = await t.app.inject({ url: '/v1/health', headers: { 'x-request-id': 'retry-1' } });
    const second = await t.app.inject({ url: '/v1/health', headers: { 'x-request-id': 'retry-1' } });
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    // Overlong ids are replaced, not kept.
    const long = await t.app.inject({ url: '/v1/health', headers: { 'x-request-id': 'a'.repeat(65) } });
    expect(long.headers['x-request-id']).toMatch(/^req_[0-9A-Za-z]{20}$/);
  });

  it('hides internal errors behind a generic 500 and logs them with the request id', async () => {
    const res = await t.app.inject({ url: '/v1/probe/crash', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'internal server error',
      code: 'internal_error',
      request_id: res.headers['x-request-id'],
      documentation_url: expect.stringMatching(/\/docs\/errors#internal_error$/),
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
    const logged = logLines.map((l) => JSON.parse(l) as { reqId?: string; level: number });
    expect(logged.some((l) => l.reqId === res.headers['x-request-id'] && l.level === 50)).toBe(true);
  });

  it('refuses a repeated X-API-Key header', async () => {
    const res = await t.app.inject({ url: '/v1/probe/whoami', headers: { 'x-api-key': [key, key] } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid api key');
  });

  it('answers a malformed percent-encoded path with a 400 sentence', async () => {
    const res = await t.app.inject({ url: '/v1/probe/%E0%A4%A', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().error).toBe('string');
  });

  it('answers the envelope on aviation paths for auth errors too', async () => {
    const res = await t.app.inject({ url: '/v1/aviation/probe' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ data: null, errors: [{ code: 'missing_api_key', message: 'missing X-API-Key' }] });
  });
});

describe('validation messages name the field and what it allows', () => {
  let v: TestApp;
  let vKey: string;
  const Literal = (value: string) => ({ const: value, type: 'string' });

  beforeAll(async () => {
    v = await buildTestApp({
      routes: (app) => {
        probeRoutes(app);
        app.post(
          '/v1/probe/validate',
          {
            config: API_KEY_ROUTE,
            schema: {
              querystring: {
                type: 'object',
                properties: {
                  n: { type: 'integer', minimum: 1, maximum: 10 },
                  tags: { type: 'array', items: { type: 'string' } },
                },
              },
              body: {
                type: 'object',
                required: ['kind'],
                properties: {
                  kind: Literal('fixed'),
                  status: { anyOf: [Literal('open'), Literal('held'), Literal('closed')] },
                  note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                  radius: { type: 'number', exclusiveMinimum: 0 },
                  step: { type: 'number', multipleOf: 5 },
                  day: { type: 'string', format: 'date' },
                  codes: { type: 'array', uniqueItems: true, items: { type: 'string' } },
                  meta: { type: 'object', minProperties: 1 },
                  items: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['sku'],
                      properties: { sku: { type: 'string' }, qty: { type: 'integer' } },
                    },
                  },
                },
              },
            },
          },
          async (request) => ({ body: request.body, query: request.query }),
        );
      },
    });
    vKey = (await v.agencyWithKey()).secret;
  });
  afterAll(() => v.close());

  const send = (payload: unknown, query = '') =>
    v.app.inject({
      method: 'POST',
      url: `/v1/probe/validate${query}`,
      headers: { 'x-api-key': vKey },
      payload: payload as object,
    });

  it.each([
    [{}, 'kind is required'],
    [{ kind: 'other' }, 'kind must be one of: fixed'],
    [{ kind: 'fixed', status: 'gone' }, 'status must be one of: open, held, closed'],
    [{ kind: 'fixed', note: 5 }, 'note must be a string or null'],
    [{ kind: 'fixed', radius: 0 }, 'radius must be > 0'],
    [{ kind: 'fixed', step: 7 }, 'step must be a multiple of 5'],
    [{ kind: 'fixed', day: '2027-02-30' }, 'day must be a valid date (YYYY-MM-DD)'],
    [{ kind: 'fixed', codes: ['a', 'a'] }, 'codes must not list the same item twice'],
    [{ kind: 'fixed', meta: {} }, 'meta must have at least 1 field'],
    [{ kind: 'fixed', items: [{ sku: 'a' }, { sku: 'b', qty: '2' }] }, 'items[1].qty must be an integer'],
    [{ kind: 'fixed', items: [{}] }, 'items[0].sku is required'],
    [[1], 'request body must be a JSON object'],
  ])('%j → %s', async (payload, message) => {
    const res = await send(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('coerces query strings only: ?n=5 is the integer 5, a body "5" is not', async () => {
    const ok = await send({ kind: 'fixed' }, '?n=5&tags=x');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().query).toEqual({ n: 5, tags: ['x'] });
    const refused = await send({ kind: 'fixed', items: [{ sku: 'a', qty: '5' }] });
    expect(refused.json().error).toBe('items[0].qty must be an integer');
    expect((await send({ kind: 'fixed' }, '?n=abc')).json().error).toBe('n must be an integer');
    expect((await send({ kind: 'fixed' }, '?n=Infinity')).json().error).toBe('n must be a finite number');
  });

  it('refuses NUL in a body string, a query value, a header, naming each', async () => {
    expect((await send({ kind: 'fixed', items: [{ sku: 'a\u0000' }] })).json().error).toBe(
      'items[0].sku must not contain NUL characters',
    );
    expect((await send({ kind: 'fixed' }, '?tags=a%00b')).json().error).toBe('tags must not contain NUL characters');
    const header = await v.app.inject({
      method: 'GET',
      url: '/v1/probe/whoami',
      headers: { 'x-api-key': vKey, 'x-note': 'a\u0000' },
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().error).toBe('header x-note must not contain NUL characters');
  });
});
