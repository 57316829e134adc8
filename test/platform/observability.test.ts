import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { probeRoutes } from '../helpers/probe-routes.js';

describe('observability', () => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ routes: probeRoutes, logLines });
  });
  afterAll(() => t.close());

  it('serves Prometheus metrics by route template and status', async () => {
    await t.app.inject({ url: '/v1/health' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/v1\/health",status_code="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
  });

  it('without METRICS_TOKEN, answers /metrics to this host only: not to a remote peer, not through a proxy', async () => {
    const remote = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.20' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'metrics_local_only' });
    expect(remote.body).not.toContain('http_request_duration_seconds');
    // A reverse proxy on the same host connects from loopback, but says it relayed the request.
    const relayed = await t.app.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(relayed.statusCode).toBe(403);
    const forwarded = await t.app.inject({ url: '/metrics', remoteAddress: '::1', headers: { forwarded: 'for=127.0.0.1' } });
    expect(forwarded.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('serves OpenAPI 3.1 generated from the route schemas, version 2.9.0, and a docs UI', async () => {
    const spec = (await t.app.inject({ url: '/openapi.json' })).json();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.info.version).toBe('2.9.0');
    expect(spec.paths['/v1/health/ready'].get.responses).toHaveProperty('503');
    expect(spec.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const docs = await t.app.inject({ url: '/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('never writes keys, session tokens or secrets to the logs', async () => {
    const { secret, keyId, agencyId } = await t.agencyWithKey();
    await t.app.inject({ url: '/v1/probe/whoami', headers: { 'x-api-key': secret, authorization: 'Bearer sess_topsecret' } });
    await t.app.inject({ url: '/v1/probe/crash', headers: { 'x-api-key': secret } });
    await t.app.inject({
      method: 'POST',
      url: '/v1/probe/echo',
      headers: { 'x-api-key': secret },
      payload: { password: 'pw-in-body' },
    });
    const revealed = await t.gateway.apiKeys.reveal(keyId, agencyId);
    t.platform.logger.info({ secret: revealed, password: 'pw', token: 'tok' }, 'a careless log call');
    const all = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(3);
    for (const needle of [secret, 'sess_topsecret', 'pw-in-body', '"pw"', 'tok"']) expect(all).not.toContain(needle);
  });
});

describe('observability with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: 'scrape-token-4f9a' } });
  });
  afterAll(() => t.close());

  it('answers /metrics from anywhere with the token, and to nobody without it', async () => {
    const remote = { remoteAddress: '203.0.113.20' };
    expect((await t.app.inject({ url: '/metrics', ...remote })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', ...remote, headers: { authorization: 'Bearer scrape-token-4f9b' } });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.app.inject({ url: '/metrics', ...remote, headers: { authorization: 'Bearer scrape-token-4f9a' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
  });
});
