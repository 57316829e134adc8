import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aviationTestApp, type AviationTestApp } from '../aviation/aviation-test-app.js';
import { operationsOf, servedDocument } from './served-document.js';

/**
 * Query strings are strict, as bodies are: a parameter the route does not declare is a 400 naming
 * it, never ignored (`?q=heathrow` used to answer every airport). The pages a browser opens with
 * any address (docs, dashboard, the OpenAPI document) declare `openQuery` and take anything.
 */
let t: AviationTestApp;
beforeAll(async () => {
  t = await aviationTestApp({ synced: true });
});
afterAll(async () => t?.close());

describe('an unknown query parameter', () => {
  it('is 400 `unknown query parameter q` on the airport search, not every airport', async () => {
    const res = await t.get('/v1/aviation/airports?q=heathrow');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      data: null,
      errors: [{ code: 'invalid_request', message: 'unknown query parameter q', field: 'q' }],
    });
  });

  it('leaves the documented search parameter working: `name` finds Heathrow', async () => {
    const res = await t.get('/v1/aviation/airports?name=heathrow&limit=5');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { iata: string | null }) => a.iata)).toContain('LHR');
  });

  it('is named in the plain shape on a commerce route, next to parameters that are fine', async () => {
    const res = await t.app.inject({ url: '/v1/orders?limit=5&limt=5', headers: { 'x-api-key': t.key } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'unknown query parameter limt; did you mean limit?',
      code: 'invalid_request',
      field: 'limt',
    });
  });

  it('is refused by a route that declares no query parameter at all', async () => {
    const health = await t.app.inject({ url: '/v1/health?verbose=1' });
    expect(health.statusCode).toBe(400);
    expect(health.json()).toMatchObject({ error: 'unknown query parameter verbose', code: 'invalid_request' });
    const timezone = await t.get('/v1/aviation/airports/JFK/timezone?tz=utc');
    expect(timezone.status).toBe(400);
    expect(timezone.body.errors[0].message).toBe('unknown query parameter tz');
  });

  it('is refused before the handler runs: nothing is written', async () => {
    const before = (await t.get('/v1/aviation/airports?iata=LHR')).body.data;
    const res = await t.app.inject({ method: 'POST', url: '/v1/subscribe?dry_run=1', payload: { email: 'a@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('unknown query parameter dry_run');
    expect((await t.get('/v1/aviation/airports?iata=LHR')).body.data).toEqual(before);
  });
});

describe('declared parameters keep their coercion', () => {
  it('numbers arrive as numbers and a repeated scalar is refused as before', async () => {
    const page = await t.get('/v1/aviation/airports?limit=2');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    const twice = await t.get('/v1/aviation/airports?limit=2&limit=3');
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].message).toMatch(/^limit /);
  });
});

describe('routes declared openQuery', () => {
  it('take any query string', async () => {
    for (const url of [
      '/?utm_source=x',
      '/docs?utm_source=x',
      '/docs/scalar.js?v=3',
      '/openapi.json?cache=1',
      '/openapi/dashboard.json?cache=1',
      '/openapi/operator.json?cache=1',
      '/docs/errors.md?x=1',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    const dashboard = await t.app.inject({ url: '/dashboard/orders?status=hold&_=1' });
    expect(dashboard.statusCode, dashboard.body.slice(0, 200)).not.toBe(400);
  });
});

describe('the served document', () => {
  it('lists no query parameter for a route that declares none, and each declared one by name', async () => {
    const document = await servedDocument(t.app);
    const health = document.paths['/v1/health']?.get;
    expect(health).toBeDefined();
    expect(health!.parameters ?? []).toEqual([]);
    const airports = document.paths['/v1/aviation/airports']?.get;
    expect((airports?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['iata', 'icao', 'name', 'lat', 'lon', 'radius_km', 'page', 'limit']),
    );
    for (const { name, operation } of operationsOf(document)) {
      for (const p of (operation.parameters ?? []).filter((q) => q.in === 'query'))
        expect(p.name, name).toMatch(/^[a-z][a-z_]*$/i);
    }
  });
});
