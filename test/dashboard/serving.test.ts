import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CSP } from '../../src/dashboard/routes.js';
import { startDashboardGateway, type DashboardGateway } from './dashboard-harness.js';

/** How the gateway serves the built dashboard: same origin, strict CSP, app paths, hashed assets. */
describe('GET /dashboard', () => {
  let g: DashboardGateway;
  beforeAll(async () => {
    g = await startDashboardGateway();
  });
  afterAll(async () => {
    await g?.close();
  });

  it('answers the app with a strict content security policy and no caching of the page', async () => {
    const res = await g.app.inject({ url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    expect(res.headers['content-security-policy']).not.toContain('unsafe');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<div id="root"></div>');
    // Everything comes from this origin: no script or style from another host.
    expect(res.body).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('answers the same page on the app own paths, so a reload or a link to a screen works', async () => {
    const index = (await g.app.inject({ url: '/dashboard' })).body;
    for (const url of ['/dashboard/', '/dashboard/keys', '/dashboard/orders/AA-ord_123', '/dashboard/verify-email?token=x']) {
      const res = await g.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(index);
    }
  });

  it('serves the hashed script and styles the page names, cached for good', async () => {
    const index = (await g.app.inject({ url: '/dashboard' })).body;
    const assets = [...index.matchAll(/(?:src|href)="\/dashboard\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const res = await g.app.inject({ url: `/dashboard/${asset}` });
      expect(res.statusCode, asset).toBe(200);
      expect(res.headers['content-type'], asset).toMatch(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
      expect(res.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers 404 in the plain error shape for an asset that does not exist', async () => {
    const res = await g.app.inject({ url: '/dashboard/assets/missing.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', request_id: expect.any(String) });
  });

  it('never answers a file from outside the bundle, whatever the path spells', async () => {
    for (const url of ['/dashboard/assets/..%2F..%2F..%2Fpackage.json', '/dashboard/assets/%2e%2e/%2e%2e/%2e%2e/package.json']) {
      const res = await g.app.inject({ url });
      expect(res.body, url).not.toContain('"name": "flightagg"');
    }
  });

  it('is not part of the API description', async () => {
    const spec = (await g.app.inject({ url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths).filter((p) => p.startsWith('/dashboard'))).toEqual([]);
  });
});
